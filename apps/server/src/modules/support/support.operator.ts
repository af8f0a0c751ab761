import { randomUUID } from 'node:crypto';
import {
  operatorSupportApi,
  operatorSupportImagePath,
  pageInfo,
  paymentRiskOf,
  SUPPORT_HISTORY_MAX,
  type SupportContext,
} from '@bolsa/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { afterCommit, type Executor } from '../../platform/db/index.ts';
import { AppError, type OperatorPrincipal, operatorRoute, sendError, successBody } from '../../platform/http/index.ts';
import { type AuditMeta, createAudited, requirePermission } from '../../platform/operators/index.ts';
import * as repository from './support.repository.ts';
import type { SupportService } from './support.service.ts';

export type SupportOperationsDependencies = {
  /** The user beside the chat, read through the other modules' public surfaces. */
  contextOf: (userId: number) => Promise<SupportContext>;
  /** On the caller's executor: inside a transaction the embedded database has no second connection to wait for. */
  userEmailsOf: (executor: Executor, userIds: number[]) => Promise<Map<number, string>>;
  /** Stores an image an agent sends (the uploads module, as the operator's); answers its URL. */
  storeImage: (operatorId: number, bytes: Uint8Array) => Promise<{ url: string }>;
  /** Where a held reply is reported (it writes nothing: a refusal). */
  warn: (details: object, message: string) => void;
};

async function queueItemsOf(
  executor: Executor,
  rows: repository.ConversationRow[],
  userEmailsOf: SupportOperationsDependencies['userEmailsOf'],
) {
  const ids = rows.map((row) => row.id);
  // One after another: the executor may be a transaction's one connection.
  const lastMessages = await repository.lastMessagesOf(executor, ids);
  const operatorEmails = await repository.operatorEmailsOf(executor, [
    ...new Set(rows.flatMap((row) => (row.assignedOperatorId === null ? [] : [row.assignedOperatorId]))),
  ]);
  const userEmails = await userEmailsOf(
    executor,
    rows.flatMap((row) => (row.userId === null ? [] : [row.userId])),
  );
  return rows.map((row) =>
    repository.queueItemView(row, {
      userEmail: row.userId === null ? null : (userEmails.get(row.userId) ?? null),
      assignedOperatorEmail: row.assignedOperatorId === null ? null : (operatorEmails.get(row.assignedOperatorId) ?? null),
      lastMessage: lastMessages.get(row.id),
    }),
  );
}

export type SupportOperations = ReturnType<typeof createSupportOperations>;

