import { bigint, bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';

/** A file a user uploaded (a transfer screenshot, an identity document); the bytes live in file storage. */
export const uploads = pgTable(
  'uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('uploads_user_idx').on(table.userId)],
);
