import {
  type Locale,
  roleHasPermission,
  type SupportSocketClientMessage,
  type SupportSocketServerMessage,
  supportSocketClientMessageSchema,
} from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { EventBus } from '../../platform/bus/index.ts';
import { AppError, type OperatorPrincipal } from '../../platform/http/index.ts';
import { translate } from '../../platform/i18n/index.ts';
import * as repository from './support.repository.ts';
import { callerOf, conversationTopic, type SupportCaller, type SupportService, supportQueueTopic } from './support.service.ts';

export type SupportSocketOptions = {
  service: SupportService;
  bus: EventBus;
  authenticateUser: (token: string) => Promise<{ userId: string } | undefined>;
  authenticateOperator: (token: string) => Promise<OperatorPrincipal | undefined>;
  heartbeatMs?: number;
};

/** One socket: which conversation it follows and as whom (the user's side, or an agent's console). */
type Connection = {
  socket: WebSocket;
  locale: Locale;
  side: 'user' | 'agent' | undefined;
  caller: SupportCaller | undefined;
  conversationId: number | undefined;
  stop: () => void;
  /** Stops following the console's queue (a socket may follow the queue and one conversation). */
  stopQueue: () => void;
  isAlive: boolean;
};

/** An event goes to both sides of its conversation (and every device): serialised once, sent as is to each. */
const serialised = new WeakMap<object, string>();
function send(connection: Connection, message: SupportSocketServerMessage) {
  if (connection.socket.readyState !== connection.socket.OPEN) return;
  let text = serialised.get(message);
  if (text === undefined) {
    text = JSON.stringify(message);
    serialised.set(message, text);
  }
  connection.socket.send(text);
}

function sendError(connection: Connection, error: unknown) {
  const key = error instanceof AppError ? `errors.${error.result}` : 'errors.MALFORMED_REQUEST';
  send(connection, { type: 'error', message: translate(connection.locale, key) });
}

/**
 * Follows a conversation's topic. Events that arrive while the join reads the stored messages wait,
 * and go out after the `joined` answer, less those it already carried: nothing is lost between the
 * read and the subscription, nothing is sent twice.
 */
async function follow(
  connection: Connection,
  bus: EventBus,
  conversationId: number,
  read: () => Promise<Omit<Extract<SupportSocketServerMessage, { type: 'joined' }>, 'type'>>,
) {
  connection.stop();
  const waiting: SupportSocketServerMessage[] = [];
  let isReady = false;
  const stop = bus.subscribe(conversationTopic(conversationId), (payload) => {
    const event = payload as SupportSocketServerMessage;
    if (isReady) send(connection, event);
    else waiting.push(event);
  });
  connection.stop = stop;
  connection.conversationId = conversationId;
  const joined = await read();
  send(connection, { type: 'joined', ...joined });
  const lastId = Number(joined.messages.at(-1)?.id ?? 0);
  for (const event of waiting) if (event.type !== 'message' || Number(event.message.id) > lastId) send(connection, event);
  isReady = true;
}

async function handle(connection: Connection, message: SupportSocketClientMessage, options: SupportSocketOptions) {
  const { service, bus } = options;
  if (message.op === 'ping') return send(connection, { type: 'pong', timestamp: Date.now() });
  if (message.op === 'join') {
    const principal = message.token ? await options.authenticateUser(message.token) : undefined;
    if (message.token && !principal) throw new AppError('UNAUTHORIZED');
    const caller = callerOf(principal ? Number(principal.userId) : null, message.deviceToken);
    const { row, messages } = await service.join(caller, connection.locale, message.afterId === null ? null : Number(message.afterId));
    Object.assign(connection, { side: 'user', caller });
    await follow(connection, bus, row.id, async () => ({
      conversationId: String(row.id),
      messages,
      ...repository.readMarksOf(row),
      status: row.status,
      isRatingAsked: row.isRatingAsked,
    }));
    // The chat is open on this socket: an agent's answer needs no inbox message while it is.
    const unfollow = connection.stop;
    const leave = service.presence.enter(row.id);
    connection.stop = () => {
      unfollow();
      leave();
    };
    return;
  }
  if (message.op === 'listen') return listen(connection, message.deviceToken, options);
  if (message.op === 'watch') return watch(connection, message, options);
  if (message.op === 'watchQueue') return watchQueue(connection, message.operatorToken, options);
  const conversationId = connection.conversationId;
  if (conversationId === undefined || connection.side === undefined) throw new AppError('SUPPORT_CALLER_MISSING');
  if (message.op === 'typing') return void bus.publish(conversationTopic(conversationId), { type: 'typing', author: connection.side });
  if (connection.side !== 'user' || !connection.caller) throw new AppError('FORBIDDEN');
  if (message.op === 'send') return void (await service.send(conversationId, connection.caller, message));
  return service.markRead(conversationId, Number(message.upToId));
}

