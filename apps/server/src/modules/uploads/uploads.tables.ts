import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';

/**
 * A file a user uploaded (a transfer screenshot, an identity document), or an operator did (an image a
 * support agent sends in a chat); the bytes live in file storage.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }),
    operatorId: bigint('operator_id', { mode: 'number' }),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('uploads_user_idx').on(table.userId),
    check('uploads_owner', sql`(${table.userId} IS NULL) <> (${table.operatorId} IS NULL)`),
  ],
);
