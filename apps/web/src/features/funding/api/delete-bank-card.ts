import { fundingApi } from '@bolsa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { bankCardsQueryOptions } from './get-bank-cards.ts';

/** POST /web/UserAccount/delete-card. */
export function deleteBankCard(id: string): Promise<null> {
  return apiRequest<null>(fundingApi.deleteCard.path, { method: 'POST', body: { id } });
}

export function useDeleteBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBankCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankCardsQueryOptions().queryKey }),
  });
}
