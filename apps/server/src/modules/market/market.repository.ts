import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import type { CandleRow } from './feed-types.ts';
import { watchlistItems } from './market.tables.ts';

/** Candles are written in batches of this many rows: one statement of nine array parameters each. */
const CANDLE_BATCH_ROWS = 5_000;

/**
 * Writes candles with one statement per batch (arrays unnested by the database), which is what
 * makes the first start's year of history bearable. `update` replaces candles still in progress;
 * `keep` leaves what is there (history never overwrites live candles).
 */
export async function writeCandles(executor: Executor, rows: readonly CandleRow[], onConflict: 'update' | 'keep') {
  for (let start = 0; start < rows.length; start += CANDLE_BATCH_ROWS) {
    const batch = rows.slice(start, start + CANDLE_BATCH_ROWS);
    const column = <K extends keyof CandleRow>(key: K) => sql.param(batch.map((row) => row[key]));
    const conflict =
      onConflict === 'update'
        ? sql`DO UPDATE SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`
        : sql`DO NOTHING`;
    await executor.execute(sql`
      INSERT INTO market_candles (instrument_code, interval, bucket_start, open, high, low, close, volume)
      SELECT code, iv, to_timestamp(ms / 1000.0), o, h, l, c, v
      FROM unnest(${column('code')}::text[], ${column('interval')}::text[], ${column('time')}::float8[], ${column('open')}::numeric[],
                  ${column('high')}::numeric[], ${column('low')}::numeric[], ${column('close')}::numeric[], ${column('volume')}::numeric[])
        AS input(code, iv, ms, o, h, l, c, v)
      ON CONFLICT (instrument_code, interval, bucket_start) ${conflict}`);
  }
}

type CandleRecord = { bucket_ms: string; open: string; high: string; low: string; close: string; volume: string };

export async function readCandles(
  executor: Executor,
  code: string,
  interval: '1m' | '1d',
  fromMs: number,
  toMs: number,
): Promise<CandleRow[]> {
  const result = await executor.execute<CandleRecord>(sql`
    SELECT (extract(epoch FROM bucket_start) * 1000)::bigint AS bucket_ms, open, high, low, close, volume
    FROM market_candles
    WHERE instrument_code = ${code} AND interval = ${interval}
      AND bucket_start >= to_timestamp(${fromMs / 1000}) AND bucket_start <= to_timestamp(${toMs / 1000})
    ORDER BY bucket_start`);
  return result.rows.map((row) => ({
    code,
    interval,
    time: Number(row.bucket_ms),
    open: row.open,
    high: row.high,
    low: row.low,
    close: row.close,
    volume: row.volume,
  }));
}

export async function latestCandleTime(executor: Executor, code: string, interval: '1m' | '1d'): Promise<number | undefined> {
  const result = await executor.execute<{ bucket_ms: string }>(sql`
    SELECT (extract(epoch FROM bucket_start) * 1000)::bigint AS bucket_ms FROM market_candles
    WHERE instrument_code = ${code} AND interval = ${interval} ORDER BY bucket_start DESC LIMIT 1`);
  const value = result.rows[0]?.bucket_ms;
  return value === undefined ? undefined : Number(value);
}

export type StoredHistoryEnd = {
  code: string;
  minuteMs: number | null;
  minuteClose: string | null;
  days: Array<{ dayMs: number; open: string; high: string; low: string; close: string; volume: string }>;
};