/** The agent console: queue, a conversation with its user's context, assignment, replies, notes, closing, canned replies. */
export function createSupportOperations(support: SupportService, dependencies: SupportOperationsDependencies) {
  const { db, tellUser, notifyUser } = support.dependencies;
  const audited = createAudited(db);
  const { announce, announceQueue, presence } = support;
  const requireConversation = async (executor: Executor, id: number) => {
    const row = await repository.conversationById(executor, id, true);
    if (!row) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND');
    return row;
  };
  const itemOf = async (executor: Executor, row: repository.ConversationRow) =>
    (await queueItemsOf(executor, [row], dependencies.userEmailsOf))[0];
  const target = (id: number) => ({ type: 'support_conversation', id });
  const tools = { audited, requireConversation, itemOf, target, announce, announceQueue, tellUser, notifyUser, presence, db };

  return {
    async queue(operator: OperatorPrincipal, query: { status: 'open' | 'closed' | 'all'; pageNum: number; pageSize: number }) {
      requirePermission(operator, 'support.chat');
      const page = await repository.queuePage(db, {
        status: query.status,
        limit: query.pageSize,
        offset: (query.pageNum - 1) * query.pageSize,
      });
      return { list: await queueItemsOf(db, page.rows, dependencies.userEmailsOf), ...pageInfo(page.total, query.pageNum, query.pageSize) };
    },

    async detail(operator: OperatorPrincipal, id: number) {
      requirePermission(operator, 'support.chat');
      const row = await requireConversation(db, id);
      const [conversation, messages, notes, context] = await Promise.all([
        itemOf(db, row),
        repository.messagesOf(db, id, null, SUPPORT_HISTORY_MAX),
        repository.notesOf(db, id),
        row.userId === null ? null : dependencies.contextOf(row.userId),
      ]);
      return {
        conversation: conversation as NonNullable<typeof conversation>,
        messages,
        notes: notes.map((note) => ({
          id: String(note.id),
          operatorEmail: note.operatorEmail,
          text: note.text,
          createTimeTimestamp: note.createdAt.getTime(),
        })),
        ...repository.readMarksOf(row),
        context,
      };
    },

    async assign(operator: OperatorPrincipal, meta: AuditMeta, id: number) {
      requirePermission(operator, 'support.chat');
      return audited(operator, meta, 'support.assign', target(id), async (tx) => {
        const row = await requireConversation(tx, id);
        const assigned = await repository.updateConversation(tx, row.id, { assignedOperatorId: operator.operatorId });
        afterCommit(tx, () => announceQueue([row.id]));
        return {
          result: (await itemOf(tx, assigned)) as NonNullable<Awaited<ReturnType<typeof itemOf>>>,
          after: { assignedOperatorId: operator.operatorId },
        };
      });
    },

    ...agentWrites(dependencies, tools),

    async cannedReplies(operator: OperatorPrincipal) {
      requirePermission(operator, 'support.chat');
      return (await repository.cannedReplies(db)).map(cannedView);
    },

    async saveCannedReply(
      operator: OperatorPrincipal,
      meta: AuditMeta,
      input: { id?: string | undefined; language: string; title: string; text: string },
    ) {
      requirePermission(operator, 'support.replies');
      const id = input.id === undefined ? undefined : Number(input.id);
      return audited(operator, meta, 'support.cannedReply.save', { type: 'support_canned_reply', id: id ?? 'new' }, async (tx) => {
        const row = await repository.saveCannedReply(tx, { ...input, id });
        if (!row) throw new AppError('SUPPORT_CANNED_REPLY_NOT_FOUND');
        return { result: cannedView(row), after: cannedView(row) };
      });
    },
  };
}

function cannedView(row: { id: number; language: string; title: string; text: string }) {
  return { id: String(row.id), language: row.language as 'es', title: row.title, text: row.text };
}

type WriteTools = {
  audited: ReturnType<typeof createAudited>;
  requireConversation: (executor: Executor, id: number) => Promise<repository.ConversationRow>;
  itemOf: (executor: Executor, row: repository.ConversationRow) => Promise<ReturnType<typeof repository.queueItemView> | undefined>;
  target: (id: number) => { type: string; id: number };
  announce: SupportService['announce'];
  announceQueue: SupportService['announceQueue'];
  tellUser: (userId: number, messageId: string) => void;
  notifyUser: SupportService['dependencies']['notifyUser'];
  presence: SupportService['presence'];
  db: Executor;
};

function agentMessageWriter(tools: WriteTools) {
  const { audited, requireConversation, target, announce, announceQueue, tellUser, notifyUser, presence } = tools;
  /** An agent's message (text or image), audited: the conversation answered, the user told live, and by inbox when the chat is closed. */
  return async function writeAgentMessage(
    operator: OperatorPrincipal,
    meta: AuditMeta,
    id: number,
    input: { text: string | null; imageUrl: string | null; clientKey: string },
  ) {
    return audited(operator, meta, 'support.reply', target(id), async (tx) => {
      const row = await requireConversation(tx, id);
      // The chat is closed on every screen and this is the first answer the user has not read: one inbox
      // message says support answered (the next answers before the user reads add none).
      if (row.userId !== null && notifyUser && !presence.isOpen(id) && (await repository.unreadOf(tx, row)) === 0) {
        await notifyUser(tx, row.userId);
      }
      const inserted = await repository.insertMessage(tx, {
        conversationId: id,
        author: 'agent',
        operatorId: operator.operatorId,
        text: input.text,
        imageUrl: input.imageUrl,
        clientKey: input.clientKey,
      });
      await repository.updateConversation(tx, id, {
        status: 'open',
        waitingSince: null,
        lastMessageAt: inserted.createdAt,
        assignedOperatorId: row.assignedOperatorId ?? operator.operatorId,
        // The agent who answers has read everything before the answer, which is the newest message.
        agentReadUpTo: inserted.id,
      });
      const message = (await repository.messagesOf(tx, id, inserted.id - 1, 1))[0];
      if (!message) throw new Error('the reply just written is missing');
      afterCommit(tx, () => {
        announce(id, { type: 'message', message });
        announceQueue([id]);
        if (row.userId !== null) tellUser(row.userId, message.id);
      });
      return { result: message, after: { messageId: message.id, hasImage: input.imageUrl !== null } };
    });
  };
}

