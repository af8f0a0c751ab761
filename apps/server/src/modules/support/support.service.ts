import {
  generalChatLink,
  SUPPORT_HISTORY_MAX,
  type SupportConversation,
  type SupportMessage,
  type SupportSocketServerMessage,
  userChatLink,
} from '@bolsa/contracts';
import type { EventBus } from '../../platform/bus/index.ts';
import { afterCommit, createGroupQueue, type Database, type Executor, inTransaction } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { sha256Hex } from '../../platform/security/index.ts';
import * as repository from './support.repository.ts';

/** Who talks to support: a signed-in user (maybe still holding a visitor's device token), or a visitor's device. */
export type SupportCaller = { userId: number | null; deviceTokenHash: string | null };

/** Every event of one conversation (messages, typing, read receipts, status) goes on its own bus topic. */
export const conversationTopic = (conversationId: number | string) => `support:conversation:${conversationId}`;
/** The console's queue: which conversations changed (created, written in, assigned, closed, rated), never what was said. */
export const supportQueueTopic = 'support:queue';

export type SupportDependencies = {
  db: Database;
  bus: EventBus;
  /** Whether the image at this URL is one of the user's own uploads (the uploads module). */
  isOwnImage: (userId: number, imageUrl: string) => Promise<boolean>;
  /** Tells the signed-in user's screens (the push socket's user topic) that an agent answered. */
  tellUser: (userId: number, messageId: string) => void;
  /** Writes the signed-in user's inbox message "support answered", inside the reply's transaction. */
  notifyUser?: (executor: Executor, userId: number) => Promise<void>;
};

export function callerOf(userId: number | null, deviceToken: string | null | undefined): SupportCaller {
  const deviceTokenHash = deviceToken ? sha256Hex(`support-device:${deviceToken}`) : null;
  if (userId === null && deviceTokenHash === null) throw new AppError('SUPPORT_CALLER_MISSING');
  return { userId, deviceTokenHash };
}

/**
 * The caller's conversation, created on first use. A signed-in user who still holds a visitor's device
 * token takes the visitor's conversation over: it becomes theirs when they had none, or its messages
 * join theirs, so nothing said before signing in is lost.
 */
async function conversationFor(
  executor: Executor,
  caller: SupportCaller,
  language: string,
  onQueueChange: (conversationId: number) => void,
): Promise<repository.ConversationRow> {
  const visitors = caller.deviceTokenHash ? await repository.conversationOfDevice(executor, caller.deviceTokenHash) : undefined;
  const changed = (row: repository.ConversationRow) => {
    onQueueChange(row.id);
    return row;
  };
  if (caller.userId === null) {
    if (visitors) return visitors;
    await repository.createConversation(executor, { deviceTokenHash: caller.deviceTokenHash as string }, language);
    return changed(requireRow(await repository.conversationOfDevice(executor, caller.deviceTokenHash as string)));
  }
  const own = await repository.conversationOfUser(executor, caller.userId);
  if (visitors && !own)
    return changed(await repository.updateConversation(executor, visitors.id, { userId: caller.userId, deviceTokenHash: null }));
  if (visitors && own) {
    await repository.joinConversations(executor, visitors, own);
    onQueueChange(visitors.id);
    return changed(requireRow(await repository.conversationById(executor, own.id)));
  }
  if (own) return own;
  await repository.createConversation(executor, { userId: caller.userId }, language);
  return changed(requireRow(await repository.conversationOfUser(executor, caller.userId)));
}

/** The caller's conversation if there is one (never created): the user's own, or the device's. */
function existingConversationOf(executor: Executor, caller: SupportCaller) {
  return caller.userId !== null
    ? repository.conversationOfUser(executor, caller.userId)
    : repository.conversationOfDevice(executor, caller.deviceTokenHash as string);
}

