import { describe, expect, it } from 'vitest';
import { calendars, statusAt } from './calendars.ts';
import type { Trade, TradeSource } from './feed-types.ts';
import { createCatalog, decimalsOf, type Instrument, newListingOf, tickSizeAt } from './instruments.ts';
import { createQuoteBook } from './quote-book.ts';
import { createReplaySource } from './replay.ts';
import { createSimulatedSource, generateHistory, MINUTE_HISTORY_TRADING_DAYS } from './simulator.ts';

const catalog = createCatalog(['AAPL', '2330', 'ESZ6', 'EURUSD']);
const instruments = catalog.instruments;
const seed = 42;
// Friday 2026-11-20 10:00 New York to Saturday 2026-11-21 10:00: the US session, its close and a weekend morning.
const fridayOpen = Date.parse('2026-11-20T15:00:00Z');
const steps = Array.from({ length: 24 * 60 }, (_, index) => fridayOpen + index * 60_000);

function isMultipleOfTick(instrument: Instrument, price: number): boolean {
  const tick = Number(tickSizeAt(instrument.tickRule, price));
  const decimals = decimalsOf(tickSizeAt(instrument.tickRule, price));
  const ratio = Number((price / tick).toFixed(6));
  return Number.isInteger(ratio) && Number(price.toFixed(decimals)) === price;
}

/** A replay file written from the simulator's trades plus rows at closed hours, which the replay must drop. */
function replayCsv(): string {
  const source = createSimulatedSource({ seed: 7 });
  for (const instrument of instruments) source.start(instrument, instrument.referencePrice, true);
  const lines = ['timestamp,code,price,size'];
  for (const moment of steps) {
    for (const trade of source.next(moment, () => 1))
      lines.push(`${trade.timestamp},${trade.code},${trade.price.toFixed(6)},${trade.size}`);
  }
  return lines.join('\n');
}
const csv = replayCsv();

function run(makeSource: () => TradeSource, clock: 'real' | 'always-open' = 'real') {
  const source = makeSource();
  const book = createQuoteBook({ clock, seed });
  for (const instrument of instruments) {
    book.add(
      instrument,
      instrument.referencePrice,
      { date: '2026-11-19', open: 1, high: 1, low: 1, close: 1, volume: 0, prevClose: instrument.referencePrice },
      fridayOpen,
    );
    source.start(instrument, instrument.referencePrice, book.activityOf(instrument, fridayOpen) > 0);
  }
  const trades: Trade[] = [];
  for (const moment of steps) {
    const batch = source.next(moment, book.activityOf);
    for (const trade of batch) book.apply(trade);
    book.refreshStatuses(moment);
    trades.push(...batch);
  }
  return { trades, candles: book.takeCandles(), ticks: book.takeTicks(true) };
}

