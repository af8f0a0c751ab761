import { watchlistRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /web/userSelfSecurity/deleteByStockCode/{stockCode}: the watch toggle's "remove". */
export function removeFromWatchlist(code: string): Promise<null> {
  return callApi(watchlistRoutes.deleteByStockCode, { params: { stockCode: code }, body: {}, requestId: `watch-${code}` });
}

export function useRemoveFromWatchlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeFromWatchlist,
    onSuccess: (_data, code) => {
      void client.invalidateQueries({ queryKey: queryKeys.watchlist });
      void client.invalidateQueries({ queryKey: queryKeys.homeCustomList });
      void client.invalidateQueries({ queryKey: queryKeys.quoteDetail(code) });
    },
  });
}
