import { bankCardRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { withdrawalAddressesQueryOptions } from './get-withdrawal-addresses.ts';

/** POST /web/UserAccount/deleteWalletAddress. */
export function deleteWithdrawalAddress(id: string): Promise<null> {
  return callApi(bankCardRoutes.deleteAddress, { body: { id } });
}

export function useDeleteWithdrawalAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWithdrawalAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawalAddressesQueryOptions().queryKey }),
  });
}
