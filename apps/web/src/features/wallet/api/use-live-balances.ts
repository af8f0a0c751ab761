import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type PushClient, pushClient } from '../../../lib/push-client.ts';
import { fundingQueryScope, walletQueryScope } from '../../../lib/query-scopes.ts';
import { useToken } from '../../../lib/session-store.ts';

/** Several movements close together (a transfer's two sides, an operator's batch): refetch once for all. */
const COALESCE_MS = 100;

/**
 * Follows a signed-in user's `balance` events over the push socket: whenever their money moves (a
 * deposit credited, a withdrawal paid or refused, a transfer, a trade's margin or fee, an adjustment),
 * every wallet read on screen (balances, overview and total assets, statement) and the deposit and
 * withdrawal records are fetched again, without a reload. Events sent while the socket was down are
 * lost, so each (re)confirmed sign-in refetches too. Exported apart from the hook so a test can drive it
 * with a fake client.
 */
export function followLiveBalances(options: { client: PushClient; token: string | null; queryClient: QueryClient }): () => void {
  const { client, token, queryClient } = options;
  if (!token) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refresh = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void queryClient.invalidateQueries({ queryKey: walletQueryScope });
      void queryClient.invalidateQueries({ queryKey: fundingQueryScope });
    }, COALESCE_MS);
  };
  const stopEvents = client.onBalanceEvent(refresh);
  const stopSignedIn = client.onSignedIn(refresh);
  return () => {
    if (timer) clearTimeout(timer);
    stopEvents();
    stopSignedIn();
  };
}

/** Mounted once by the app shell, beside live messages (which signs the socket in) and live trading. */
export function useLiveBalances() {
  const token = useToken();
  const queryClient = useQueryClient();
  useEffect(() => followLiveBalances({ client: pushClient(), token, queryClient }), [token, queryClient]);
}
