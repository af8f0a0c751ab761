import type { WatchlistRow } from '@bolsa/contracts';
import { watchlistRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /web/userSelfSecurity/selectSelfSelectionStocksData: the user's watchlist with quotes. */
export function getWatchlist(signal?: AbortSignal): Promise<WatchlistRow[]> {
  return callApi(watchlistRoutes.list, { signal });
}

export const watchlistQueryOptions = () => queryOptions({ queryKey: queryKeys.watchlist, queryFn: ({ signal }) => getWatchlist(signal) });

export function useWatchlist(isEnabled: boolean) {
  return useQuery({ ...watchlistQueryOptions(), enabled: isEnabled });
}
