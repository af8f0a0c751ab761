import type { QuoteTick } from '@bolsa/contracts';
import { describe, expect, it } from 'vitest';
import { createDailyCandleCache, withLiveDay } from './daily-candles.ts';
import type { CandleRow } from './feed-types.ts';
import { createCatalog, type Instrument } from './instruments.ts';

const apple = createCatalog(['AAPL']).byCode.get('AAPL') as Instrument;
const day = (date: string, close: string): CandleRow => ({
  code: 'AAPL',
  interval: '1d',
  time: Date.parse(`${date}T00:00:00Z`),
  open: '100.00',
  high: '101.00',
  low: '99.00',
  close,
  volume: '1000',
});
// Tuesday 2026-11-24 15:00 New York and Wednesday 2026-11-25 15:00 New York.
const tuesday = Date.parse('2026-11-24T20:00:00Z');
const wednesday = Date.parse('2026-11-25T20:00:00Z');
const tick = (timestamp: number, price: string, tradeDate = new Date(timestamp).toISOString().slice(0, 10)): QuoteTick => ({
  code: 'AAPL',
  price,
  change: '0',
  changeRatio: '0.00',
  volume: '5000',
  open: '100.50',
  high: '104.00',
  low: '98.00',
  prevClose: '100.00',
  bid: price,
  ask: price,
  bidVolume: '1',
  askVolume: '1',
  marketStatus: 'open',
  fall: false,
  tradeDate,
  timestamp,
});

describe('daily candles served from memory with the live day from the quote', () => {
  it("replaces the stored day's candle with the quote's figures when the quote is of that day", () => {
    const rows = [day('2026-11-23', '100.00'), day('2026-11-24', '100.20')];
    expect(withLiveDay(rows, tick(tuesday, '103.10')).at(-1)).toMatchObject({
      time: Date.parse('2026-11-24T00:00:00Z'),
      open: '100.50',
      high: '104.00',
      low: '98.00',
      close: '103.10',
      volume: '5000',
    });
    // The earlier days are untouched and the input is not changed.
    expect(withLiveDay(rows, tick(tuesday, '103.10'))[0]).toBe(rows[0]);
    expect(rows[1]?.close).toBe('100.20');
    // A quote of a day the feed has not stored yet follows the stored days as a candle of its own.
    const withNewDay = withLiveDay(rows, tick(wednesday, '99.00'));
    expect(withNewDay.slice(0, 2)).toEqual(rows);
    expect(withNewDay[2]).toMatchObject({ time: Date.parse('2026-11-25T00:00:00Z'), open: '100.50', close: '99.00', volume: '5000' });
    // The day is the quote's own, not the moment it was sent: a status change on Wednesday morning
    // re-sends Tuesday's figures, which stay Tuesday's.
    expect(withLiveDay(rows, tick(wednesday, '103.10', '2026-11-24'))).toHaveLength(2);
    expect(withLiveDay(rows, tick(wednesday, '103.10', '2026-11-24')).at(-1)?.close).toBe('103.10');
    // A quote older than the stored days changes nothing.
    expect(withLiveDay(rows, tick(tuesday, '99.00', '2026-11-20'))).toEqual(rows);
    expect(withLiveDay([], tick(tuesday, '99.00'))).toEqual([]);
  });

  it('reads the database once, follows every quote, and reads again only when the quotes reach a new day', async () => {
    let moment = tuesday;
    let stored = [day('2026-11-23', '100.00'), day('2026-11-24', '100.20')];
    let latest: QuoteTick | undefined = tick(tuesday, '101.00');
    let reads = 0;
    const cache = createDailyCandleCache({
      read: async () => {
        reads += 1;
        return stored;
      },
      latest: () => latest,
      now: () => moment,
    });
    const [first, second] = await Promise.all([cache.candles(apple), cache.candles(apple)]);
    expect(reads).toBe(1);
    expect(first).toBe(second);
    expect(first.at(-1)?.close).toBe('101.00');
    latest = tick(tuesday + 1_000, '102.00');
    expect((await cache.candles(apple)).at(-1)?.close).toBe('102.00');
    expect(reads).toBe(1);

    // Wednesday's first quote: the cache asks for the new day, at most every few seconds until it is stored.
    moment = wednesday;
    latest = tick(wednesday, '97.00');
    expect((await cache.candles(apple)).map((row) => row.close)).toEqual(['100.00', '100.20', '97.00']);
    expect(reads).toBe(2);
    expect(await cache.candles(apple)).toHaveLength(3);
    expect(cache.candlesNow(apple)).toHaveLength(3);
    expect(reads).toBe(2);
    stored = [...stored, day('2026-11-25', '96.00')];
    moment += 5_000;
    const withWednesday = await cache.candles(apple);
    expect(reads).toBe(3);
    expect(withWednesday.map((row) => row.close)).toEqual(['100.00', '100.20', '97.00']);
  });
});
