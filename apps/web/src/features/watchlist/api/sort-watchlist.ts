import { watchlistRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /web/userSelfSecurity/sort: saves the order chosen on the manage page. */
export function sortWatchlist(ids: string[]): Promise<null> {
  return callApi(watchlistRoutes.sort, { body: { ids }, requestId: 'watchlist-sort' });
}

export function useSortWatchlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sortWatchlist,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.watchlist });
      void client.invalidateQueries({ queryKey: queryKeys.homeCustomList });
    },
  });
}
