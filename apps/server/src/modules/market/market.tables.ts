import { bigint, bigserial, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, textEnum } from '../../platform/db/columns.ts';

/**
 * Candles of every instrument: one-minute ones for the last trading days and daily ones for the
 * last year and on. K-lines of every time frame are served from these two intervals. A daily
 * candle's bucket is its trading date at 00:00 UTC.
 */
export const marketCandles = pgTable(
  'market_candles',
  {
    instrumentCode: text('instrument_code').notNull(),
    interval: textEnum('interval', ['1m', '1d']).notNull(),
    bucketStart: at('bucket_start').notNull(),
    open: numeric('open').notNull(),
    high: numeric('high').notNull(),
    low: numeric('low').notNull(),
    close: numeric('close').notNull(),
    volume: numeric('volume').notNull(),
  },
  (table) => [primaryKey({ name: 'market_candles_pkey', columns: [table.instrumentCode, table.interval, table.bucketStart] })],
);

/** A user's watchlist: one row per instrument, in the order the user chose. */
export const watchlistItems = pgTable(
  'market_watchlist_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    instrumentCode: text('instrument_code').notNull(),
    market: text('market').notNull(),
    source: text('source').notNull(),
    classify: text('classify').notNull(),
    securityName: text('security_name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('market_watchlist_items_user_code_key').on(table.userId, table.instrumentCode),
    index('market_watchlist_items_user_order_idx').on(table.userId, table.sortOrder),
  ],
);
