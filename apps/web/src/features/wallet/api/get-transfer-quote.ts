import type { transferQuoteSchema, WalletType } from '@bolsa/contracts';
import { transferRoutes } from '@bolsa/contracts/routes';
import { useMutation } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type TransferQuote = output<typeof transferQuoteSchema>;
export type TransferQuoteInput = { fromWalletType: WalletType; toWalletType: WalletType; amount: string };

/** POST /web/wallet/transferQuote: the rate and amount received for a transfer across currencies, held 30 s. */
export function getTransferQuote(input: TransferQuoteInput): Promise<TransferQuote> {
  return callApi(transferRoutes.transferQuote, { body: input, requestId: 'transfer-quote' });
}

export function useTransferQuote() {
  return useMutation({ mutationFn: getTransferQuote });
}