/**
 * A visitor's chat button, the chat closed: hears the agents' answers of the device's conversation and
 * nothing else (no typing, no receipts, no history), so its badge counts up live. It sends nothing.
 */
async function listen(connection: Connection, deviceToken: string, options: SupportSocketOptions) {
  const row = await options.service.conversationOfDevice(callerOf(null, deviceToken));
  connection.stop();
  Object.assign(connection, { side: undefined, caller: undefined, conversationId: undefined });
  connection.stop = options.bus.subscribe(conversationTopic(row.id), (payload) => {
    const event = payload as SupportSocketServerMessage;
    if (event.type === 'message' && event.message.author === 'agent') send(connection, event);
  });
  send(connection, {
    type: 'joined',
    conversationId: String(row.id),
    messages: [],
    ...repository.readMarksOf(row),
    status: row.status,
    isRatingAsked: row.isRatingAsked,
  });
}

async function requireAgent(operatorToken: string, options: SupportSocketOptions) {
  const operator = await options.authenticateOperator(operatorToken);
  if (!operator) throw new AppError('UNAUTHORIZED');
  if (!roleHasPermission(operator.role, 'support.chat')) throw new AppError('OPERATOR_FORBIDDEN');
  return operator;
}

/** The console's queue: told which conversations changed, and reads the page again itself (only ids travel). */
async function watchQueue(connection: Connection, operatorToken: string, options: SupportSocketOptions) {
  await requireAgent(operatorToken, options);
  connection.stopQueue();
  connection.stopQueue = options.bus.subscribe(supportQueueTopic, (payload) => send(connection, payload as SupportSocketServerMessage));
  send(connection, { type: 'queue', conversationIds: [] });
}

/** An agent's console follows one conversation: an operator session whose role answers support chats. */
async function watch(connection: Connection, message: Extract<SupportSocketClientMessage, { op: 'watch' }>, options: SupportSocketOptions) {
  await requireAgent(message.operatorToken, options);
  const conversationId = Number(message.conversationId);
  const { db } = options.service.dependencies;
  const row = await repository.conversationById(db, conversationId);
  if (!row) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND');
  Object.assign(connection, { side: 'agent', caller: undefined });
  await follow(connection, options.bus, conversationId, async () => ({
    conversationId: String(conversationId),
    messages: await repository.messagesOf(db, conversationId, message.afterId === null ? null : Number(message.afterId), 200),
    ...repository.readMarksOf(row),
    status: row.status,
    isRatingAsked: row.isRatingAsked,
  }));
}

/**
 * The support socket at /web/support/socket (`supportSocketPath`): a user or visitor joins their own
 * conversation, an agent's console watches one; every message, typing signal, read receipt and status
 * change of the conversation comes over its bus topic, so both sides may be on different processes.
 * Messages are stored before they are announced: a client that reconnects joins again with the last
 * id it saw and receives what it missed.
 */
export function registerSupportSocket(app: FastifyInstance, options: SupportSocketOptions) {
  const connections = new Set<Connection>();
  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.isAlive) connection.socket.terminate();
      else {
        connection.isAlive = false;
        connection.socket.ping();
      }
    }
  }, options.heartbeatMs ?? 30_000);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const connection of connections) connection.socket.terminate();
  });

  app.get('/support/socket', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const connection: Connection = {
      socket,
      locale: request.locale,
      side: undefined,
      caller: undefined,
      conversationId: undefined,
      stop: () => undefined,
      stopQueue: () => undefined,
      isAlive: true,
    };
    connections.add(connection);
    socket.on('pong', () => {
      connection.isAlive = true;
    });
    socket.on('close', () => {
      connections.delete(connection);
      connection.stop();
      connection.stopQueue();
    });
    // One message at a time per socket, in the order sent: a join finishes before the send after it.
    let queue = Promise.resolve();
    socket.on('message', (raw) => {
      connection.isAlive = true;
      queue = queue.then(async () => {
        let parsed: ReturnType<typeof supportSocketClientMessageSchema.safeParse>;
        try {
          parsed = supportSocketClientMessageSchema.safeParse(JSON.parse(String(raw)));
        } catch {
          return sendError(connection, undefined);
        }
        if (!parsed.success) return sendError(connection, undefined);
        await handle(connection, parsed.data, options).catch((error: unknown) => {
          if (!(error instanceof AppError)) request.log.error({ err: error }, 'support socket message failed');
          sendError(connection, error);
        });
      });
    });
  });
  return { connectionCount: () => connections.size };
}
