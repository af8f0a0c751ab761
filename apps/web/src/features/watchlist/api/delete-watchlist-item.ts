import { watchlistRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /web/userSelfSecurity/delete/{id}: removes one row of the user's watchlist. */
export function deleteWatchlistItem(id: string): Promise<null> {
  return callApi(watchlistRoutes.delete, { params: { id }, body: {} });
}

export function useDeleteWatchlistItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWatchlistItem,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.watchlist });
      void client.invalidateQueries({ queryKey: queryKeys.homeCustomList });
    },
  });
}
