import { PUSH_HEARTBEAT_MS, PUSH_PATH, type PushServerMessage, type QuoteTick, type UserMessageEvent } from '@bolsa/contracts';
import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The one push-socket connection of the app (`/web/push`, same host). Screens subscribe to codes;
 * the connection opens on the first subscription, resubscribes everything after a reconnect, and
 * reconnects by itself with a growing delay. When it cannot connect for a while its status becomes
 * "timed out" and the screen offers a retry (spec §8: "connection timed out (tap to retry)"); it
 * still tries every few seconds meanwhile, so prices come back by themselves once the server does.
 * A signed-in app also signs the socket in (`authenticate` with the session token) to receive its
 * user's new messages; the connection then stays open while signed in, even without quotes.
 */

export type PushStatus = 'idle' | 'connecting' | 'open' | 'timed-out';
type QuoteListener = (tick: QuoteTick) => void;
type UserEventListener = (event: UserMessageEvent) => void;
/** A change to one of the signed-in user's orders or positions (ids and states only). */
export type TradingEvent = Extract<PushServerMessage, { type: 'order' | 'position' }>;
type TradingEventListener = (event: TradingEvent) => void;
/** Money moved on some of the signed-in user's wallets (which ones, no amounts). */
export type BalanceEvent = Extract<PushServerMessage, { type: 'balance' }>;
type BalanceEventListener = (event: BalanceEvent) => void;

/** Without any message for this long the connection counts as dead (the server beats every 15 s). */
const SILENCE_LIMIT_MS = PUSH_HEARTBEAT_MS * 2 + 5_000;
const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000];
/** After this long without an open connection the user is told and may retry at once. */
const TIMEOUT_AFTER_MS = 10_000;

type Options = { url?: string; createSocket?: (url: string) => WebSocket };

