import type { QuoteTick } from '@bolsa/contracts';
import { calendars, tradingDateOf } from './calendars.ts';
import type { CandleRow } from './feed-types.ts';
import type { Instrument } from './instruments.ts';

/** The most daily candles any time frame shows (1Y). */
export const DAILY_LOOKBACK_MS = 366 * 86_400_000;
/** A process asks the database for a day the quotes have reached but the cache lacks at most this often. */
const MISSING_DAY_RETRY_MS = 5_000;
const INSTRUMENTS_MAX = 5_000;

type Entry = { rows: CandleRow[]; checkedAt: number; tick: QuoteTick | undefined; patched: CandleRow[] };

/** The bucket (trading date at 00:00 UTC) of the day a quote belongs to. */
export function dayBucketOf(instrument: Instrument, tick: QuoteTick): number {
  const date = tradingDateOf(calendars[instrument.calendar], tick.timestamp);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

/**
 * The stored daily candles with the live day taken from the quote: the day's candle in the database
 * is rewritten only every few seconds, while the quote carries the day's open, high, low, last price
 * and volume as of now. A quote of a day the rows do not have yet changes nothing (the day appears
 * once the feed has written it), so a chart never shows a candle built from another day's figures.
 */
export function withLiveDay(rows: readonly CandleRow[], instrument: Instrument, tick: QuoteTick | undefined): CandleRow[] {
  const last = rows[rows.length - 1];
  if (!last || !tick || dayBucketOf(instrument, tick) !== last.time) return [...rows];
  return [...rows.slice(0, -1), { ...last, open: tick.open, high: tick.high, low: tick.low, close: tick.price, volume: tick.volume }];
}

/**
 * Daily candles per instrument kept in memory: the past does not change, so a year of candles is read
 * from the database once and then only when the quotes reach a day it does not hold; the day in
 * progress comes from the live quote. K-lines of 1M, 3M and 1Y are served from here without a query.
 */
export function createDailyCandleCache(options: {
  read: (code: string) => Promise<CandleRow[]>;
  latest: (code: string) => QuoteTick | undefined;
  now: () => number;
}) {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry>>();

  async function load(code: string): Promise<Entry> {
    let pending = loading.get(code);
    if (!pending) {
      pending = options
        .read(code)
        .then((rows) => {
          const entry: Entry = { rows, checkedAt: options.now(), tick: undefined, patched: rows };
          if (entries.size >= INSTRUMENTS_MAX) entries.clear();
          entries.set(code, entry);
          return entry;
        })
        .finally(() => loading.delete(code));
      loading.set(code, pending);
    }
    return pending;
  }

  /** Whether the quotes have reached a day the entry lacks and it is time to ask the database again. */
  function isReloadDue(instrument: Instrument, entry: Entry, tick: QuoteTick | undefined): boolean {
    const last = entry.rows[entry.rows.length - 1];
    const isDayMissing = tick !== undefined && (!last || dayBucketOf(instrument, tick) > last.time);
    return isDayMissing && options.now() - entry.checkedAt >= MISSING_DAY_RETRY_MS;
  }

  /** One patched copy per quote, shared by every request until the next quote. */
  function patchedOf(instrument: Instrument, entry: Entry, tick: QuoteTick | undefined): CandleRow[] {
    if (entry.tick !== tick) {
      entry.patched = withLiveDay(entry.rows, instrument, tick);
      entry.tick = tick;
    }
    return entry.patched;
  }

  return {
    /** The daily candles of an instrument, oldest first, the last one as of the latest quote. */
    async candles(instrument: Instrument): Promise<CandleRow[]> {
      const tick = options.latest(instrument.code);
      let entry = entries.get(instrument.code) ?? (await load(instrument.code));
      if (isReloadDue(instrument, entry, tick)) entry = await load(instrument.code);
      return patchedOf(instrument, entry, tick);
    },
    /**
     * The same without waiting, when the candles are in memory and need no new read; undefined
     * otherwise (then `candles` reads them). Most K-line requests are answered through this, with no
     * promise made on their way.
     */
    candlesNow(instrument: Instrument): CandleRow[] | undefined {
      const entry = entries.get(instrument.code);
      if (!entry) return undefined;
      const tick = options.latest(instrument.code);
      return isReloadDue(instrument, entry, tick) ? undefined : patchedOf(instrument, entry, tick);
    },
    /** Forgets an instrument's candles (its history was rewritten). */
    forget(code: string) {
      entries.delete(code);
    },
  };
}
