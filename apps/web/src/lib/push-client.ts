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
/** An agent answered the signed-in user's support chat (the message's id). */
type SupportEventListener = (messageId: string) => void;

/** Without any message for this long the connection counts as dead (the server beats every 15 s). */
const SILENCE_LIMIT_MS = PUSH_HEARTBEAT_MS * 2 + 5_000;
const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000];
/** After this long without an open connection the user is told and may retry at once. */
const TIMEOUT_AFTER_MS = 10_000;

type Options = { url?: string; createSocket?: (url: string) => WebSocket };

function pushUrl(options: Options): string {
  if (options.url) return options.url;
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${PUSH_PATH}`;
}

function parseMessage(data: unknown): PushServerMessage | undefined {
  try {
    return JSON.parse(String(data)) as PushServerMessage;
  } catch {
    return undefined;
  }
}

type ConnectionHooks = {
  /** The connection is worth keeping (else a dropped one is not reopened). */
  hasInterest: () => boolean;
  /** The socket opened: sign in and subscribe again. */
  onOpen: () => void;
  onMessage: (message: PushServerMessage) => void;
};

/** The socket itself: opening, the silence watch, reconnecting with a growing delay, and the status. */
class PushConnection {
  readonly statusListeners = new Set<() => void>();
  status: PushStatus = 'idle';
  private socket: WebSocket | undefined;
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  private failingSince: number | undefined;

  private readonly options: Options;
  private readonly hooks: ConnectionHooks;

  constructor(options: Options, hooks: ConnectionHooks) {
    this.options = options;
    this.hooks = hooks;
  }

  /** Neither open nor opening nor waiting to reopen. */
  get isIdle(): boolean {
    return !this.socket && !this.reconnectTimer;
  }

  setStatus(next: PushStatus) {
    if (this.status === next) return;
    this.status = next;
    for (const listener of this.statusListeners) listener();
  }

  send(message: unknown) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private watchSilence() {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => this.socket?.close(), SILENCE_LIMIT_MS);
  }

  private scheduleReconnect() {
    if (!this.hooks.hasInterest()) {
      this.setStatus('idle');
      return;
    }
    this.failingSince ??= Date.now();
    // Timed out stays the status (no flicker of the banner) while the slower attempts go on.
    this.setStatus(this.status === 'timed-out' || Date.now() - this.failingSince >= TIMEOUT_AFTER_MS ? 'timed-out' : 'connecting');
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempts, RECONNECT_DELAYS_MS.length - 1)] ?? 8_000;
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  connect() {
    this.reconnectTimer = undefined;
    if (this.socket && this.socket.readyState !== WebSocket.CLOSED) return;
    if (this.status !== 'timed-out') this.setStatus('connecting');
    const url = pushUrl(this.options);
    const current = this.options.createSocket ? this.options.createSocket(url) : new WebSocket(url);
    this.socket = current;
    current.onopen = () => {
      this.attempts = 0;
      this.failingSince = undefined;
      this.setStatus('open');
      this.watchSilence();
      this.hooks.onOpen();
    };
    current.onmessage = (event) => {
      this.watchSilence();
      const message = parseMessage(event.data);
      if (message) this.hooks.onMessage(message);
    };
    current.onclose = () => {
      if (this.silenceTimer) clearTimeout(this.silenceTimer);
      if (this.socket !== current) return;
      this.socket = undefined;
      this.scheduleReconnect();
    };
    current.onerror = () => current.close();
  }

  ensureConnected() {
    if (this.isIdle && this.status !== 'timed-out' && this.hooks.hasInterest()) this.connect();
  }

  /** Connect now, with a fresh timeout. */
  retry() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.attempts = 0;
    this.failingSince = undefined;
    if (this.status === 'timed-out') this.setStatus('connecting');
    // An attempt already under way (a background one) is given up for a fresh one.
    if (this.socket && this.socket.readyState === WebSocket.CONNECTING) {
      const stale = this.socket;
      this.socket = undefined;
      stale.onclose = null;
      stale.close();
    }
    this.connect();
  }

  disconnect() {
    this.socket?.close();
  }
}

/** Adds a quote listener to some codes; answers the codes nobody listened to before. */
function addQuoteListener(quoteListeners: Map<string, Set<QuoteListener>>, codes: readonly string[], listener: QuoteListener): string[] {
  const added: string[] = [];
  for (const code of codes) {
    let set = quoteListeners.get(code);
    if (!set) {
      set = new Set();
      quoteListeners.set(code, set);
      added.push(code);
    }
    set.add(listener);
  }
  return added;
}

/** Removes a quote listener from some codes; answers the codes nobody listens to any more. */
function removeQuoteListener(quoteListeners: Map<string, Set<QuoteListener>>, codes: readonly string[], listener: QuoteListener): string[] {
  const removed: string[] = [];
  for (const code of codes) {
    const set = quoteListeners.get(code);
    set?.delete(listener);
    if (set && set.size === 0) {
      quoteListeners.delete(code);
      removed.push(code);
    }
  }
  return removed;
}

function createListeners() {
  return {
    quotes: new Map<string, Set<QuoteListener>>(),
    userEvents: new Set<UserEventListener>(),
    signedIn: new Set<() => void>(),
    tradingEvents: new Set<TradingEventListener>(),
    balanceEvents: new Set<BalanceEventListener>(),
    supportEvents: new Set<SupportEventListener>(),
  };
}

/** Hands a message from the server to those listening for its kind. */
function dispatch(listeners: ReturnType<typeof createListeners>, message: PushServerMessage) {
  if (message.type === 'message') {
    for (const listener of listeners.userEvents) listener(message.data);
    return;
  }
  if (message.type === 'order' || message.type === 'position') {
    for (const listener of listeners.tradingEvents) listener(message);
    return;
  }
  if (message.type === 'balance') {
    for (const listener of listeners.balanceEvents) listener(message);
    return;
  }
  if (message.type === 'support') {
    for (const listener of listeners.supportEvents) listener(message.data.id);
    return;
  }
  if (message.type === 'authenticated') {
    if (message.isSignedIn) for (const listener of listeners.signedIn) listener();
    return;
  }
  if (message.type !== 'quote') return;
  for (const listener of listeners.quotes.get(message.data.code) ?? []) listener(message.data);
}

export function createPushClient(options: Options = {}) {
  const listeners = createListeners();
  let userToken: string | null = null;
  /** The connection is worth keeping while a screen wants quotes or a signed-in app wants its events. */
  const hasInterest = () =>
    listeners.quotes.size > 0 ||
    (userToken !== null &&
      (listeners.userEvents.size > 0 ||
        listeners.tradingEvents.size > 0 ||
        listeners.balanceEvents.size > 0 ||
        listeners.supportEvents.size > 0));
  const connection = new PushConnection(options, {
    hasInterest,
    onOpen: () => {
      if (userToken !== null) connection.send({ op: 'authenticate', token: userToken });
      if (listeners.quotes.size > 0) connection.send({ op: 'subscribe', codes: [...listeners.quotes.keys()] });
    },
    onMessage: (message) => dispatch(listeners, message),
  });
  /** Adds a listener of the signed-in user's events; answers how to remove it. */
  const listen = <Listener>(set: Set<Listener>, listener: Listener) => {
    set.add(listener);
    connection.ensureConnected();
    return () => set.delete(listener);
  };

  return {
    /** Signs the socket in to this session's events, or out with null (logout); remembered across reconnects. */
    signIn(token: string | null) {
      if (token === userToken) return;
      userToken = token;
      connection.send({ op: 'authenticate', token });
      connection.ensureConnected();
    },
    /** New messages for the signed-in user, as they are created. */
    onUserEvent: (listener: UserEventListener): (() => void) => listen(listeners.userEvents, listener),
    /** Changes to the signed-in user's orders and positions, as they commit (fills by the engine included). */
    onTradingEvent: (listener: TradingEventListener): (() => void) => listen(listeners.tradingEvents, listener),
    /** Movements of the signed-in user's money (deposits, withdrawals, transfers, trades, adjustments), as they commit. */
    onBalanceEvent: (listener: BalanceEventListener): (() => void) => listen(listeners.balanceEvents, listener),
    /** An agent's answer in the user's support chat, as it commits (the chat button's badge and notice). */
    onSupportEvent: (listener: SupportEventListener): (() => void) => listen(listeners.supportEvents, listener),
    /**
     * Each time the server confirms the sign-in (first connection and every reconnect): events sent
     * while the socket was down were lost, so whoever shows messages should fetch them again.
     */
    onSignedIn(listener: () => void): () => void {
      listeners.signedIn.add(listener);
      return () => listeners.signedIn.delete(listener);
    },
    subscribe(codes: readonly string[], listener: QuoteListener): () => void {
      const added = addQuoteListener(listeners.quotes, codes, listener);
      if (connection.isIdle) connection.connect();
      else if (added.length > 0) connection.send({ op: 'subscribe', codes: added });
      return () => {
        const removed = removeQuoteListener(listeners.quotes, codes, listener);
        if (removed.length > 0) connection.send({ op: 'unsubscribe', codes: removed });
      };
    },
    /** Tapping "retry": connect now, with a fresh timeout. */
    retry: () => connection.retry(),
    status: () => connection.status,
    onStatus(listener: () => void) {
      connection.statusListeners.add(listener);
      return () => connection.statusListeners.delete(listener);
    },
    /** Drops the connection as a network failure would (tests). */
    disconnect: () => connection.disconnect(),
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