/** The image of a message in the caller's own conversation (an agent's, or the user's own); not found otherwise. */
async function imageOfCaller(executor: Executor, caller: SupportCaller, messageId: number) {
  const row = await existingConversationOf(executor, caller);
  const imageUrl = row ? await repository.imageOfMessage(executor, row.id, messageId) : null;
  if (!imageUrl) throw new AppError('NOT_FOUND');
  return imageUrl;
}

function requireRow<T>(row: T | undefined): T {
  if (!row) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND');
  return row;
}

async function conversationView(executor: Executor, row: repository.ConversationRow): Promise<SupportConversation> {
  return {
    id: String(row.id),
    wsUrl: row.userId === null ? generalChatLink : userChatLink(row.userId),
    status: row.status,
    messages: await repository.messagesOf(executor, row.id, null, SUPPORT_HISTORY_MAX),
    ...repository.readMarksOf(row),
    unread: await repository.unreadOf(executor, row),
    isRatingAsked: row.isRatingAsked,
    rating: row.rating,
  };
}

/**
 * How many of this process's sockets follow each conversation from the user's side: an agent's answer
 * to a conversation nobody has open goes to the user's inbox too. With several processes a socket on
 * another one is not seen, and the inbox gets the message anyway (more told, never less).
 */
function createPresence() {
  const userSockets = new Map<number, number>();
  return {
    /** A socket opened the conversation; answers the function that says it left (once). */
    enter(conversationId: number) {
      userSockets.set(conversationId, (userSockets.get(conversationId) ?? 0) + 1);
      let isLeft = false;
      return () => {
        if (isLeft) return;
        isLeft = true;
        const left = (userSockets.get(conversationId) ?? 1) - 1;
        if (left > 0) userSockets.set(conversationId, left);
        else userSockets.delete(conversationId);
      };
    },
    isOpen: (conversationId: number) => (userSockets.get(conversationId) ?? 0) > 0,
  };
}

/** The console's queue topic: one event for every conversation a write touched (a group of 256 messages is one event, not 256). */
function queueAnnouncer(bus: EventBus) {
  const announceQueue = (conversationIds: Iterable<number>) => {
    const ids = [...new Set(conversationIds)].map(String);
    if (ids.length > 0) void bus.publish(supportQueueTopic, { type: 'queue', conversationIds: ids } satisfies SupportSocketServerMessage);
  };
  /** After the transaction commits, the conversations it created, joined or opened again. */
  const queueAfterCommit = (tx: Executor) => {
    const ids: number[] = [];
    afterCommit(tx, () => announceQueue(ids));
    return (id: number) => void ids.push(id);
  };
  return { announceQueue, queueAfterCommit };
}

/**
 * Messages sent while earlier ones are being stored go together: one statement and one commit per group
 * (2,000 conversations writing once a second is 2,000 inserts a second on one connection otherwise).
 */
function userMessageWrites(db: Database, announceQueue: (conversationIds: Iterable<number>) => void) {
  return createGroupQueue<repository.UserMessageInput, Awaited<ReturnType<typeof repository.insertUserMessage>>>(
    { maxItems: 256, maxGroupsInFlight: 1 },
    {
      keyOf: (input) => `${input.conversationId}:${input.clientKey}`,
      sendGroup: async (inputs) => {
        const rows = await repository.insertUserMessages(db, inputs);
        announceQueue(inputs.flatMap((input, index) => (rows[index] ? [input.conversationId] : [])));
        return rows;
      },
      sendAlone: async (input) => {
        const row = await repository.insertUserMessage(db, input.conversationId, input);
        if (row) announceQueue([input.conversationId]);
        return row;
      },
    },
  );
}

export type SupportService = ReturnType<typeof createSupportService>;

