import type { Depth } from '@bolsa/contracts';
import { marketRoutes } from '@bolsa/contracts/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** GET /web/m_ft/depth: five levels a side (simulated behind the feed's best) and the recent trades. */
export function getDepth(code: string, market: string | undefined, signal?: AbortSignal): Promise<Depth> {
  return callApi(marketRoutes.depth, { query: { stockCode: code, market }, signal });
}

export const depthQueryOptions = (code: string, market: string | undefined) =>
  queryOptions({
    queryKey: ['depth', code, market],
    queryFn: ({ signal }) => getDepth(code, market, signal),
    staleTime: 1_000,
    placeholderData: keepPreviousData,
  });

export function useDepth(code: string, market: string | undefined) {
  return useQuery(depthQueryOptions(code, market));
}
