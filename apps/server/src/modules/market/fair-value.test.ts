import { describe, expect, it } from 'vitest';
import { BASIS_BAND, carryFactorOf, historyOf, withFairValueFutures } from './fair-value.ts';
import type { Trade } from './feed-types.ts';
import { createCatalog, type Instrument, tickSizeAt } from './instruments.ts';
import { createQuoteBook } from './quote-book.ts';
import { createSimulatedSource } from './simulator.ts';

const seed = 20260101;
const catalog = createCatalog(['ES', 'NQ', 'CL', 'GC', '6E', 'SPX', 'NDX', 'EURUSD'], { date: '2026-11-23' });
const byCode = (code: string) => catalog.byCode.get(code) as Instrument;
const endMs = Date.parse('2026-11-24T20:00:00Z');

/** How far a future's price is from its underlying's at fair value (carry to expiry), as a share. */
function basisOf(future: Instrument, price: number, underlyingPrice: number, atMs: number): number {
  return price / (underlyingPrice * carryFactorOf(future, atMs)) - 1;
}
/** The band plus half a tick of each price's rounding, as a share of the price. */
function bandOf(future: Instrument, price: number, underlyingPrice: number): number {
  const tickShare = (instrument: Instrument, value: number) => Number(tickSizeAt(instrument.tickRule, value)) / value;
  return BASIS_BAND + tickShare(future, price) + tickShare(future.underlying as Instrument, underlyingPrice);
}

describe('futures priced from their underlying at fair value', () => {
  it('names the underlyings: ES on SPX, NQ on NDX, 6E on EURUSD, CL and GC on their spot series', () => {
    expect(byCode('ESZ6').underlying).toBe(byCode('SPX'));
    expect(byCode('NQZ6').underlying).toBe(byCode('NDX'));
    expect(byCode('6EZ6').underlying).toBe(byCode('EURUSD'));
    expect(byCode('CLF7').underlying?.code).toBe('CL.SPOT');
    expect(byCode('GCG7').underlying?.code).toBe('GC.SPOT');
    // Every month of a product shares one spot series.
    expect(byCode('GCJ7').underlying).toBe(byCode('GCG7').underlying);
  });

  it('keeps every daily close of a simulated year within the basis band of its underlying', () => {
    for (const code of ['ESZ6', 'NQZ6', '6EZ6', 'CLF7', 'GCG7']) {
      const future = byCode(code);
      const underlying = future.underlying as Instrument;
      const own = historyOf(future, seed, null, endMs, true);
      const base = historyOf(underlying, seed, null, endMs, true);
      const underlyingClose = new Map(base.daily.map((row) => [row.time, Number(row.close)]));
      expect(own.daily.length).toBeGreaterThan(240);
      for (const row of own.daily) {
        const spot = underlyingClose.get(row.time) as number;
        const basis = basisOf(future, Number(row.close), spot, row.time + 43_200_000);
        expect(Math.abs(basis), `${code} ${new Date(row.time).toISOString()}`).toBeLessThanOrEqual(bandOf(future, Number(row.close), spot));
      }
    }
    // The deferred month is above the front one by its longer carry, not by a walk of its own.
    const [front, deferred] = ['GCG7', 'GCJ7'].map((code) => historyOf(byCode(code), seed, null, endMs, false).state.price) as [
      number,
      number,
    ];
    const carried = carryFactorOf(byCode('GCJ7'), endMs) / carryFactorOf(byCode('GCG7'), endMs);
    expect(Math.abs(deferred / front / carried - 1)).toBeLessThanOrEqual(2 * BASIS_BAND);
    expect(deferred).toBeGreaterThan(front);
  });

  it('trades each future live over its underlying latest price, within the band, through a simulated day', () => {
    const source = withFairValueFutures(createSimulatedSource({ seed }), seed);
    const book = createQuoteBook({ clock: 'always-open', seed });
    const instruments = [byCode('ESZ6'), byCode('GCG7'), byCode('SPX')];
    for (const instrument of instruments) {
      const { state } = historyOf(instrument, seed, null, endMs, false);
      source.start(instrument, state.price, true);
    }
    const latest = new Map<string, number>();
    const checked: Trade[] = [];
    for (let now = endMs; now < endMs + 6 * 3_600_000; now += 1_000) {
      const trades = source.next(now, book.activityOf);
      // The spot series of gold is not quoted: it never reaches the book.
      expect(trades.some((trade) => trade.code === 'GC.SPOT')).toBe(false);
      for (const trade of trades) latest.set(trade.code, trade.price);
      const es = trades.find((trade) => trade.code === 'ESZ6');
      const spx = latest.get('SPX');
      if (es && spx) {
        const future = byCode('ESZ6');
        expect(Math.abs(basisOf(future, es.price, spx, now))).toBeLessThanOrEqual(bandOf(future, es.price, spx));
        checked.push(es);
      }
    }
    expect(checked.length).toBeGreaterThan(1_000);
  });

  it('moves an index future overnight while the index is closed, and opens the index where its futures left it', () => {
    const source = withFairValueFutures(createSimulatedSource({ seed }), seed);
    const book = createQuoteBook({ clock: 'real', seed });
    const [es, spx] = [byCode('ESZ6'), byCode('SPX')] as [Instrument, Instrument];
    // Tuesday 2026-11-24 15:30 New York to Wednesday 10:30: the close, Globex's evening and night, the open.
    const from = Date.parse('2026-11-24T20:30:00Z');
    for (const instrument of [es, spx]) source.start(instrument, historyOf(instrument, seed, null, from, false).state.price, true);
    let spxLast: number | undefined;
    const overnight: number[] = [];
    let openingGap: number | undefined;
    for (let now = from; now < from + 19 * 3_600_000; now += 5_000) {
      const isSpxOpen = book.activityOf(spx, now) > 0;
      for (const trade of source.next(now, book.activityOf)) {
        if (trade.code === 'SPX') {
          if (spxLast !== undefined && openingGap === undefined && overnight.length > 0) {
            openingGap = trade.price / ((overnight.at(-1) as number) / carryFactorOf(es, now)) - 1;
          }
          spxLast = trade.price;
        } else if (!isSpxOpen) overnight.push(trade.price);
        else if (spxLast !== undefined)
          expect(Math.abs(basisOf(es, trade.price, spxLast, now))).toBeLessThanOrEqual(bandOf(es, trade.price, spxLast));
      }
    }
    // Overnight ES walked beyond what its basis noise alone moves (at most 1.4 × the band) over the closed index.
    expect(overnight.length).toBeGreaterThan(1_000);
    expect((Math.max(...overnight) - Math.min(...overnight)) / (spxLast as number)).toBeGreaterThan(2 * BASIS_BAND);
    // The index opened near where ES left it: within its usual opening gap, not back at yesterday's close.
    expect(Math.abs(openingGap as number)).toBeLessThan(0.02);
  });
});
