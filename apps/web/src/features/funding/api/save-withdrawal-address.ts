import type { saveAddressBody } from '@bolsa/contracts';
import { bankCardRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { type WithdrawalAddress, withdrawalAddressesQueryOptions } from './get-withdrawal-addresses.ts';

export type SaveWithdrawalAddressInput = output<typeof saveAddressBody>;

/** POST /web/UserAccount/saveWalletAddress: adds an address, or edits it when an id is given. */
export function saveWithdrawalAddress(input: SaveWithdrawalAddressInput): Promise<WithdrawalAddress> {
  return callApi(bankCardRoutes.saveAddress, { body: input, requestId: 'save-address' });
}

export function useSaveWithdrawalAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWithdrawalAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawalAddressesQueryOptions().queryKey }),
  });
}
