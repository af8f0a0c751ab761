import type { transferResultSchema, WalletType } from '@bolsa/contracts';
import { transferRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { walletQueryScope } from '../../../lib/query-scopes.ts';

export type TransferResult = output<typeof transferResultSchema>;
export type TransferInput = {
  fromWalletType: WalletType;
  toWalletType: WalletType;
  amount: string;
  quoteId?: string;
  idempotencyKey: string;
};

/** POST /web/wallet/transfer: moves money between two of the user's wallets (with the quote across currencies). */
export function transfer(input: TransferInput): Promise<TransferResult> {
  return callApi(transferRoutes.transfer, { body: input });
}

export function useTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transfer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletQueryScope }),
  });
}