/** What an agent writes into a conversation: replies (checked for payment wording first), notes, read receipts, closing. */
function agentWrites(dependencies: SupportOperationsDependencies, tools: WriteTools) {
  const { audited, requireConversation, itemOf, target, announce, announceQueue, db } = tools;
  const writeAgentMessage = agentMessageWriter(tools);

  return {
    async reply(operator: OperatorPrincipal, meta: AuditMeta, id: number, input: { text: string; clientKey: string }) {
      requirePermission(operator, 'support.chat');
      const risks = paymentRiskOf(input.text);
      if (risks.length > 0) {
        dependencies.warn(
          { operatorId: operator.operatorId, conversationId: id, risks },
          'support reply held back: payment details or wording',
        );
        throw new AppError('SUPPORT_REPLY_HELD');
      }
      return writeAgentMessage(operator, meta, id, { text: input.text, imageUrl: null, clientKey: input.clientKey });
    },

    /** An image the agent sends (stored through the uploads module as the operator's), served to the conversation's user only. */
    async replyImage(operator: OperatorPrincipal, meta: AuditMeta, id: number, bytes: Uint8Array) {
      requirePermission(operator, 'support.chat');
      await requireConversation(db, id);
      const { url } = await dependencies.storeImage(operator.operatorId, bytes);
      return writeAgentMessage(operator, meta, id, { text: null, imageUrl: url, clientKey: `image-${randomUUID()}` });
    },

    async note(operator: OperatorPrincipal, meta: AuditMeta, id: number, input: { text: string }) {
      requirePermission(operator, 'support.chat');
      return audited(operator, meta, 'support.note', target(id), async (tx) => {
        await requireConversation(tx, id);
        const note = await repository.insertNote(tx, { conversationId: id, operatorId: operator.operatorId, text: input.text });
        const email = (await repository.operatorEmailsOf(tx, [operator.operatorId])).get(operator.operatorId) ?? '';
        const view = { id: String(note.id), operatorEmail: email, text: note.text, createTimeTimestamp: note.createdAt.getTime() };
        return { result: view, after: { noteId: view.id } };
      });
    },

    async read(operator: OperatorPrincipal, meta: AuditMeta, id: number, input: { upToId: string }) {
      requirePermission(operator, 'support.chat');
      return audited(operator, meta, 'support.read', target(id), async (tx) => {
        const row = await requireConversation(tx, id);
        const upToId = Math.max(row.agentReadUpTo ?? 0, Number(input.upToId));
        await repository.updateConversation(tx, id, { agentReadUpTo: upToId });
        afterCommit(tx, () => announce(id, { type: 'read', author: 'agent', upToId: String(upToId) }));
        return { result: { agentReadUpTo: String(upToId) }, after: { agentReadUpTo: upToId } };
      });
    },

    async close(operator: OperatorPrincipal, meta: AuditMeta, id: number) {
      requirePermission(operator, 'support.chat');
      return audited(operator, meta, 'support.close', target(id), async (tx) => {
        await requireConversation(tx, id);
        const closed = await repository.updateConversation(tx, id, {
          status: 'closed',
          waitingSince: null,
          isRatingAsked: true,
          rating: null,
        });
        const system = await repository.insertMessage(tx, { conversationId: id, author: 'system', systemEvent: 'closed' });
        afterCommit(tx, () => {
          announce(id, { type: 'message', message: repository.messageView(system) });
          announce(id, { type: 'status', status: 'closed', isRatingAsked: true });
          announceQueue([id]);
        });
        const item = await itemOf(tx, closed);
        if (!item) throw new Error('the closed conversation is missing');
        return { result: item, after: { status: 'closed' } };
      });
    },
  };
}

