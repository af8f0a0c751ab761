import type { bankCardSchema } from '@bolsa/contracts';
import { bankCardRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { fundingQueryScope } from '../../../lib/query-scopes.ts';

export type BankCard = output<typeof bankCardSchema>;

/** POST /web/UserAccount/SelectCardNo: the user's saved bank cards, numbers masked by the server. */
export function getBankCards(signal?: AbortSignal): Promise<BankCard[]> {
  return callApi(bankCardRoutes.cards, { body: {}, signal });
}

export const bankCardsQueryOptions = () =>
  queryOptions({
    queryKey: [...fundingQueryScope, 'bank-cards'],
    queryFn: ({ signal }) => getBankCards(signal),
  });

export function useBankCards() {
  return useQuery(bankCardsQueryOptions());
}