/** The user's side of the chat: open, resync, send, read receipts, typing, rating. */
export function createSupportService(dependencies: SupportDependencies) {
  const { db, bus } = dependencies;
  const announce = (conversationId: number, event: SupportSocketServerMessage) =>
    void bus.publish(conversationTopic(conversationId), event);
  const { announceQueue, queueAfterCommit } = queueAnnouncer(bus);
  const presence = createPresence();
  const writes = userMessageWrites(db, announceQueue);

  return {
    dependencies,
    announce,
    announceQueue,
    presence,

    /** `POST /userCenter/apply/service`: the caller's conversation with its latest messages. */
    async open(caller: SupportCaller, language: string) {
      return inTransaction(db, async (tx) => conversationView(tx, await conversationFor(tx, caller, language, queueAfterCommit(tx))));
    },

    /** The visitor's conversation for the chat button to listen to; never created here (a device that never wrote has none). */
    async conversationOfDevice(caller: SupportCaller) {
      if (caller.deviceTokenHash === null) throw new AppError('SUPPORT_CALLER_MISSING');
      return requireRow(await repository.conversationOfDevice(db, caller.deviceTokenHash));
    },

    imageOf: (caller: SupportCaller, messageId: number) => imageOfCaller(db, caller, messageId),

    async unread(caller: SupportCaller) {
      const row = await existingConversationOf(db, caller);
      return { unread: row ? await repository.unreadOf(db, row) : 0 };
    },

    async rate(caller: SupportCaller, language: string, rating: number) {
      return inTransaction(db, async (tx) => {
        const row = await conversationFor(tx, caller, language, queueAfterCommit(tx));
        if (!row.isRatingAsked) throw new AppError('SUPPORT_NOT_RATABLE');
        const rated = await repository.updateConversation(tx, row.id, { rating, isRatingAsked: false });
        const message = await repository.insertMessage(tx, {
          conversationId: row.id,
          author: 'system',
          systemEvent: 'rated',
          text: String(rating),
        });
        afterCommit(tx, () => {
          announce(row.id, { type: 'message', message: repository.messageView(message) });
          announce(row.id, { type: 'status', status: rated.status, isRatingAsked: false });
          announceQueue([row.id]);
        });
        return conversationView(tx, rated);
      });
    },

    /** A socket's join: the conversation and every message after the last one the client saw. */
    async join(caller: SupportCaller, language: string, afterId: number | null) {
      return inTransaction(db, async (tx) => {
        const row = await conversationFor(tx, caller, language, queueAfterCommit(tx));
        return { row, messages: await repository.messagesOf(tx, row.id, afterId, SUPPORT_HISTORY_MAX) };
      });
    },

    /** A user's message: stored once per client key, then sent to everyone following the conversation. */
    async send(
      conversationId: number,
      caller: SupportCaller,
      input: { clientKey: string; text?: string | undefined; imageUrl?: string | undefined },
    ): Promise<SupportMessage> {
      const text = input.text ?? null;
      const imageUrl = input.imageUrl ?? null;
      if (text === null && imageUrl === null) throw new AppError('SUPPORT_MESSAGE_EMPTY');
      if (imageUrl !== null && (caller.userId === null || !(await dependencies.isOwnImage(caller.userId, imageUrl)))) {
        throw new AppError('SUPPORT_IMAGE_NOT_FOUND');
      }
      const inserted = await writes.submit({ conversationId, text, imageUrl, clientKey: input.clientKey });
      if (!inserted) return requireRow(await repository.messageByClientKey(db, conversationId, input.clientKey));
      const message: SupportMessage = {
        id: inserted.id,
        author: 'user',
        agentName: null,
        text,
        imageUrl,
        systemEvent: null,
        clientKey: input.clientKey,
        createTimeTimestamp: new Date(inserted.created_at).getTime(),
      };
      announce(conversationId, { type: 'message', message });
      return message;
    },

    /** The user has read up to this message: stored (never backwards, one statement) and shown to the agent. */
    async markRead(conversationId: number, upToId: number) {
      if (!(await repository.advanceUserRead(db, conversationId, upToId))) return;
      announce(conversationId, { type: 'read', author: 'user', upToId: String(upToId) });
    },
  };
}
