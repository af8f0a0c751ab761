import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type PushClient, pushClient } from '../../../lib/push-client.ts';
import { tradeQueryScope, walletQueryScope } from '../../../lib/query-scopes.ts';
import { useToken } from '../../../lib/session-store.ts';

/** A fill arrives as two events (its order and its position): refetch once for both. */
const COALESCE_MS = 50;

/**
 * Follows a signed-in user's order and position changes over the push socket: every trade list on
 * screen (holding, closed, entrusted, history, a quote page's positions) and the wallets are fetched
 * again, so a limit order filled by the engine appears without a reload. The toast of such a fill is
 * its "Order filled" message, which live messages already show on any screen. Exported apart from the
 * hook so a test can drive it with a fake client.
 */
export function followLiveTrading(options: { client: PushClient; token: string | null; queryClient: QueryClient }): () => void {
  const { client, token, queryClient } = options;
  if (!token) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refresh = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void queryClient.invalidateQueries({ queryKey: tradeQueryScope });
      void queryClient.invalidateQueries({ queryKey: walletQueryScope });
    }, COALESCE_MS);
  };
  const stopEvents = client.onTradingEvent(refresh);
  // Changes made while the socket was down were not pushed: each (re)confirmed sign-in refetches.
  const stopSignedIn = client.onSignedIn(refresh);
  return () => {
    if (timer) clearTimeout(timer);
    stopEvents();
    stopSignedIn();
  };
}

/** Mounted once by the app shell, beside live messages (which signs the socket in). */
export function useLiveTrading() {
  const token = useToken();
  const queryClient = useQueryClient();
  useEffect(() => followLiveTrading({ client: pushClient(), token, queryClient }), [token, queryClient]);
}
