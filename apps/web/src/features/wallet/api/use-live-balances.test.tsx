import { focusManager, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import type { BalanceEvent, PushClient } from '../../../lib/push-client.ts';
import { useWallets } from './get-wallets.ts';
import { followLiveBalances } from './use-live-balances.ts';

/** A push client whose balance events and sign-in confirmations the test plays. */
function fakeClient() {
  const balanceListeners = new Set<(event: BalanceEvent) => void>();
  const signedInListeners = new Set<() => void>();
  const client = {
    onBalanceEvent: (listener: (event: BalanceEvent) => void) => {
      balanceListeners.add(listener);
      return () => balanceListeners.delete(listener);
    },
    onSignedIn: (listener: () => void) => {
      signedInListeners.add(listener);
      return () => signedInListeners.delete(listener);
    },
  } as unknown as PushClient;
  return {
    client,
    emit: (walletTypes: string[]) => {
      for (const listener of balanceListeners) listener({ type: 'balance', data: { walletTypes } });
    },
    signIn: () => {
      for (const listener of signedInListeners) listener();
    },
    listenerCount: () => balanceListeners.size + signedInListeners.size,
  };
}

const walletKey = ['wallet', 'all'];
const statementKey = ['wallet', 'bill', 'all', 'all', '', ''];
const depositsKey = ['funding', 'deposits'];
const holdingKey = ['trade', 'holding'];

describe('live balances', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function seededClient() {
    const queryClient = createQueryClient();
    for (const key of [walletKey, statementKey, depositsKey, holdingKey]) queryClient.setQueryData(key, { seeded: true });
    return queryClient;
  }
  const isInvalidated = (queryClient: ReturnType<typeof createQueryClient>, key: string[]) =>
    queryClient.getQueryState(key)?.isInvalidated ?? false;

  it('marks balances, statement and funding records stale on a balance event, once for a burst of events', async () => {
    const queryClient = seededClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const fake = fakeClient();
    const stop = followLiveBalances({ client: fake.client, token: 'token-1', queryClient });

    fake.emit(['BALANCE']);
    fake.emit(['BALANCE', 'STOCK']);
    expect(isInvalidated(queryClient, walletKey)).toBe(false);
    await vi.advanceTimersByTimeAsync(150);

    expect(isInvalidated(queryClient, walletKey)).toBe(true);
    expect(isInvalidated(queryClient, statementKey)).toBe(true);
    expect(isInvalidated(queryClient, depositsKey)).toBe(true);
    expect(isInvalidated(queryClient, holdingKey)).toBe(false);
    expect(invalidate).toHaveBeenCalledTimes(2);

    stop();
    expect(fake.listenerCount()).toBe(0);
  });

  it('refetches after each confirmed sign-in, since events sent while offline were lost', async () => {
    const queryClient = seededClient();
    const fake = fakeClient();
    const stop = followLiveBalances({ client: fake.client, token: 'token-1', queryClient });
    fake.signIn();
    await vi.advanceTimersByTimeAsync(150);
    expect(isInvalidated(queryClient, walletKey)).toBe(true);
    stop();
  });

  it('follows nothing while signed out', () => {
    const fake = fakeClient();
    const stop = followLiveBalances({ client: fake.client, token: null, queryClient: seededClient() });
    expect(fake.listenerCount()).toBe(0);
    stop();
  });
});

describe('wallet reads on focus', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ code: 200, msg: '', data: { wallets: [], totalUsd: '0.00' } }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    focusManager.setFocused(undefined);
  });

  it('reads the balances again when the app regains focus, even within the stale time', async () => {
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useWallets(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    queryClient.clear();
  });
});
