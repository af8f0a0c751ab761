import { type Locale, type Message, type MessageTemplate, pageInfo, type UserMessageEvent } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import type { EventBus } from '../../platform/bus/index.ts';
import { afterCommit, type Database, type Executor } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import { translate } from '../../platform/i18n/index.ts';
import { everyoneEventsTopic, type Notice, userEventsTopic } from '../../platform/notifications.ts';
import type { AuthService } from '../auth/index.ts';
import { messages } from './messages.tables.ts';

type MessageRow = {
  id: string;
  kind: 'system' | 'operator';
  template: string | null;
  values: Record<string, string> | null;
  title: string | null;
  content: string | null;
  created_at: Date | string;
  is_read: boolean;
};

/** A message as its reader sees it: system messages rendered in the reader's language. */
function viewOf(row: MessageRow, locale: Locale): Message {
  const isTemplated = row.kind === 'system' && row.template;
  return {
    id: row.id,
    kind: row.kind,
    title: isTemplated ? translate(locale, `messages.${row.template}Title`, row.values ?? {}) : (row.title ?? ''),
    content: isTemplated ? translate(locale, `messages.${row.template}Body`, row.values ?? {}) : (row.content ?? ''),
    isRead: row.is_read,
    createTimestamp: new Date(row.created_at).getTime(),
  };
}

type Reader = { userId: number; registeredAt: Date };

/** Messages visible to a reader: their own, and those to everyone sent since they registered. */
const visibleTo = (reader: Reader) =>
  sql`(m.user_id = ${reader.userId} OR (m.user_id IS NULL AND m.created_at >= ${reader.registeredAt.toISOString()}))`;

async function hasTemplate(executor: Executor, userId: number, template: MessageTemplate): Promise<boolean> {
  const result = await executor.execute<{ found: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM messages WHERE user_id = ${userId} AND kind = 'system' AND template = ${template}) AS found`,
  );
  return result.rows[0]?.found === true;
}

export type MessagesService = ReturnType<typeof createMessagesService>;

export function createMessagesService(dependencies: {
  db: Database;
  auth: AuthService;
  /** Where a new message is announced for live delivery (the push socket); absent in tests that need no delivery. */
  bus?: EventBus;
  logger?: { warn: (object: object, message: string) => void };
}) {
  const { db, auth, bus, logger } = dependencies;

  /**
   * Announces a message once its transaction has committed, so the app that fetches on the event
   * finds it, and a rolled-back decision never announces anything. Losing an announcement (Redis
   * down) loses nothing: the inbox still has the message and the app refetches when it reconnects.
   */
  function announce(executor: Executor, userId: number | null, event: UserMessageEvent) {
    if (!bus) return;
    afterCommit(executor, () => {
      bus
        .publish(userId === null ? everyoneEventsTopic : userEventsTopic(userId), { type: 'message', data: event })
        .catch((error: unknown) => {
          logger?.warn({ err: error, messageId: event.id }, 'a new message could not be announced on the bus');
        });
    });
  }

  async function readerOf(principal: Principal): Promise<Reader> {
    const user = await auth.userRecord(principal);
    return { userId: Number(principal.userId), registeredAt: new Date(user.createTimeTimestamp) };
  }

  async function unreadCount(executor: Executor, reader: Reader) {
    const result = await executor.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM messages m
      WHERE ${visibleTo(reader)} AND NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.message_id = m.id AND r.user_id = ${reader.userId})`);
    return result.rows[0]?.n ?? 0;
  }

  /** Writes system messages in one insert inside the caller's transaction, each announced after it commits. */
  async function notifyMany(executor: Executor, notices: readonly Notice[]) {
    if (notices.length === 0) return;
    const rows = await executor
      .insert(messages)
      .values(
        notices.map((notice) => ({ userId: notice.userId, kind: 'system' as const, template: notice.template, values: notice.values })),
      )
      .returning({ id: messages.id, userId: messages.userId, template: messages.template });
    if (rows.length !== notices.length) throw new Error('insert returned fewer rows than messages');
    for (const row of rows)
      if (row.userId !== null) announce(executor, row.userId, { id: String(row.id), template: row.template as MessageTemplate });
  }

  return {
    /** Writes a system message inside the caller's transaction, so it exists exactly when what it tells happened. */
    notify: (executor: Executor, userId: number, template: MessageTemplate, values: Record<string, string>) =>
      notifyMany(executor, [{ userId, template, values }]),

    notifyMany,

    /** Whether a user was ever sent a system message of this template (the demo seed sends its welcome once). */
    hasTemplate: (userId: number, template: MessageTemplate) => hasTemplate(db, userId, template),

    async send(executor: Executor, operatorId: number, input: { userId?: number | undefined; title: string; content: string }) {
      const [row] = await executor
        .insert(messages)
        .values({
          userId: input.userId ?? null,
          kind: 'operator',
          title: input.title,
          content: input.content,
          createdByOperatorId: operatorId,
        })
        .returning({ id: messages.id });
      if (!row) throw new Error('insert returned nothing');
      announce(executor, input.userId ?? null, { id: String(row.id), template: null });
      return { id: String(row.id) };
    },

    async list(principal: Principal, locale: Locale, page: { pageNum: number; pageSize: number }) {
      const reader = await readerOf(principal);
      const userId = reader.userId;
      const rows = await db.execute<MessageRow & { total: string }>(sql`
        SELECT m.id::text, m.kind, m.template, m.values, m.title, m.content, m.created_at,
               EXISTS (SELECT 1 FROM message_reads r WHERE r.message_id = m.id AND r.user_id = ${userId}) AS is_read,
               count(*) OVER () AS total
        FROM messages m WHERE ${visibleTo(reader)}
        ORDER BY m.id DESC LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`);
      return {
        list: rows.rows.map((row) => viewOf(row, locale)),
        ...pageInfo(Number(rows.rows[0]?.total ?? 0), page.pageNum, page.pageSize),
        unreadCount: await unreadCount(db, reader),
      };
    },

    /** One message; opening it marks it read. Another user's message does not exist for the caller. */
    async detail(principal: Principal, locale: Locale, id: number) {
      const reader = await readerOf(principal);
      const userId = reader.userId;
      const rows = await db.execute<MessageRow>(sql`
        SELECT m.id::text, m.kind, m.template, m.values, m.title, m.content, m.created_at, true AS is_read
        FROM messages m WHERE m.id = ${id} AND ${visibleTo(reader)}`);
      const row = rows.rows[0];
      if (!row) throw new AppError('RECORD_NOT_FOUND');
      await db.execute(sql`INSERT INTO message_reads (message_id, user_id) VALUES (${id}, ${userId}) ON CONFLICT DO NOTHING`);
      return viewOf(row, locale);
    },

    async markRead(principal: Principal, input: { ids?: Array<number | string> | undefined; all?: boolean | undefined }) {
      const reader = await readerOf(principal);
      const userId = reader.userId;
      // Drizzle expands a JS array into a parameter list, not one array parameter: build the array in SQL.
      const ids = (input.ids ?? []).map((id) => sql`${Number(id)}`);
      const idFilter = input.all
        ? sql``
        : ids.length === 0
          ? sql`AND false`
          : sql`AND m.id = ANY(ARRAY[${sql.join(ids, sql`, `)}]::bigint[])`;
      await db.execute(sql`
        INSERT INTO message_reads (message_id, user_id)
        SELECT m.id, ${userId} FROM messages m WHERE ${visibleTo(reader)} ${idFilter}
        ON CONFLICT DO NOTHING`);
      return { unreadCount: await unreadCount(db, reader) };
    },
  };
}
