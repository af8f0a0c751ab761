import type { SupportMessage, SupportQueueItem } from '@bolsa/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { operators } from '../../platform/operators/index.ts';
import { supportCannedReplies, supportConversations, supportMessages, supportNotes } from './support.tables.ts';

export type ConversationRow = typeof supportConversations.$inferSelect;
type MessageRow = typeof supportMessages.$inferSelect;

/** The part of an operator's email before the @: how agents are named to users beside their verified badge. */
export const agentNameOf = (email: string | null | undefined) => (email ? (email.split('@')[0] ?? email) : null);

export function messageView(row: MessageRow, agentEmail?: string | null): SupportMessage {
  return {
    id: String(row.id),
    author: row.author,
    agentName: row.author === 'agent' ? agentNameOf(agentEmail) : null,
    text: row.text,
    imageUrl: row.imageUrl,
    systemEvent: row.systemEvent,
    clientKey: row.clientKey,
    createTimeTimestamp: row.createdAt.getTime(),
  };
}

/** Where each side has read up to (read receipts), as the wire carries ids. */
export function readMarksOf(row: ConversationRow) {
  return {
    agentReadUpTo: row.agentReadUpTo === null ? null : String(row.agentReadUpTo),
    userReadUpTo: row.userReadUpTo === null ? null : String(row.userReadUpTo),
  };
}

export async function conversationById(executor: Executor, id: number, isLocked = false) {
  const query = executor.select().from(supportConversations).where(eq(supportConversations.id, id));
  return (await (isLocked ? query.for('update') : query))[0];
}

export async function conversationOfUser(executor: Executor, userId: number) {
  return (await executor.select().from(supportConversations).where(eq(supportConversations.userId, userId)).for('update'))[0];
}

export async function conversationOfDevice(executor: Executor, deviceTokenHash: string) {
  return (
    await executor.select().from(supportConversations).where(eq(supportConversations.deviceTokenHash, deviceTokenHash)).for('update')
  )[0];
}

/** Creates the owner's conversation unless one exists (two first calls at once make one). */
export async function createConversation(executor: Executor, owner: { userId: number } | { deviceTokenHash: string }, language: string) {
  await executor
    .insert(supportConversations)
    .values({ ...owner, language })
    .onConflictDoNothing();
}

/** Messages after `afterId` (oldest first), or the latest `limit` ones, with their agents' emails. */
export async function messagesOf(executor: Executor, conversationId: number, afterId: number | null, limit: number) {
  const rows = await executor
    .select({ message: supportMessages, agentEmail: operators.email })
    .from(supportMessages)
    .leftJoin(operators, eq(operators.id, supportMessages.operatorId))
    .where(and(eq(supportMessages.conversationId, conversationId), afterId === null ? undefined : gt(supportMessages.id, afterId)))
    .orderBy(afterId === null ? desc(supportMessages.id) : asc(supportMessages.id))
    .limit(limit);
  const ordered = afterId === null ? rows.toReversed() : rows;
  return ordered.map((row) => messageView(row.message, row.agentEmail));
}

export async function unreadOf(executor: Executor, conversation: ConversationRow) {
  const rows = await executor
    .select({ total: count() })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversation.id),
        eq(supportMessages.author, 'agent'),
        gt(supportMessages.id, conversation.userReadUpTo ?? 0),
      ),
    );
  return rows[0]?.total ?? 0;
}

/**
 * A user's (or visitor's) message and what it changes on its conversation, in one statement: stored
 * once per client key, the conversation opened again, its wait started if nobody was waited for.
 * Answers nothing when the key was used before (the caller then reads the stored message).
 */
export async function insertUserMessage(
  executor: Executor,
  conversationId: number,
  message: { text: string | null; imageUrl: string | null; clientKey: string },
) {
  const result = await executor.execute<{ id: string; created_at: string }>(sql`
    WITH inserted AS (
      INSERT INTO support_messages (conversation_id, author, text, image_url, client_key)
      VALUES (${conversationId}, 'user', ${message.text}, ${message.imageUrl}, ${message.clientKey})
      ON CONFLICT (conversation_id, client_key) DO NOTHING
      RETURNING id, created_at
    ), touched AS (
      UPDATE support_conversations
      SET status = 'open', waiting_since = COALESCE(waiting_since, now()), last_message_at = now(), is_rating_asked = false
      WHERE id = ${conversationId} AND EXISTS (SELECT 1 FROM inserted)
      RETURNING id
    )
    SELECT inserted.id::text AS id, inserted.created_at::text AS created_at FROM inserted, touched`);
  return result.rows[0];
}