describe.each([
  ['the simulated market', () => createSimulatedSource({ seed })],
  ['the replayed file', () => createReplaySource(csv)],
])('%s as a source of the feed', (_name, makeSource) => {
  it('gives the same series for the same input', () => {
    expect(run(makeSource).trades).toEqual(run(makeSource).trades);
  });

  it('trades on the tick grid only, at positive prices', () => {
    const { trades } = run(makeSource);
    expect(trades.length).toBeGreaterThan(100);
    for (const trade of trades) {
      const instrument = catalog.byCode.get(trade.code) as Instrument;
      expect(trade.price).toBeGreaterThan(0);
      expect(isMultipleOfTick(instrument, trade.price), `${trade.code} ${trade.price}`).toBe(true);
    }
  });

  it('never trades while a market is closed', () => {
    const { trades } = run(makeSource);
    for (const trade of trades) {
      const instrument = catalog.byCode.get(trade.code) as Instrument;
      expect(['open', 'pre', 'post'], `${trade.code} at ${new Date(trade.timestamp).toISOString()}`).toContain(
        statusAt(calendars[instrument.calendar], trade.timestamp),
      );
    }
    // AAPL trades on Friday between 10:00 and 20:00 New York only (post-market included); 2330 (Taipei) not at all in these hours.
    const apple = trades.filter((trade) => trade.code === 'AAPL');
    expect(apple.length).toBeGreaterThan(0);
    expect(Math.max(...apple.map((trade) => trade.timestamp))).toBeLessThan(Date.parse('2026-11-21T01:00:00Z'));
    expect(trades.filter((trade) => trade.code === '2330')).toEqual([]);
  });

  it('builds consistent candles and quotes from its trades', () => {
    const { candles, ticks, trades } = run(makeSource);
    for (const candle of candles) {
      const [open, high, low, close] = [candle.open, candle.high, candle.low, candle.close].map(Number) as [number, number, number, number];
      expect(low).toBeLessThanOrEqual(Math.min(open, close));
      expect(high).toBeGreaterThanOrEqual(Math.max(open, close));
    }
    const apple = ticks.find((tick) => tick.code === 'AAPL');
    const appleVolume = trades.filter((trade) => trade.code === 'AAPL').reduce((sum, trade) => sum + trade.size, 0);
    expect(apple?.volume).toBe(String(appleVolume));
    expect(Number(apple?.ask)).toBeGreaterThan(Number(apple?.bid));
    expect(apple?.marketStatus).toBe('closed');
  });
});

