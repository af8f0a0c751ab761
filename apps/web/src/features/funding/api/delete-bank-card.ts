import { bankCardRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { bankCardsQueryOptions } from './get-bank-cards.ts';

/** POST /web/UserAccount/delete-card. */
export function deleteBankCard(id: string): Promise<null> {
  return callApi(bankCardRoutes.deleteCard, { body: { id } });
}

export function useDeleteBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBankCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankCardsQueryOptions().queryKey }),
  });
}