export type UserMessageInput = { conversationId: number; text: string | null; imageUrl: string | null; clientKey: string };

/**
 * Users' messages sent at the same moment, stored in one statement (the group queue's `sendGroup`): each
 * as `insertUserMessage` stores it. Answers, per input, its new row, or nothing when its key was used.
 */
export async function insertUserMessages(executor: Executor, inputs: readonly UserMessageInput[]) {
  const result = await executor.execute<{ id: string; conversation_id: string; client_key: string; created_at: string }>(sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${sql.param(inputs.map((input) => input.conversationId))}::bigint[],
        ${sql.param(inputs.map((input) => input.text))}::text[],
        ${sql.param(inputs.map((input) => input.imageUrl))}::text[],
        ${sql.param(inputs.map((input) => input.clientKey))}::text[]
      ) AS item(conversation_id, text, image_url, client_key)
    ), inserted AS (
      INSERT INTO support_messages (conversation_id, author, text, image_url, client_key)
      SELECT conversation_id, 'user', text, image_url, client_key FROM input
      ON CONFLICT (conversation_id, client_key) DO NOTHING
      RETURNING id, conversation_id, client_key, created_at
    ), touched AS (
      UPDATE support_conversations
      SET status = 'open', waiting_since = COALESCE(waiting_since, now()), last_message_at = now(), is_rating_asked = false
      WHERE id IN (SELECT conversation_id FROM inserted)
      RETURNING id
    )
    SELECT id::text AS id, conversation_id::text AS conversation_id, client_key, created_at::text AS created_at FROM inserted`);
  const byKey = new Map(result.rows.map((row) => [`${row.conversation_id}:${row.client_key}`, { id: row.id, created_at: row.created_at }]));
  return inputs.map((input) => byKey.get(`${input.conversationId}:${input.clientKey}`));
}

/** The image of a message in this conversation (null when it has none or is not in it). */
export async function imageOfMessage(executor: Executor, conversationId: number, messageId: number) {
  const rows = await executor
    .select({ imageUrl: supportMessages.imageUrl })
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, conversationId), eq(supportMessages.id, messageId)));
  return rows[0]?.imageUrl ?? null;
}

export async function messageByClientKey(executor: Executor, conversationId: number, clientKey: string) {
  const rows = await executor
    .select({ message: supportMessages, agentEmail: operators.email })
    .from(supportMessages)
    .leftJoin(operators, eq(operators.id, supportMessages.operatorId))
    .where(and(eq(supportMessages.conversationId, conversationId), eq(supportMessages.clientKey, clientKey)));
  const row = rows[0];
  return row ? messageView(row.message, row.agentEmail) : undefined;
}

export async function insertMessage(executor: Executor, values: typeof supportMessages.$inferInsert) {
  const [row] = await executor.insert(supportMessages).values(values).returning();
  if (!row) throw new Error('insert into support_messages returned no row');
  return row;
}

/** Moves a visitor's messages into the user's conversation and deletes the visitor's. */
export async function joinConversations(executor: Executor, from: ConversationRow, into: ConversationRow) {
  await executor.update(supportMessages).set({ conversationId: into.id }).where(eq(supportMessages.conversationId, from.id));
  await executor.update(supportNotes).set({ conversationId: into.id }).where(eq(supportNotes.conversationId, from.id));
  await executor.delete(supportConversations).where(eq(supportConversations.id, from.id));
  const waitingSince = [from.waitingSince, into.waitingSince].filter((moment): moment is Date => moment !== null);
  await executor
    .update(supportConversations)
    .set({
      status: 'open',
      waitingSince: waitingSince.length > 0 ? new Date(Math.min(...waitingSince.map((moment) => moment.getTime()))) : null,
      lastMessageAt: sql`GREATEST(${supportConversations.lastMessageAt}, ${from.lastMessageAt})`,
    })
    .where(eq(supportConversations.id, into.id));
}

/**
 * Moves the user's read mark forward in one statement (never backwards): answers whether it moved, so a
 * read receipt goes out only when something new was read.
 */
export async function advanceUserRead(executor: Executor, conversationId: number, upToId: number) {
  const rows = await executor
    .update(supportConversations)
    .set({ userReadUpTo: upToId })
    .where(
      and(
        eq(supportConversations.id, conversationId),
        sql`(${supportConversations.userReadUpTo} IS NULL OR ${supportConversations.userReadUpTo} < ${upToId})`,
      ),
    )
    .returning({ id: supportConversations.id });
  return rows.length > 0;
}

export async function updateConversation(executor: Executor, id: number, values: Partial<typeof supportConversations.$inferInsert>) {
  const [row] = await executor.update(supportConversations).set(values).where(eq(supportConversations.id, id)).returning();
  if (!row) throw new Error(`support conversation ${id} vanished`);
  return row;
}

/** The console's queue: who waits longest first, then the latest activity. */
export async function queuePage(executor: Executor, filter: { status: 'open' | 'closed' | 'all'; limit: number; offset: number }) {
  const where = filter.status === 'all' ? undefined : eq(supportConversations.status, filter.status);
  const [rows, totals] = await Promise.all([
    executor
      .select()
      .from(supportConversations)
      .where(where)
      .orderBy(
        sql`${supportConversations.waitingSince} ASC NULLS LAST`,
        desc(supportConversations.lastMessageAt),
        desc(supportConversations.id),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    executor.select({ total: count() }).from(supportConversations).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The latest message of each conversation, by conversation id. */
export async function lastMessagesOf(executor: Executor, conversationIds: number[]) {
  if (conversationIds.length === 0) return new Map<number, MessageRow>();
  const rows = await executor
    .selectDistinctOn([supportMessages.conversationId])
    .from(supportMessages)
    .where(and(inArray(supportMessages.conversationId, conversationIds), isNotNull(supportMessages.conversationId)))
    .orderBy(supportMessages.conversationId, desc(supportMessages.id));
  return new Map(rows.map((row) => [row.conversationId, row]));
}

export async function operatorEmailsOf(executor: Executor, operatorIds: number[]) {
  if (operatorIds.length === 0) return new Map<number, string>();
  const rows = await executor
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .where(inArray(operators.id, operatorIds));
  return new Map(rows.map((row) => [row.id, row.email]));
}

export function queueItemView(
  row: ConversationRow,
  extras: { userEmail: string | null; assignedOperatorEmail: string | null; lastMessage: MessageRow | undefined },
): SupportQueueItem {
  return {
    id: String(row.id),
    userId: row.userId === null ? null : String(row.userId),
    userEmail: extras.userEmail,
    status: row.status,
    language: row.language,
    assignedOperatorId: row.assignedOperatorId === null ? null : String(row.assignedOperatorId),
    assignedOperatorEmail: extras.assignedOperatorEmail,
    waitingSinceTimestamp: row.waitingSince?.getTime() ?? null,
    lastMessageText: extras.lastMessage?.text ?? null,
    lastMessageTimestamp: extras.lastMessage?.createdAt.getTime() ?? null,
    rating: row.rating,
  };
}

export async function notesOf(executor: Executor, conversationId: number) {
  return executor
    .select({ id: supportNotes.id, text: supportNotes.text, createdAt: supportNotes.createdAt, operatorEmail: operators.email })
    .from(supportNotes)
    .innerJoin(operators, eq(operators.id, supportNotes.operatorId))
    .where(eq(supportNotes.conversationId, conversationId))
    .orderBy(asc(supportNotes.id));
}

export async function insertNote(executor: Executor, values: typeof supportNotes.$inferInsert) {
  const [row] = await executor.insert(supportNotes).values(values).returning();
  if (!row) throw new Error('insert into support_notes returned no row');
  return row;
}

export async function cannedReplies(executor: Executor) {
  return executor.select().from(supportCannedReplies).orderBy(asc(supportCannedReplies.language), asc(supportCannedReplies.title));
}

export async function saveCannedReply(
  executor: Executor,
  values: { id?: number | undefined; language: string; title: string; text: string },
) {
  if (values.id === undefined) {
    const [row] = await executor
      .insert(supportCannedReplies)
      .values({ language: values.language, title: values.title, text: values.text })
      .onConflictDoUpdate({
        target: [supportCannedReplies.language, supportCannedReplies.title],
        set: { text: values.text, updatedAt: new Date() },
      })
      .returning();
    return row;
  }
  const [row] = await executor
    .update(supportCannedReplies)
    .set({ language: values.language, title: values.title, text: values.text, updatedAt: new Date() })
    .where(eq(supportCannedReplies.id, values.id))
    .returning();
  return row;
}
