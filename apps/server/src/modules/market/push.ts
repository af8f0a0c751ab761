import type { Socket } from 'node:net';
import { PUSH_HEARTBEAT_MS, type PushServerMessage, pushClientMessageSchema, type QuoteTick } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { translate } from '../../platform/i18n/index.ts';
import type { MarketFeed } from './feed-types.ts';
import type { Catalog } from './instruments.ts';

/**
 * The user's own events (new messages) for a signed-in socket. The composition root builds it from
 * the auth module and the bus, so this module needs neither the messages module nor its topics.
 */
export type UserEventSource = {
  authenticate: (token: string) => Promise<{ userId: string } | undefined>;
  /** Calls `listener` with each event for this user (and for everyone); returns the function that stops it. */
  subscribe: (userId: string, listener: (event: unknown) => void) => () => void;
};

export type PushOptions = {
  /** At most this many quote updates per instrument per second to one client; later ones are conflated. */
  updatesPerSecondMax: number;
  heartbeatMs?: number;
  userEvents?: UserEventSource;
};

const SUBSCRIPTIONS_PER_CLIENT_MAX = 200;
/** A client whose socket holds more than this unsent is slow: its updates wait (conflated) instead of piling up. */
const BUFFERED_BYTES_MAX = 512 * 1024;

type Subscription = { unsubscribe: () => void; lastSentAt: number; pending: Buffer | undefined };
type Client = {
  socket: WebSocket;
  /** The TCP socket under the websocket, written to directly with ready-made quote frames. */
  raw: Socket | undefined;
  isCorked: boolean;
  subscriptions: Map<string, Subscription>;
  flushTimer: NodeJS.Timeout | undefined;
  isAlive: boolean;
  /** Stops the signed-in user's events; the number orders overlapping sign-ins so the last one wins. */
  userEvents: { unsubscribe: () => void; attempt: number };
};

/**
 * One websocket frame per tick, built once and written as is to every client that receives it:
 * serialising and framing the same quote for each of thousands of clients was the push socket's main
 * cost. A server frame is unmasked: FIN + text opcode, the payload length (7 bits, or 126 + 16 bits,
 * or 127 + 64 bits), then the payload. Valid only without a negotiated extension (compression is off).
 */
const frames = new WeakMap<QuoteTick, Buffer>();
export function quoteFrame(tick: QuoteTick): Buffer {
  let frame = frames.get(tick);
  if (!frame) {
    const payload = Buffer.from(JSON.stringify({ type: 'quote', data: tick } satisfies PushServerMessage));
    const headerLength = payload.length < 126 ? 2 : payload.length < 65_536 ? 4 : 10;
    frame = Buffer.allocUnsafe(headerLength + payload.length);
    frame[0] = 0x81;
    if (headerLength === 2) frame[1] = payload.length;
    else if (headerLength === 4) {
      frame[1] = 126;
      frame.writeUInt16BE(payload.length, 2);
    } else {
      frame[1] = 127;
      frame.writeBigUInt64BE(BigInt(payload.length), 2);
    }
    payload.copy(frame, headerLength);
    frames.set(tick, frame);
  }
  return frame;
}

/** The payload of a quote frame, for the rare client whose socket cannot take frames directly. */
function payloadOf(frame: Buffer): Buffer {
  const headerLength = frame[1] === 126 ? 4 : frame[1] === 127 ? 10 : 2;
  return frame.subarray(headerLength);
}

/**
 * Writes a quote frame to a client. The quotes of one round reach a client in one synchronous pass,
 * so the socket is corked at the first and uncorked after the pass: one system call per client per
 * round instead of one per quote.
 */
function sendFrame(client: Client, frame: Buffer) {
  const raw = client.raw;
  if (!raw?.writable) {
    client.socket.send(payloadOf(frame), { binary: false });
    return;
  }
  if (!client.isCorked) {
    client.isCorked = true;
    raw.cork();
    queueMicrotask(() => {
      client.isCorked = false;
      raw.uncork();
    });
  }
  raw.write(frame);
}

/** Only events of the kinds the contract names go to a client, whatever else reaches the bus topic. */
const userEventTypes = new Set(['message', 'order', 'position']);
function isUserEvent(event: unknown): event is Extract<PushServerMessage, { type: 'message' | 'order' | 'position' }> {
  if (typeof event !== 'object' || event === null) return false;
  const candidate = event as { type?: unknown; data?: { id?: unknown } };
  return typeof candidate.type === 'string' && userEventTypes.has(candidate.type) && typeof candidate.data?.id === 'string';
}

function send(client: Client, message: PushServerMessage) {
  if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
}

/**
 * The push socket at /web/push: a client subscribes to instruments and receives their quotes, at
 * most `updatesPerSecondMax` per instrument per second (the newest one wins in between), plus a
 * heartbeat; a client that stops answering pings is dropped. Quotes come from this process's feed,
 * which follows the bus, so a client on any server process gets the same quotes.
 */
