import type { watchlistSaveBody } from '@bolsa/contracts';
import { watchlistRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { input } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type SaveToWatchlistInput = input<typeof watchlistSaveBody>;

/** POST /web/userSelfSecurity/save: adds an instrument to the user's watchlist. */
export function saveToWatchlist(body: SaveToWatchlistInput): Promise<{ id: string }> {
  return callApi(watchlistRoutes.save, { body, requestId: `watch-${body.secuCode}` });
}

export function useSaveToWatchlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveToWatchlist,
    onSuccess: (_data, body) => {
      void client.invalidateQueries({ queryKey: queryKeys.watchlist });
      void client.invalidateQueries({ queryKey: queryKeys.homeCustomList });
      void client.invalidateQueries({ queryKey: queryKeys.quoteDetail(body.secuCode) });
    },
  });
}
