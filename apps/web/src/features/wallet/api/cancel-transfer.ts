import { transferRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { walletQueryScope } from '../../../lib/query-scopes.ts';
import type { TransferResult } from './transfer.ts';

/** POST /web/wallet/cancelTransfer: withdraws a conversion still waiting for the FX market to open. */
export function cancelTransfer(transferId: string): Promise<TransferResult> {
  return callApi(transferRoutes.cancelTransfer, { body: { transferId } });
}

export function useCancelTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTransfer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletQueryScope }),
  });
}