export async function registerPushRoute(app: FastifyInstance, feed: MarketFeed, catalog: Catalog, options: PushOptions) {
  const intervalMs = Math.max(1, Math.floor(1000 / options.updatesPerSecondMax));
  const heartbeatMs = options.heartbeatMs ?? PUSH_HEARTBEAT_MS;
  const clients = new Set<Client>();

  function flushPending(client: Client) {
    client.flushTimer = undefined;
    const moment = Date.now();
    let nextDueIn = Number.POSITIVE_INFINITY;
    for (const subscription of client.subscriptions.values()) {
      if (!subscription.pending) continue;
      const dueIn = subscription.lastSentAt + intervalMs - moment;
      if (dueIn <= 0 && client.socket.bufferedAmount < BUFFERED_BYTES_MAX) {
        sendFrame(client, subscription.pending);
        subscription.pending = undefined;
        subscription.lastSentAt = moment;
      } else nextDueIn = Math.min(nextDueIn, Math.max(dueIn, 10));
    }
    if (Number.isFinite(nextDueIn)) client.flushTimer = setTimeout(() => flushPending(client), nextDueIn);
  }

  function deliver(client: Client, subscription: Subscription, tick: QuoteTick) {
    if (client.socket.readyState !== client.socket.OPEN) return;
    const message = quoteFrame(tick);
    const moment = Date.now();
    if (moment - subscription.lastSentAt >= intervalMs && client.socket.bufferedAmount < BUFFERED_BYTES_MAX) {
      sendFrame(client, message);
      subscription.lastSentAt = moment;
      subscription.pending = undefined;
      return;
    }
    subscription.pending = message;
    if (!client.flushTimer)
      client.flushTimer = setTimeout(() => flushPending(client), Math.max(10, subscription.lastSentAt + intervalMs - moment));
  }

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.isAlive) {
        client.socket.terminate();
        continue;
      }
      client.isAlive = false;
      client.socket.ping();
      send(client, { type: 'heartbeat', timestamp: Date.now() });
    }
  }, heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const client of clients) client.socket.terminate();
  });

  /** Follows the events of the token's user only, replacing whatever this socket followed before. */
  async function signIn(client: Client, token: string | null) {
    client.userEvents.unsubscribe();
    client.userEvents.unsubscribe = () => undefined;
    client.userEvents.attempt += 1;
    const attempt = client.userEvents.attempt;
    const source = options.userEvents;
    const principal = token && source ? await source.authenticate(token).catch(() => undefined) : undefined;
    // A newer sign-in (or the socket closing) while this one was checking the token supersedes it.
    if (attempt !== client.userEvents.attempt) return;
    if (!principal || !source) {
      send(client, { type: 'authenticated', isSignedIn: false });
      return;
    }
    client.userEvents.unsubscribe = source.subscribe(principal.userId, (event) => {
      if (isUserEvent(event)) send(client, event);
    });
    send(client, { type: 'authenticated', isSignedIn: true });
  }

  app.get('/push', { websocket: true, schema: { hide: true } }, (socket, request) => {
    // Frames can go straight to the TCP socket only when no extension (compression) was negotiated.
    // User events still go through ws's own send: both write whole frames to the same socket in call order.
    const raw = socket.extensions === '' ? request.raw.socket : undefined;
    const client: Client = {
      socket,
      raw,
      isCorked: false,
      subscriptions: new Map(),
      flushTimer: undefined,
      isAlive: true,
      userEvents: { unsubscribe: () => undefined, attempt: 0 },
    };
    clients.add(client);
    socket.on('pong', () => {
      client.isAlive = true;
    });
    socket.on('close', () => {
      clients.delete(client);
      client.userEvents.attempt += 1;
      client.userEvents.unsubscribe();
      if (client.flushTimer) clearTimeout(client.flushTimer);
      for (const subscription of client.subscriptions.values()) subscription.unsubscribe();
      client.subscriptions.clear();
    });
    socket.on('message', (raw) => {
      client.isAlive = true;
      let parsed: ReturnType<typeof pushClientMessageSchema.safeParse>;
      try {
        parsed = pushClientMessageSchema.safeParse(JSON.parse(String(raw)));
      } catch {
        send(client, { type: 'error', message: translate(request.locale, 'errors.MALFORMED_REQUEST') });
        return;
      }
      if (!parsed.success) {
        send(client, { type: 'error', message: translate(request.locale, 'errors.MALFORMED_REQUEST') });
        return;
      }
      const message = parsed.data;
      if (message.op === 'ping') {
        send(client, { type: 'pong', timestamp: Date.now() });
        return;
      }
      if (message.op === 'authenticate') {
        void signIn(client, message.token);
        return;
      }
      const codes = [...new Set(message.codes.map((code) => code.trim().toUpperCase()))];
      if (message.op === 'unsubscribe') {
        for (const code of codes) {
          client.subscriptions.get(code)?.unsubscribe();
          client.subscriptions.delete(code);
        }
        send(client, { type: 'unsubscribed', codes });
        return;
      }
      const known: string[] = [];
      const unknown: string[] = [];
      for (const code of codes) {
        if (!catalog.byCode.has(code) || (!client.subscriptions.has(code) && client.subscriptions.size >= SUBSCRIPTIONS_PER_CLIENT_MAX)) {
          unknown.push(code);
          continue;
        }
        known.push(code);
        if (client.subscriptions.has(code)) continue;
        const subscription: Subscription = { unsubscribe: () => undefined, lastSentAt: 0, pending: undefined };
        subscription.unsubscribe = feed.subscribe(code, (tick) => deliver(client, subscription, tick));
        client.subscriptions.set(code, subscription);
      }
      send(client, { type: 'subscribed', codes: known, unknown });
      // The latest quote at once, so a screen has a price before the next trade.
      for (const code of known) {
        const tick = feed.latest(code);
        const subscription = client.subscriptions.get(code);
        if (tick && subscription) deliver(client, subscription, tick);
      }
    });
  });

  return { clientCount: () => clients.size };
}
