import type { QuoteRow } from '@bolsa/contracts';
import { marketRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** GET /web/m_ft/global_index: the global indices strip. */
export function getGlobalIndices(signal?: AbortSignal): Promise<QuoteRow[]> {
  return callApi(marketRoutes.globalIndex, { signal });
}

export const globalIndicesQueryOptions = () =>
  queryOptions({ queryKey: ['global-indices'], queryFn: ({ signal }) => getGlobalIndices(signal) });

export function useGlobalIndices() {
  return useQuery(globalIndicesQueryOptions());
}
