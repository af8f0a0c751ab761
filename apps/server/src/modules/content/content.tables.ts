import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** App versions published by operators; the newest published one is what the app is told about. */
export const appVersions = pgTable('app_versions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  version: text('version').notNull(),
  notes: text('notes'),
  downloadUrl: text('download_url'),
  publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
