import { marketApi, type QuoteRow } from '@bolsa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** GET /web/m_ft/global_index: the global indices strip. */
export function getGlobalIndices(signal?: AbortSignal): Promise<QuoteRow[]> {
  return callApi(marketApi.globalIndex, { signal });
}

export const globalIndicesQueryOptions = () =>
  queryOptions({ queryKey: ['global-indices'], queryFn: ({ signal }) => getGlobalIndices(signal) });

export function useGlobalIndices() {
  return useQuery(globalIndicesQueryOptions());
}
