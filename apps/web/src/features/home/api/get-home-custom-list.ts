import type { QuoteRow } from '@bolsa/contracts';
import { marketRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /web/m_ft/home_custom_list: the user's watchlist, or featured instruments without one. */
export function getHomeCustomList(signal?: AbortSignal): Promise<QuoteRow[]> {
  return callApi(marketRoutes.homeCustomList, { signal });
}

export const homeCustomListQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.homeCustomList, queryFn: ({ signal }) => getHomeCustomList(signal) });

export function useHomeCustomList() {
  return useQuery(homeCustomListQueryOptions());
}
