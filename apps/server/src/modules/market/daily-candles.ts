import type { QuoteTick } from '@bolsa/contracts';
import type { CandleRow } from './feed-types.ts';
import type { Instrument } from './instruments.ts';

/** The most daily candles any time frame shows (1Y). */
export const DAILY_LOOKBACK_MS = 366 * 86_400_000;
/** A process asks the database for a day the quotes have reached but the cache lacks at most this often. */
const MISSING_DAY_RETRY_MS = 5_000;
const INSTRUMENTS_MAX = 5_000;

type Entry = { rows: CandleRow[]; checkedAt: number; tick: QuoteTick | undefined; patched: CandleRow[] };

/** The bucket (trading date at 00:00 UTC) of the day a quote's open, high, low and volume belong to. */
export function dayBucketOf(tick: QuoteTick): number {
  return Date.parse(`${tick.tradeDate}T00:00:00Z`);
}

/**
 * The stored daily candles with the live day taken from the quote: the day's candle in the database
 * is rewritten only every few seconds, while the quote carries the day's open, high, low, last price
 * and volume as of now. The quote's day replaces the stored candle of the same day, or follows the
 * stored days when the feed has not written it yet (the first seconds of a new day); a quote of an
 * older day than the rows hold changes nothing, so a chart never shows a candle built from another
 * day's figures.
 */
export function withLiveDay(rows: readonly CandleRow[], tick: QuoteTick | undefined): CandleRow[] {
  const last = rows[rows.length - 1];
  if (!last || !tick) return [...rows];
  const bucket = dayBucketOf(tick);
  if (bucket < last.time) return [...rows];
  const live = { open: tick.open, high: tick.high, low: tick.low, close: tick.price, volume: tick.volume };
  return bucket === last.time ? [...rows.slice(0, -1), { ...last, ...live }] : [...rows, { ...last, time: bucket, ...live }];
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
  function isReloadDue(entry: Entry, tick: QuoteTick | undefined): boolean {
    const last = entry.rows[entry.rows.length - 1];
    const isDayMissing = tick !== undefined && (!last || dayBucketOf(tick) > last.time);
    return isDayMissing && options.now() - entry.checkedAt >= MISSING_DAY_RETRY_MS;
  }

  /** One patched copy per quote, shared by every request until the next quote. */
  function patchedOf(entry: Entry, tick: QuoteTick | undefined): CandleRow[] {
    if (entry.tick !== tick) {
      entry.patched = withLiveDay(entry.rows, tick);
      entry.tick = tick;
    }
    return entry.patched;
  }

  return {
    /** The daily candles of an instrument, oldest first, the last one as of the latest quote. */
    async candles(instrument: Instrument): Promise<CandleRow[]> {
      const tick = options.latest(instrument.code);
      let entry = entries.get(instrument.code) ?? (await load(instrument.code));
      if (isReloadDue(entry, tick)) entry = await load(instrument.code);
      return patchedOf(entry, tick);
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
      return isReloadDue(entry, tick) ? undefined : patchedOf(entry, tick);
    },
    /** Forgets an instrument's candles (its history was rewritten). */
    forget(code: string) {
      entries.delete(code);
    },
  };
}
