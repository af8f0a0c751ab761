import type { Page, QuoteRow } from '@bolsa/contracts';
import { marketRoutes } from '@bolsa/contracts/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST /web/market/getMaket: instruments of every market whose code or name matches. */
export function searchInstruments(term: string, signal?: AbortSignal): Promise<Page<QuoteRow>> {
  return callApi(marketRoutes.search, { body: { stkcode: term, stkName: term, pageSize: 30 }, signal, requestId: 'search-instruments' });
}

export const searchQueryOptions = (term: string) =>
  queryOptions({
    queryKey: ['search', term],
    queryFn: ({ signal }) => searchInstruments(term, signal),
    enabled: term !== '',
    placeholderData: keepPreviousData,
  });

export function useSearchInstruments(term: string) {
  return useQuery(searchQueryOptions(term));
}
