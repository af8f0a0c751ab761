import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt, textEnum } from '../../platform/db/columns.ts';

/** A message to one user, or to everyone when user_id is null. System messages keep a template and its values. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }),
    kind: textEnum('kind', ['system', 'operator']).notNull(),
    template: text('template'),
    values: jsonb('values').$type<Record<string, string>>(),
    title: text('title'),
    content: text('content'),
    createdByOperatorId: bigint('created_by_operator_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('messages_user_idx').on(table.userId, table.id.desc()),
    index('messages_broadcast_idx').on(table.id.desc()).where(sql`user_id IS NULL`),
  ],
);

/** Who has read what: one row per message and reader, for personal and broadcast messages alike. */
export const messageReads = pgTable(
  'message_reads',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    readAt: at('read_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.userId] })],
);