/** POST /admin/api/support/conversations/{id}/image (multipart field `file`): an agent's image into the chat. */
async function registerImageRoute(app: FastifyInstance, operations: SupportOperations, sizeMaxBytes: number) {
  // Multipart parsing in a context of its own, as the uploads module does, so no other route pays for it.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: sizeMaxBytes, files: 1, fields: 5, parts: 6 } });
    scope.post(
      operatorSupportImagePath,
      {
        onRequest: scope.authenticateOperator,
        config: { permission: 'support.chat' },
        schema: {
          summary: 'Send the user an image (re-encoded, stored as the operator’s)',
          tags: ['support'],
          consumes: ['multipart/form-data'],
        },
      },
      async (request, reply) => {
        if (!request.operator) throw new AppError('UNAUTHORIZED');
        const id = Number((request.params as { id: string }).id);
        if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND');
        if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING');
        const part = await request.file();
        if (part?.fieldname !== 'file') throw new AppError('UPLOAD_MISSING');
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            return sendError(reply, 'UPLOAD_TOO_LARGE', { limit: Math.round(sizeMaxBytes / (1024 * 1024)) });
          throw error;
        }
        const message = await operations.replyImage(request.operator, { ipAddress: request.ip }, id, bytes);
        return successBody(message, request.locale);
      },
    );
  });
}

export async function registerSupportOperatorRoutes(
  app: FastifyInstance,
  operations: SupportOperations,
  options: { sizeMaxBytes: number },
) {
  const tags = ['support'];
  const metaOf = (request: { ip: string }) => ({ ipAddress: request.ip });
  await registerImageRoute(app, operations, options.sizeMaxBytes);
  operatorRoute(app, operatorSupportApi.queue, { summary: 'Support conversations, longest waiting first', tags }, ({ operator, query }) =>
    operations.queue(operator, query),
  );
  operatorRoute(
    app,
    operatorSupportApi.detail,
    { summary: 'A conversation with its notes and its user beside it', tags },
    ({ operator, params }) => operations.detail(operator, params.id),
  );
  operatorRoute(app, operatorSupportApi.assign, { summary: 'Take a conversation', tags }, ({ operator, params, request }) =>
    operations.assign(operator, metaOf(request), params.id),
  );
  operatorRoute(app, operatorSupportApi.reply, { summary: 'Answer the user (held back if it names payment details)', tags }, (context) =>
    operations.reply(context.operator, metaOf(context.request), context.params.id, context.body),
  );
  operatorRoute(app, operatorSupportApi.note, { summary: 'An internal note, never shown to the user', tags }, (context) =>
    operations.note(context.operator, metaOf(context.request), context.params.id, context.body),
  );
  operatorRoute(app, operatorSupportApi.read, { summary: 'The agent read up to a message (read receipt)', tags }, (context) =>
    operations.read(context.operator, metaOf(context.request), context.params.id, context.body),
  );
  operatorRoute(app, operatorSupportApi.close, { summary: 'Close and ask the user for a rating', tags }, ({ operator, params, request }) =>
    operations.close(operator, metaOf(request), params.id),
  );
  operatorRoute(app, operatorSupportApi.cannedReplies, { summary: 'Canned replies per language', tags }, ({ operator }) =>
    operations.cannedReplies(operator),
  );
  operatorRoute(app, operatorSupportApi.saveCannedReply, { summary: 'Add or edit a canned reply', tags }, ({ operator, body, request }) =>
    operations.saveCannedReply(operator, metaOf(request), body),
  );
}
