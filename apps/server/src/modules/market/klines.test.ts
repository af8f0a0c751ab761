import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CandleRow } from './feed-types.ts';
import { aggregateCandles, latestSession } from './klines.ts';

/** The obvious way: group by bucket, then take first open, max high, min low, last close, summed volume. */
function referenceAggregate(candles: CandleRow[], bucketMs: number): CandleRow[] {
  const groups = new Map<number, CandleRow[]>();
  for (const candle of candles) {
    const bucket = candle.time - (candle.time % bucketMs);
    groups.set(bucket, [...(groups.get(bucket) ?? []), candle]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([bucket, group]) => ({
      code: group[0]?.code ?? '',
      interval: group[0]?.interval ?? '1m',
      time: bucket,
      open: group[0]?.open ?? '',
      high: String(Math.max(...group.map((candle) => Number(candle.high)))),
      low: String(Math.min(...group.map((candle) => Number(candle.low)))),
      close: group[group.length - 1]?.close ?? '',
      volume: String(group.reduce((sum, candle) => sum + Number(candle.volume), 0)),
    }));
}

const candleList = fc
  .array(
    fc.record({
      gapMinutes: fc.integer({ min: 1, max: 200 }),
      open: fc.integer({ min: 1, max: 100_000 }),
      high: fc.integer({ min: 0, max: 5_000 }),
      low: fc.integer({ min: 0, max: 5_000 }),
      close: fc.integer({ min: 1, max: 100_000 }),
      volume: fc.integer({ min: 0, max: 1_000_000 }),
    }),
    { maxLength: 300 },
  )
  .map((entries) => {
    let time = Date.parse('2026-11-16T14:30:00Z');
    return entries.map((entry): CandleRow => {
      time += entry.gapMinutes * 60_000;
      const top = Math.max(entry.open, entry.close) + entry.high;
      const bottom = Math.max(1, Math.min(entry.open, entry.close) - entry.low);
      return {
        code: 'TEST',
        interval: '1m',
        time,
        open: (entry.open / 100).toString(),
        high: (top / 100).toString(),
        low: (bottom / 100).toString(),
        close: (entry.close / 100).toString(),
        volume: String(entry.volume),
      };
    });
  });

const numeric = (rows: CandleRow[]) =>
  rows.map((row) => ({ ...row, high: Number(row.high), low: Number(row.low), volume: Number(row.volume) }));

describe('K-line aggregation', () => {
  it('matches the reference implementation for any minutes and bucket size', () => {
    fc.assert(
      fc.property(candleList, fc.constantFrom(5, 15, 30, 60, 240), (candles, bucketMinutes) => {
        const bucketMs = bucketMinutes * 60_000;
        expect(numeric(aggregateCandles(candles, bucketMs))).toEqual(numeric(referenceAggregate(candles, bucketMs)));
      }),
      { numRuns: 200 },
    );
  });

  it('keeps the total volume and never widens the range', () => {
    fc.assert(
      fc.property(candleList, (candles) => {
        const result = aggregateCandles(candles, 30 * 60_000);
        const total = (rows: CandleRow[]) => rows.reduce((sum, row) => sum + Number(row.volume), 0);
        expect(total(result)).toBe(total(candles));
        if (candles.length > 0) {
          expect(Math.max(...result.map((row) => Number(row.high)))).toBe(Math.max(...candles.map((row) => Number(row.high))));
          expect(Math.min(...result.map((row) => Number(row.low)))).toBe(Math.min(...candles.map((row) => Number(row.low))));
        }
      }),
    );
  });

  it('cuts the last session at the first pause longer than two hours', () => {
    fc.assert(
      fc.property(candleList, (candles) => {
        const session = latestSession(candles);
        if (candles.length === 0) {
          expect(session).toEqual([]);
          return;
        }
        expect(session[session.length - 1]).toEqual(candles[candles.length - 1]);
        for (let index = 1; index < session.length; index += 1) {
          expect((session[index]?.time ?? 0) - (session[index - 1]?.time ?? 0)).toBeLessThanOrEqual(2 * 60 * 60_000);
        }
        const before = candles[candles.length - session.length - 1];
        if (before) expect((session[0]?.time ?? 0) - before.time).toBeGreaterThan(2 * 60 * 60_000);
      }),
    );
  });

  it('adds the previous session when the latest has just begun', () => {
    const minute = (time: number): CandleRow => ({
      code: 'T',
      interval: '1m',
      time,
      open: '1',
      high: '1',
      low: '1',
      close: '1',
      volume: '1',
    });
    const friday = Array.from({ length: 390 }, (_, index) => minute(Date.parse('2026-11-20T14:30:00Z') + index * 60_000));
    const saturday = Array.from({ length: 5 }, (_, index) => minute(Date.parse('2026-11-21T13:00:00Z') + index * 60_000));
    expect(latestSession([...friday, ...saturday])).toHaveLength(5);
    expect(latestSession([...friday, ...saturday], 60)).toHaveLength(395);
    expect(latestSession([...friday, ...saturday], 3)).toHaveLength(5);
  });
});