/** Where each instrument's stored history ends: its last minute and its last two days (one index probe each). */
export async function storedHistoryEnds(executor: Executor, codes: readonly string[]): Promise<Map<string, StoredHistoryEnd>> {
  const ends = new Map<string, StoredHistoryEnd>();
  if (codes.length === 0) return ends;
  const minutes = await executor.execute<{ code: string; bucket_ms: string | null; close: string | null }>(sql`
    SELECT input.code, (extract(epoch FROM m.bucket_start) * 1000)::bigint AS bucket_ms, m.close
    FROM unnest(${sql.param([...codes])}::text[]) AS input(code)
    LEFT JOIN LATERAL (
      SELECT bucket_start, close FROM market_candles
      WHERE instrument_code = input.code AND interval = '1m' ORDER BY bucket_start DESC LIMIT 1
    ) m ON true`);
  for (const row of minutes.rows) {
    ends.set(row.code, {
      code: row.code,
      minuteMs: row.bucket_ms === null ? null : Number(row.bucket_ms),
      minuteClose: row.close,
      days: [],
    });
  }
  const days = await executor.execute<CandleRecord & { code: string }>(sql`
    SELECT input.code, (extract(epoch FROM d.bucket_start) * 1000)::bigint AS bucket_ms, d.open, d.high, d.low, d.close, d.volume
    FROM unnest(${sql.param([...codes])}::text[]) AS input(code)
    JOIN LATERAL (
      SELECT bucket_start, open, high, low, close, volume FROM market_candles
      WHERE instrument_code = input.code AND interval = '1d' ORDER BY bucket_start DESC LIMIT 2
    ) d ON true
    ORDER BY input.code, d.bucket_start DESC`);
  for (const row of days.rows) {
    ends.get(row.code)?.days.push({
      dayMs: Number(row.bucket_ms),
      open: row.open,
      high: row.high,
      low: row.low,
      close: row.close,
      volume: row.volume,
    });
  }
  return ends;
}

export type WatchlistItemRow = typeof watchlistItems.$inferSelect;

export async function listWatchlist(executor: Executor, userId: number): Promise<WatchlistItemRow[]> {
  return executor
    .select()
    .from(watchlistItems)
    .where(eq(watchlistItems.userId, userId))
    .orderBy(asc(watchlistItems.sortOrder), asc(watchlistItems.id));
}

export async function countWatchlist(executor: Executor, userId: number): Promise<number> {
  const result = await executor.execute<{ count: string }>(
    sql`SELECT count(*) AS count FROM market_watchlist_items WHERE user_id = ${userId}`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

/** The codes most users watch, with how many do: a count over every watchlist, ties by code. */
export async function mostWatchedCodes(executor: Executor, limit: number): Promise<Array<{ code: string; count: number }>> {
  const result = await executor.execute<{ code: string; count: string }>(
    sql`SELECT instrument_code AS code, count(*) AS count FROM market_watchlist_items
        GROUP BY instrument_code ORDER BY count(*) DESC, instrument_code LIMIT ${limit}`,
  );
  return result.rows.map((row) => ({ code: row.code, count: Number(row.count) }));
}

export async function findWatchlistItemByCode(executor: Executor, userId: number, code: string): Promise<WatchlistItemRow | undefined> {
  const rows = await executor
    .select()
    .from(watchlistItems)
    .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.instrumentCode, code)))
    .limit(1);
  return rows[0];
}

/** Adds an instrument at the top of the list; a second save of the same one returns the first row. */
export async function insertWatchlistItem(
  executor: Executor,
  values: Omit<typeof watchlistItems.$inferInsert, 'sortOrder'>,
): Promise<number> {
  const result = await executor.execute<{ id: string }>(sql`
    INSERT INTO market_watchlist_items (user_id, instrument_code, market, source, classify, security_name, sort_order)
    VALUES (${values.userId}, ${values.instrumentCode}, ${values.market}, ${values.source}, ${values.classify}, ${values.securityName},
            (SELECT coalesce(min(sort_order), 0) - 1 FROM market_watchlist_items WHERE user_id = ${values.userId}))
    ON CONFLICT (user_id, instrument_code) DO UPDATE SET security_name = excluded.security_name
    RETURNING id`);
  return Number(result.rows[0]?.id);
}

/** Deletes only a row of this user; the number of rows deleted tells the caller whether it was theirs. */
export async function deleteWatchlistItem(executor: Executor, userId: number, id: number): Promise<number> {
  const rows = await executor
    .delete(watchlistItems)
    .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.id, id)))
    .returning({ id: watchlistItems.id });
  return rows.length;
}

export async function deleteWatchlistItemByCode(executor: Executor, userId: number, code: string): Promise<number> {
  const rows = await executor
    .delete(watchlistItems)
    .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.instrumentCode, code)))
    .returning({ id: watchlistItems.id });
  return rows.length;
}

/** Sets the order of the user's rows in one statement; ids of other users are ignored. */
export async function setWatchlistOrder(executor: Executor, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await executor.execute(sql`
    UPDATE market_watchlist_items AS item SET sort_order = input.position
    FROM unnest(${sql.param([...ids])}::bigint[]) WITH ORDINALITY AS input(id, position)
    WHERE item.id = input.id AND item.user_id = ${userId}`);
}