describe('the simulated market', () => {
  it('trades US stocks in the post-market, less often and in smaller sizes than in the session', () => {
    const { trades } = run(() => createSimulatedSource({ seed }));
    const apple = trades.filter((trade) => trade.code === 'AAPL');
    const inSession = apple.filter((trade) => statusAt(calendars.US, trade.timestamp) === 'open');
    const post = apple.filter((trade) => statusAt(calendars.US, trade.timestamp) === 'post');
    // Friday 10:00–16:00 is 360 minutes of session, 16:00–20:00 is 240 minutes of post-market.
    expect(post.length).toBeGreaterThan(0);
    expect(post.length / 240).toBeLessThan((inSession.length / 360) * 0.5);
    const meanSize = (list: Trade[]) => list.reduce((sum, trade) => sum + trade.size, 0) / list.length;
    expect(meanSize(post)).toBeLessThan(meanSize(inSession));
    // Futures and forex have no extended hours: their trades are all in the session.
    for (const trade of trades.filter((item) => item.code === 'ESZ6')) expect(statusAt(calendars.CME, trade.timestamp)).toBe('open');
  });

  it('says post for a US stock after 16:00 New York, and closed for a US index, which has no extended hours', () => {
    const usCatalog = createCatalog(['AAPL', 'SPX']);
    const book = createQuoteBook({ clock: 'real', seed });
    const post = Date.parse('2026-11-20T22:00:00Z');
    for (const instrument of usCatalog.instruments) {
      book.add(
        instrument,
        instrument.referencePrice,
        { date: '2026-11-20', open: 1, high: 1, low: 1, close: 1, volume: 0, prevClose: 1 },
        post,
      );
    }
    const statuses = Object.fromEntries(book.takeTicks(true).map((tick) => [tick.code, tick.marketStatus]));
    expect(statuses).toEqual({ AAPL: 'post', SPX: 'closed' });
    const [apple, index] = usCatalog.instruments as [Instrument, Instrument];
    expect(book.activityOf(apple, post)).toBeGreaterThan(0);
    expect(book.activityOf(apple, post)).toBeLessThan(1);
    expect(book.activityOf(index, post)).toBe(0);
  });

  it('gives another series for another seed', () => {
    const first = run(() => createSimulatedSource({ seed: 1 })).trades;
    const second = run(() => createSimulatedSource({ seed: 2 })).trades;
    expect(first.map((trade) => trade.price)).not.toEqual(second.map((trade) => trade.price));
  });

  it('trades every market in always-open mode, weekends included', () => {
    const { trades } = run(() => createSimulatedSource({ seed }), 'always-open');
    const saturday = trades.filter((trade) => trade.timestamp > Date.parse('2026-11-21T05:00:00Z'));
    expect(new Set(saturday.map((trade) => trade.code))).toEqual(new Set(['AAPL', '2330', 'ESZ6', 'EURUSD']));
  });

  it('backfills a year of daily candles and five trading days of minutes, the same for the same seed', () => {
    const apple = catalog.byCode.get('AAPL') as Instrument;
    const end = Date.parse('2026-11-21T12:00:00Z');
    const history = generateHistory(apple, seed, null, end);
    expect(generateHistory(apple, seed, null, end)).toEqual(history);
    expect(generateHistory(apple, seed + 1, null, end).minutes).not.toEqual(history.minutes);
    expect(history.daily.length).toBeGreaterThanOrEqual(245);
    expect(history.daily.length).toBeLessThanOrEqual(256);
    expect(history.minutes).toHaveLength(MINUTE_HISTORY_TRADING_DAYS * 390);
    const lastDay = history.daily[history.daily.length - 1];
    expect(lastDay?.time).toBe(Date.parse('2026-11-20T00:00:00Z'));
    expect(lastDay?.close).toBe(history.minutes[history.minutes.length - 1]?.close);
    // Thanksgiving week: no candle on the holiday.
    expect(history.daily.some((row) => row.time === Date.parse('2026-07-03T00:00:00Z'))).toBe(false);
    for (const minute of history.minutes) expect(statusAt(calendars.US, minute.time)).toBe('open');
    // The open of a day differs from the previous close: the overnight gap.
    const gaps = history.daily.slice(1).filter((row, index) => row.open !== history.daily[index]?.close);
    expect(gaps.length).toBeGreaterThan(history.daily.length / 2);
  });

  it("writes grain futures' minutes only inside their CBOT hours, none in the morning pause", () => {
    const corn = createCatalog(['ZCH7']).byCode.get('ZCH7') as Instrument;
    expect(corn.calendar).toBe('CBOT_GRAINS');
    const { minutes } = generateHistory(corn, seed, null, Date.parse('2026-11-21T12:00:00Z'));
    // Five trading days of 20:00-08:45 and 09:30-14:20 New York: 1,055 minutes each.
    expect(minutes).toHaveLength(MINUTE_HISTORY_TRADING_DAYS * 1_055);
    for (const minute of minutes) expect(statusAt(calendars.CBOT_GRAINS, minute.time)).toBe('open');
  });

  it('prices a stock listed by an IPO from its listing instant, starting at the offer price (issue 18)', () => {
    const listedAtMs = Date.parse('2026-11-18T15:00:00Z');
    const listing = {
      code: 'NEWCO',
      name: 'NewCo Inc.',
      market: 'NASDAQ',
      price: 10,
      shares: 1_000_000,
      listedOn: '2026-11-18',
      listedAtMs,
    };
    const instrument = newListingOf(listing);
    const after = generateHistory(instrument, seed, null, Date.parse('2026-11-19T21:00:00Z'));
    expect(after.minutes.length).toBeGreaterThan(0);
    for (const minute of after.minutes) expect(minute.time).toBeGreaterThanOrEqual(listedAtMs);
    expect(Number(after.minutes[0]?.open)).toBeCloseTo(10, 0);
  });

  it('continues a stored history to now instead of starting over', () => {
    const future = catalog.byCode.get('ESZ6') as Instrument;
    const first = generateHistory(future, seed, null, Date.parse('2026-11-18T12:00:00Z'));
    const continued = generateHistory(future, seed, first.state, Date.parse('2026-11-19T12:00:00Z'));
    expect(continued.minutes[0]?.time).toBe(first.state.time);
    expect(continued.minutes[0]?.open).toBe(first.minutes[first.minutes.length - 1]?.close);
    expect(continued.daily.length).toBeLessThanOrEqual(2);
  });
});
