import type { addCardBody, updateCardBody } from '@bolsa/contracts';
import { bankCardRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { type BankCard, bankCardsQueryOptions } from './get-bank-cards.ts';

export type AddBankCardInput = output<typeof addCardBody>;
export type UpdateBankCardInput = output<typeof updateCardBody>;

/** POST /web/UserAccount/addCardNo, or /web/UserAccount/UpdateCardNo when the card has an id. */
export function saveBankCard(input: AddBankCardInput | UpdateBankCardInput): Promise<BankCard> {
  if ('id' in input) return callApi(bankCardRoutes.updateCard, { body: input, requestId: 'save-bank-card' });
  return callApi(bankCardRoutes.addCard, { body: input, requestId: 'save-bank-card' });
}

export function useSaveBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBankCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankCardsQueryOptions().queryKey }),
  });
}
