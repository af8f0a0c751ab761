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
  /**
   * Calls `listener` whenever sessions of this user end (logout, password change, freeze), on any process;
   * the socket then checks its own token again. Returns the function that stops it.
   */
  onSessionsEnded?: (userId: string, listener: () => void) => () => void;
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

type Subscription = { lastSentAt: number; pending: Buffer | undefined };
type Client = {
  socket: WebSocket;
  /** The TCP socket under the websocket, written to directly with ready-made quote frames. */
  raw: Socket | undefined;
  subscriptions: Map<string, Subscription>;
  flushTimer: NodeJS.Timeout | undefined;
  isAlive: boolean;
  /** Which of the heartbeat's slices of clients this one is in. */
  heartbeatSlice: number;
  /** Stops the signed-in user's events; the number orders overlapping sign-ins so the last one wins. */
  userEvents: { unsubscribe: () => void; attempt: number };
};

/** The heartbeat's pings go out in this many slices of the clients over each heartbeat interval. */
const HEARTBEAT_SLICES = 10;
/** A server ping frame: FIN + ping opcode, no payload (RFC 6455 §5.5.2). */
const PING_FRAME = Buffer.from([0x89, 0x00]);

/** The header of an unmasked text frame of `length` bytes: FIN + text opcode, then the length (7, 16 or 64 bits). */
function textFrameHeader(length: number): Buffer {
  if (length < 126) return Buffer.from([0x81, length]);
  const header = Buffer.allocUnsafe(length < 65_536 ? 4 : 10);
  header[0] = 0x81;
  if (length < 65_536) {
    header[1] = 126;
    header.writeUInt16BE(length, 2);
  } else {
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return header;
}

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
    frame = Buffer.concat([textFrameHeader(payload.length), payload]);
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
 * Writes a client's quote frames of one pass (a round, a subscription, a conflation timer) to its
 * socket in one write: each frame is a whole websocket message, so several may share a TCP write,
 * and one `write` of their concatenation costs a fraction of corking, writing each and uncorking
 * (the stream machinery per frame was most of the push socket's CPU with thousands of clients).
 */
function sendFrames(client: Client, outgoing: Buffer[]) {
  if (outgoing.length === 0) return;
  const raw = client.raw;
  if (!raw?.writable) {
    for (const frame of outgoing) client.socket.send(payloadOf(frame), { binary: false });
    return;
  }
  raw.write(outgoing.length === 1 ? (outgoing[0] as Buffer) : Buffer.concat(outgoing));
}

/** Only events of the kinds the contract names go to a client, whatever else reaches the bus topic. */
const userEventTypes = new Set(['message', 'order', 'position', 'support']);
function isUserEvent(
  event: unknown,
): event is Extract<PushServerMessage, { type: 'message' | 'order' | 'position' | 'balance' | 'support' }> {
  if (typeof event !== 'object' || event === null) return false;
  const candidate = event as { type?: unknown; data?: { id?: unknown; walletTypes?: unknown } };
  if (candidate.type === 'balance') return Array.isArray(candidate.data?.walletTypes);
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

  /** Whether the client's socket is open and not so far behind that its updates should wait. */
  function canSend(client: Client) {
    return client.socket.readyState === client.socket.OPEN && client.socket.bufferedAmount < BUFFERED_BYTES_MAX;
  }

  function flushPending(client: Client) {
    client.flushTimer = undefined;
    if (client.socket.readyState !== client.socket.OPEN) return;
    const moment = Date.now();
    const isSendable = canSend(client);
    const outgoing: Buffer[] = [];
    let nextDueIn = Number.POSITIVE_INFINITY;
    for (const subscription of client.subscriptions.values()) {
      if (!subscription.pending) continue;
      const dueIn = subscription.lastSentAt + intervalMs - moment;
      if (dueIn <= 0 && isSendable) {
        outgoing.push(subscription.pending);
        subscription.pending = undefined;
        subscription.lastSentAt = moment;
      } else nextDueIn = Math.min(nextDueIn, Math.max(dueIn, 10));
    }
    sendFrames(client, outgoing);
    if (Number.isFinite(nextDueIn)) client.flushTimer = setTimeout(() => flushPending(client), nextDueIn);
  }

  /**
   * Offers a quote to one subscription: into `outgoing` when the instrument's interval has passed
   * (and the client keeps up), otherwise it waits as the subscription's pending quote, the newest
   * replacing an older one, until the client's conflation timer sends it.
   */
  function offer(client: Client, subscription: Subscription, tick: QuoteTick, moment: number, isSendable: boolean, outgoing: Buffer[]) {
    const frame = quoteFrame(tick);
    if (isSendable && moment - subscription.lastSentAt >= intervalMs) {
      outgoing.push(frame);
      subscription.lastSentAt = moment;
      subscription.pending = undefined;
      return;
    }
    subscription.pending = frame;
    if (!client.flushTimer)
      client.flushTimer = setTimeout(() => flushPending(client), Math.max(10, subscription.lastSentAt + intervalMs - moment));
  }

  /**
   * A round of quotes, client by client: each client's quotes of the round go out in one write as
   * soon as they are gathered, so the first clients are served while the pass goes on (a pass over
   * quotes, each to its subscribers, held every socket's bytes until the whole pass had ended).
   */
  function deliverRound(ticks: readonly QuoteTick[]) {
    const roundTicks = new Map<string, QuoteTick>();
    for (const tick of ticks) roundTicks.set(tick.code, tick);
    const moment = Date.now();
    const outgoing: Buffer[] = [];
    for (const client of clients) {
      if (client.subscriptions.size === 0 || client.socket.readyState !== client.socket.OPEN) continue;
      const isSendable = client.socket.bufferedAmount < BUFFERED_BYTES_MAX;
      // Whichever is smaller is walked: the client's subscriptions or the round's quotes.
      if (client.subscriptions.size <= roundTicks.size) {
        for (const [code, subscription] of client.subscriptions) {
          const tick = roundTicks.get(code);
          if (tick) offer(client, subscription, tick, moment, isSendable, outgoing);
        }
      } else {
        for (const tick of ticks) {
          const subscription = client.subscriptions.get(tick.code);
          if (subscription) offer(client, subscription, tick, moment, isSendable, outgoing);
        }
      }
      sendFrames(client, outgoing);
      outgoing.length = 0;
    }
  }
  const unsubscribeRounds = feed.subscribeRounds(deliverRound);

  /**
   * The heartbeat goes to one slice of the clients at a time, each client in the same slice for its
   * whole life, so every client is still pinged once per `heartbeatMs` but 10,000 clients do not all
   * get their ping in the same pass (which held up a round of quotes as long as a round itself takes).
   * A client gets the ping and the heartbeat message in one write; one that did not answer the
   * previous ping is dropped.
   */
  const heartbeatSlices = Math.max(1, Math.min(HEARTBEAT_SLICES, Math.floor(heartbeatMs / 100)));
  let nextSlice = 0;
  let sliceOfNewClient = 0;
  const heartbeat = setInterval(
    () => {
      const slice = nextSlice;
      nextSlice = (nextSlice + 1) % heartbeatSlices;
      const message = Buffer.from(JSON.stringify({ type: 'heartbeat', timestamp: Date.now() } satisfies PushServerMessage));
      const frame = Buffer.concat([PING_FRAME, textFrameHeader(message.length), message]);
      for (const client of clients) {
        if (client.heartbeatSlice !== slice) continue;
        if (!client.isAlive) {
          client.socket.terminate();
          continue;
        }
        client.isAlive = false;
        if (client.raw?.writable) client.raw.write(frame);
        else {
          client.socket.ping();
          send(client, { type: 'heartbeat', timestamp: Date.now() });
        }
      }
    },
    Math.max(1, Math.floor(heartbeatMs / heartbeatSlices)),
  );
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribeRounds();
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
    const stopEvents = source.subscribe(principal.userId, (event) => {
      if (isUserEvent(event)) send(client, event);
    });
    // A session that ends signs its sockets out. Checked after the announcement's other listeners (the
    // session cache drops the user on the same announcement), so the check reads the database.
    const stopWatching = source.onSessionsEnded?.(principal.userId, () => {
      setImmediate(() => void recheck(client, attempt, token ?? ''));
    });
    client.userEvents.unsubscribe = () => {
      stopEvents();
      stopWatching?.();
    };
    send(client, { type: 'authenticated', isSignedIn: true });
  }

  /** Signs the socket out if the token it signed in with no longer opens a live session. */
  async function recheck(client: Client, attempt: number, token: string) {
    const principal = await options.userEvents?.authenticate(token).catch(() => undefined);
    if (principal || attempt !== client.userEvents.attempt) return;
    client.userEvents.unsubscribe();
    client.userEvents.unsubscribe = () => undefined;
    client.userEvents.attempt += 1;
    send(client, { type: 'authenticated', isSignedIn: false });
  }

  app.get('/push', { websocket: true, schema: { hide: true } }, (socket, request) => {
    // Frames can go straight to the TCP socket only when no extension (compression) was negotiated.
    // User events still go through ws's own send: both write whole frames to the same socket in call order.
    const raw = socket.extensions === '' ? request.raw.socket : undefined;
    const client: Client = {
      socket,
      raw,
      subscriptions: new Map(),
      flushTimer: undefined,
      isAlive: true,
      heartbeatSlice: sliceOfNewClient,
      userEvents: { unsubscribe: () => undefined, attempt: 0 },
    };
    sliceOfNewClient = (sliceOfNewClient + 1) % heartbeatSlices;
    clients.add(client);
    socket.on('pong', () => {
      client.isAlive = true;
    });
    socket.on('close', () => {
      clients.delete(client);
      client.userEvents.attempt += 1;
      client.userEvents.unsubscribe();
      if (client.flushTimer) clearTimeout(client.flushTimer);
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
        for (const code of codes) client.subscriptions.delete(code);
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
        if (!client.subscriptions.has(code)) client.subscriptions.set(code, { lastSentAt: 0, pending: undefined });
      }
      send(client, { type: 'subscribed', codes: known, unknown });
      // The latest quote at once, so a screen has a price before the next trade.
      const moment = Date.now();
      const isSendable = canSend(client);
      const outgoing: Buffer[] = [];
      for (const code of known) {
        const tick = feed.latest(code);
        const subscription = client.subscriptions.get(code);
        if (tick && subscription) offer(client, subscription, tick, moment, isSendable, outgoing);
      }
      sendFrames(client, outgoing);
    });
  });

  return { clientCount: () => clients.size };
}
