import type { UserMessageEvent } from '@bolsa/contracts';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushClient } from '../../../lib/push-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { alertsQueryScope } from '../../../lib/query-scopes.ts';

const toasts: string[] = [];
vi.mock('../../../lib/toast.ts', () => ({ showToast: (text: string) => toasts.push(text) }));
const { followLiveMessages } = await import('./use-live-messages.ts');

/** A push client that records the sign-in and lets the test play the server's events. */
function fakeClient() {
  const userListeners = new Set<(event: UserMessageEvent) => void>();
  const signedInListeners = new Set<() => void>();
  const tokens: Array<string | null> = [];
  const client = {
    signIn: (token: string | null) => tokens.push(token),
    onUserEvent: (listener: (event: UserMessageEvent) => void) => {
      userListeners.add(listener);
      return () => userListeners.delete(listener);
    },
    onSignedIn: (listener: () => void) => {
      signedInListeners.add(listener);
      return () => signedInListeners.delete(listener);
    },
  } as unknown as PushClient;
  return {
    client,
    tokens,
    emit: (event: UserMessageEvent) => {
      for (const listener of userListeners) listener(event);
    },
    confirmSignIn: () => {
      for (const listener of signedInListeners) listener();
    },
    listenerCount: () => userListeners.size,
  };
}

const inbox = (ids: string[]) => ({
  list: ids.map((id) => ({ id, kind: 'system', title: `Título ${id}`, content: '', isRead: false, createTimestamp: 1 })),
  total: ids.length,
  pageNum: 1,
  pageSize: 50,
  hasMore: false,
  unreadCount: ids.length,
});

describe('live messages', () => {
  let fetched: string[][];
  beforeEach(() => {
    toasts.length = 0;
    fetched = [['1']];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: '', data: inbox(fetched.shift() ?? ['1', '2']) }))),
    );
  });

  it('refetches the inbox, names the new message in a toast, and refreshes the KYC state for a verification result', async () => {
    const queryClient = new QueryClient();
    const kycState = vi.fn(async () => ({ status: 'pending' }));
    await queryClient.fetchQuery({ queryKey: queryKeys.kycState, queryFn: kycState });
    fetched = [['2', '1']];
    const fake = fakeClient();
    const stop = followLiveMessages({
      client: fake.client,
      token: 't-1',
      queryClient,
      language: () => 'es',
      t: (key, values) => `${key}:${values?.title ?? ''}`,
    });
    expect(fake.tokens).toEqual(['t-1']);

    fake.emit({ id: '2', template: 'kycVerified' });
    await vi.waitFor(() => expect(toasts).toEqual(['messages.newMessageNamed:Título 2']));
    expect(queryClient.getQueryState(queryKeys.kycState)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData<{ unreadCount: number }>([...queryKeys.messages, 'es'])?.unreadCount).toBe(2);

    stop();
    expect(fake.listenerCount()).toBe(0);
  });

  it('leaves the KYC state alone for other messages, and refetches the inbox and the verification after each reconnect', async () => {
    const queryClient = new QueryClient();
    await queryClient.fetchQuery({ queryKey: queryKeys.kycState, queryFn: async () => ({ status: 'pending' }) });
    const fake = fakeClient();
    followLiveMessages({ client: fake.client, token: 't-1', queryClient, language: () => 'es', t: (key) => key });
    fake.emit({ id: '1', template: 'depositCredited' });
    await vi.waitFor(() => expect(toasts).toHaveLength(1));
    expect(queryClient.getQueryState(queryKeys.kycState)?.isInvalidated).toBe(false);

    await queryClient.fetchQuery({ queryKey: [...queryKeys.messages, 'es'], queryFn: async () => inbox([]) });
    fake.confirmSignIn();
    expect(queryClient.getQueryState([...queryKeys.messages, 'es'])?.isInvalidated).toBe(true);
    // A verification result sent before the sign-in was confirmed is caught up with too.
    expect(queryClient.getQueryState(queryKeys.kycState)?.isInvalidated).toBe(true);
  });

  it('refreshes the price alerts when an alert fired, and leaves them alone for other messages', async () => {
    const queryClient = new QueryClient();
    const alertsKey = [...alertsQueryScope, 'all'];
    await queryClient.fetchQuery({ queryKey: alertsKey, queryFn: async () => ({ armed: [], fired: [], armedMax: 50 }) });
    const fake = fakeClient();
    followLiveMessages({ client: fake.client, token: 't-1', queryClient, language: () => 'es', t: (key) => key });
    fake.emit({ id: '1', template: 'depositCredited' });
    await vi.waitFor(() => expect(toasts).toHaveLength(1));
    expect(queryClient.getQueryState(alertsKey)?.isInvalidated).toBe(false);
    fake.emit({ id: '2', template: 'priceAlertAbove' });
    await vi.waitFor(() => expect(toasts).toHaveLength(2));
    expect(queryClient.getQueryState(alertsKey)?.isInvalidated).toBe(true);
  });

  it("refetches the inbox for support's answer without a toast of its own (the chat button announces it)", async () => {
    const queryClient = new QueryClient();
    await queryClient.fetchQuery({ queryKey: [...queryKeys.messages, 'es'], queryFn: async () => inbox([]) });
    const fake = fakeClient();
    followLiveMessages({
      client: fake.client,
      token: 't-1',
      queryClient,
      language: () => 'es',
      t: (key, values) => `${key}:${values?.title ?? ''}`,
    });
    fetched = [['4', '3']];
    fake.emit({ id: '3', template: 'supportReplied' });
    await vi.waitFor(() => expect(queryClient.getQueryState([...queryKeys.messages, 'es'])?.isInvalidated).toBe(true));
    // The next message is toasted as usual, and it is the only toast.
    fake.emit({ id: '4', template: 'depositCredited' });
    await vi.waitFor(() => expect(toasts).toContain('messages.newMessageNamed:Título 4'));
    expect(toasts).toEqual(['messages.newMessageNamed:Título 4']);
  });

  it('signs the socket out when there is no session', () => {
    const fake = fakeClient();
    followLiveMessages({ client: fake.client, token: null, queryClient: new QueryClient(), language: () => 'es', t: (key) => key });
    expect(fake.tokens).toEqual([null]);
    expect(fake.listenerCount()).toBe(0);
  });
});