export function createPushClient(options: Options = {}) {
  const listeners = new Map<string, Set<QuoteListener>>();
  const statusListeners = new Set<() => void>();
  const userEventListeners = new Set<UserEventListener>();
  const signedInListeners = new Set<() => void>();
  const tradingEventListeners = new Set<TradingEventListener>();
  const balanceEventListeners = new Set<BalanceEventListener>();
  let userToken: string | null = null;
  let socket: WebSocket | undefined;
  let status: PushStatus = 'idle';
  let attempts = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let failingSince: number | undefined;

  const url = () => {
    if (options.url) return options.url;
    const { protocol, host } = window.location;
    return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${PUSH_PATH}`;
  };

  function setStatus(next: PushStatus) {
    if (status === next) return;
    status = next;
    for (const listener of statusListeners) listener();
  }

  /** The connection is worth keeping while a screen wants quotes or a signed-in app wants its events. */
  const hasInterest = () =>
    listeners.size > 0 ||
    (userToken !== null && (userEventListeners.size > 0 || tradingEventListeners.size > 0 || balanceEventListeners.size > 0));

  function send(message: unknown) {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function watchSilence() {
    if (silenceTimer) clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => socket?.close(), SILENCE_LIMIT_MS);
  }

  function scheduleReconnect() {
    if (!hasInterest()) {
      setStatus('idle');
      return;
    }
    failingSince ??= Date.now();
    // Timed out stays the status (no flicker of the banner) while the slower attempts go on.
    setStatus(status === 'timed-out' || Date.now() - failingSince >= TIMEOUT_AFTER_MS ? 'timed-out' : 'connecting');
    const delay = RECONNECT_DELAYS_MS[Math.min(attempts, RECONNECT_DELAYS_MS.length - 1)] ?? 8_000;
    attempts += 1;
    reconnectTimer = setTimeout(connect, delay);
  }

  function connect() {
    reconnectTimer = undefined;
    if (socket && socket.readyState !== WebSocket.CLOSED) return;
    if (status !== 'timed-out') setStatus('connecting');
    const current = options.createSocket ? options.createSocket(url()) : new WebSocket(url());
    socket = current;
    current.onopen = () => {
      attempts = 0;
      failingSince = undefined;
      setStatus('open');
      watchSilence();
      if (userToken !== null) send({ op: 'authenticate', token: userToken });
      if (listeners.size > 0) send({ op: 'subscribe', codes: [...listeners.keys()] });
    };
    current.onmessage = (event) => {
      watchSilence();
      let message: PushServerMessage;
      try {
        message = JSON.parse(String(event.data)) as PushServerMessage;
      } catch {
        return;
      }
      if (message.type === 'message') {
        for (const listener of userEventListeners) listener(message.data);
        return;
      }
      if (message.type === 'order' || message.type === 'position') {
        for (const listener of tradingEventListeners) listener(message);
        return;
      }
      if (message.type === 'balance') {
        for (const listener of balanceEventListeners) listener(message);
        return;
      }
      if (message.type === 'authenticated') {
        if (message.isSignedIn) for (const listener of signedInListeners) listener();
        return;
      }
      if (message.type !== 'quote') return;
      for (const listener of listeners.get(message.data.code) ?? []) listener(message.data);
    };
    current.onclose = () => {
      if (silenceTimer) clearTimeout(silenceTimer);
      if (socket !== current) return;
      socket = undefined;
      scheduleReconnect();
    };
    current.onerror = () => current.close();
  }

  function ensureConnected() {
    if (!socket && !reconnectTimer && status !== 'timed-out' && hasInterest()) connect();
  }

  return {
    /** Signs the socket in to this session's events, or out with null (logout); remembered across reconnects. */
    signIn(token: string | null) {
      if (token === userToken) return;
      userToken = token;
      send({ op: 'authenticate', token });
      ensureConnected();
    },
    /** New messages for the signed-in user, as they are created. */
    onUserEvent(listener: UserEventListener): () => void {
      userEventListeners.add(listener);
      ensureConnected();
      return () => userEventListeners.delete(listener);
    },
    /** Changes to the signed-in user's orders and positions, as they commit (fills by the engine included). */
    onTradingEvent(listener: TradingEventListener): () => void {
      tradingEventListeners.add(listener);
      ensureConnected();
      return () => tradingEventListeners.delete(listener);
    },
    /** Movements of the signed-in user's money (deposits, withdrawals, transfers, trades, adjustments), as they commit. */
    onBalanceEvent(listener: BalanceEventListener): () => void {
      balanceEventListeners.add(listener);
      ensureConnected();
      return () => balanceEventListeners.delete(listener);
    },
    /**
     * Each time the server confirms the sign-in (first connection and every reconnect): events sent
     * while the socket was down were lost, so whoever shows messages should fetch them again.
     */
    onSignedIn(listener: () => void): () => void {
      signedInListeners.add(listener);
      return () => signedInListeners.delete(listener);
    },
    subscribe(codes: readonly string[], listener: QuoteListener): () => void {
      const added: string[] = [];
      for (const code of codes) {
        let set = listeners.get(code);
        if (!set) {
          set = new Set();
          listeners.set(code, set);
          added.push(code);
        }
        set.add(listener);
      }
      if (!socket && !reconnectTimer) connect();
      else if (added.length > 0) send({ op: 'subscribe', codes: added });
      return () => {
        const removed: string[] = [];
        for (const code of codes) {
          const set = listeners.get(code);
          set?.delete(listener);
          if (set && set.size === 0) {
            listeners.delete(code);
            removed.push(code);
          }
        }
        if (removed.length > 0) send({ op: 'unsubscribe', codes: removed });
      };
    },
    /** Tapping "retry": connect now, with a fresh timeout. */
    retry() {
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      attempts = 0;
      failingSince = undefined;
      if (status === 'timed-out') setStatus('connecting');
      // An attempt already under way (a background one) is given up for a fresh one.
      if (socket && socket.readyState === WebSocket.CONNECTING) {
        const stale = socket;
        socket = undefined;
        stale.onclose = null;
        stale.close();
      }
      connect();
    },
    status: () => status,
    onStatus(listener: () => void) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    /** Drops the connection as a network failure would (tests). */
    disconnect() {
      socket?.close();
    },
  };
}

export type PushClient = ReturnType<typeof createPushClient>;

let shared: PushClient | undefined;
export function pushClient(): PushClient {
  shared ??= createPushClient();
  return shared;
}

/** Live quotes of some codes, newest per code; re-renders at most on each quote received. */
export function useLiveQuotes(codes: readonly string[]): Map<string, QuoteTick> {
  const [quotes, setQuotes] = useState(() => new Map<string, QuoteTick>());
  const key = [...new Set(codes)].sort().join(',');
  useEffect(() => {
    if (key === '') return;
    return pushClient().subscribe(key.split(','), (tick) => {
      setQuotes((previous) => {
        const next = new Map(previous);
        next.set(tick.code, tick);
        return next;
      });
    });
  }, [key]);
  return quotes;
}

export function usePushStatus(): PushStatus {
  const client = pushClient();
  return useSyncExternalStore(
    (listener) => client.onStatus(listener),
    () => client.status(),
    () => 'idle' as const,
  );
}
