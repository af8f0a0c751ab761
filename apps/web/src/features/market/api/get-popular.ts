import type { Popular } from '@bolsa/contracts';
import { popularRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** GET /web/m_ft/popular: today's most traded and the most watched instruments on this platform. */
export function getPopular(signal?: AbortSignal): Promise<Popular> {
  return callApi(popularRoutes.popular, { signal });
}

export const popularQueryOptions = () =>
  queryOptions({ queryKey: ['popular'], queryFn: ({ signal }) => getPopular(signal), staleTime: 30_000 });

export function usePopular() {
  return useQuery(popularQueryOptions());
}
