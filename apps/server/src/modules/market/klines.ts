import type { Candle, Kline, KlineType } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { calendars, sessionsOf, zonedToInstant } from './calendars.ts';
import type { CandleRow } from './feed-types.ts';
import type { Instrument } from './instruments.ts';

/**
 * K-lines of the nine time frames, served from the stored one-minute and daily candles:
 * 1D is the session of the latest quote's trade date in one-minute candles (`sessionWindowOf`); 1m, 5m,
 * 15m and 1h the latest candles of that size across sessions (the 5m, 15m and 1h ones built from
 * one-minute candles, as 1W's 30-minute ones are); 1M, 3M and 1Y daily candles.
 */

export type KlineFrame = {
  stored: '1m' | '1d';
  interval: Kline['interval'];
  lookbackMs: number;
  bucketMs: number | null;
  /** At most this many of the latest candles (the intraday frames, read across sessions and weekends). */
  maxCandles?: number;
};

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** About a trading day of one-minute candles; the other intraday frames show as many bars, over more days. */
const INTRADAY_CANDLES_MAX = 390;
/** Back over a long weekend: the stored one-minute history is the last five trading days (simulator). */
const INTRADAY_LOOKBACK_MS = 10 * DAY_MS;
export const klineFrames: Record<KlineType, KlineFrame> = {
  '1m': { stored: '1m', interval: '1m', lookbackMs: 4 * DAY_MS, bucketMs: null, maxCandles: INTRADAY_CANDLES_MAX },
  '5m': { stored: '1m', interval: '5m', lookbackMs: INTRADAY_LOOKBACK_MS, bucketMs: 5 * MINUTE_MS, maxCandles: INTRADAY_CANDLES_MAX },
  '15m': { stored: '1m', interval: '15m', lookbackMs: INTRADAY_LOOKBACK_MS, bucketMs: 15 * MINUTE_MS, maxCandles: INTRADAY_CANDLES_MAX },
  '1h': { stored: '1m', interval: '1h', lookbackMs: INTRADAY_LOOKBACK_MS, bucketMs: 60 * MINUTE_MS, maxCandles: INTRADAY_CANDLES_MAX },
  '1D': { stored: '1m', interval: '1m', lookbackMs: DAY_MS, bucketMs: null },
  '1W': { stored: '1m', interval: '30m', lookbackMs: 7 * DAY_MS, bucketMs: 30 * 60_000 },
  '1M': { stored: '1d', interval: '1d', lookbackMs: 31 * DAY_MS, bucketMs: null },
  '3M': { stored: '1d', interval: '1d', lookbackMs: 92 * DAY_MS, bucketMs: null },
  // 52 weeks, the window of the quote's 52-week high and low, which are read from these candles.
  '1Y': { stored: '1d', interval: '1d', lookbackMs: 364 * DAY_MS, bucketMs: null },
};

/**
 * The 1D chart's window of a trade date: from its first open to its last close, widened by the pre-
 * and post-market for a US stock (those two are returned to be shaded). Undefined for a date that
 * does not trade.
 */
export function sessionWindowOf(
  instrument: Instrument,
  date: string,
): { from: number; to: number; extended: Array<[number, number]> } | undefined {
  const calendar = calendars[instrument.calendar];
  const sessions = sessionsOf(calendar, date);
  const first = sessions[0];
  const last = sessions[sessions.length - 1];
  if (!first || !last) return undefined;
  if (calendar.kind !== 'daily' || instrument.source !== '0' || !calendar.pre || !calendar.post) {
    return { from: first.open, to: last.close, extended: [] };
  }
  const preOpen = zonedToInstant(date, calendar.pre[0], calendar.timeZone);
  const postClose = last.close + (calendar.post[1] - calendar.post[0]) * 60_000;
  return {
    from: preOpen,
    to: postClose,
    extended: [
      [preOpen, first.open],
      [last.close, postClose],
    ],
  };
}

/** A pause longer than this between one-minute candles separates two sessions. */
export const SESSION_GAP_MS = 2 * 60 * 60_000;

/**
 * The candles of the latest session: from the end back to the first pause longer than SESSION_GAP_MS.
 * A session that has just begun (fewer than `minimumCandles`) is shown with the one before it, so a
 * chart right after an open is not a handful of bars.
 */
export function latestSession(candles: readonly CandleRow[], minimumCandles = 1): CandleRow[] {
  let start = candles.length - 1;
  let sessionsTaken = 1;
  while (start > 0) {
    const previous = candles[start - 1];
    const current = candles[start];
    if (!previous || !current) break;
    if (current.time - previous.time > SESSION_GAP_MS) {
      if (candles.length - start >= minimumCandles || sessionsTaken >= 2) break;
      sessionsTaken += 1;
    }
    start -= 1;
  }
  return candles.slice(Math.max(0, start));
}

/**
 * Aggregates time-ordered candles into buckets of `bucketMs` aligned on the Unix epoch: the first
 * open, the highest high, the lowest low, the last close and the summed volume of each bucket.
 */
export function aggregateCandles(candles: readonly CandleRow[], bucketMs: number): CandleRow[] {
  const result: CandleRow[] = [];
  let current: { row: CandleRow; volume: Decimal } | undefined;
  for (const candle of candles) {
    const bucket = Math.floor(candle.time / bucketMs) * bucketMs;
    if (!current || current.row.time !== bucket) {
      if (current) result.push({ ...current.row, volume: current.volume.toFixed() });
      current = { row: { ...candle, time: bucket }, volume: new Decimal(candle.volume) };
      continue;
    }
    // The original strings are kept, so prices keep the decimals of their tick.
    if (new Decimal(candle.high).gt(current.row.high)) current.row.high = candle.high;
    if (new Decimal(candle.low).lt(current.row.low)) current.row.low = candle.low;
    current.volume = current.volume.plus(candle.volume);
    current.row.close = candle.close;
  }
  if (current) result.push({ ...current.row, volume: current.volume.toFixed() });
  return result;
}

export function toWireCandle(row: CandleRow): Candle {
  return { time: Math.floor(row.time / 1000), open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume };
}
