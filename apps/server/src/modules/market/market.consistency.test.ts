import { SIMULATED_DATA_SOURCE } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testInstrumentCodes } from '../../test/test-app.ts';
import { createCatalog, decimalsOf, type Instrument, tickSizeAt } from './instruments.ts';

type Candle = { time: number; open: string; high: string; low: string; close: string; volume: string };
type Kline = {
  type: string;
  interval: string;
  prevClose: string | null;
  extendedHours: Array<{ start: number; end: number }>;
  candles: Candle[];
};
type Row = Record<string, unknown> & { stock_code: string; price_nominal: string; change: string; currencySymbol: string; source: string };
type Detail = Row & Record<'open' | 'high' | 'low' | 'prev_close' | 'bid' | 'ask' | 'high_52w' | 'low_52w' | 'amplitude' | 'last', string>;

const catalog = createCatalog(testInstrumentCodes);
/** A market clock that starts at an instant and then runs in real time. */
const clockFrom = (iso: string) => {
  const offset = Date.parse(iso) - Date.now();
  return () => Date.now() + offset;
};
/** The decimals of the instrument's tick at a price: what every price of it must be written with. */
const tickDecimals = (instrument: Instrument, price: string) => decimalsOf(tickSizeAt(instrument.tickRule, Number(price)));

describe('figures that agree with each other, through the API', () => {
  let testApp: TestApp;
  const get = async <T>(path: string) => {
    const response = await testApp.call<T>(path, { method: 'GET' });
    expect(response.body.code, path).toBe(200);
    return response.body.data;
  };

  beforeAll(async () => {
    // The feed moves only when the test drives it, so two reads see the same quote.
    // The market's clock runs from a Tuesday morning in New York, whatever day the suite runs on.
    testApp = await startTestApp({
      shouldStartMarketFeed: true,
      configOverrides: { MARKET_TICK_MS: '60000' },
      appOptions: { marketNow: clockFrom('2026-11-17T15:00:00Z') },
    });
    await testApp.app.market.feed.ready();
    await testApp.app.market.feed.historyStored();
    for (let round = 0; round < 40; round += 1) await testApp.app.market.feed.runRound();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('takes the 52-week range, day range, previous close and amplitude from the candles the charts draw', async () => {
    for (const code of testInstrumentCodes) {
      const detail = await get<Detail>(`/m_ft/detail_quote?stockCode=${code}`);
      const { candles } = await get<Kline>(`/m_ft/kline?stockCode=${code}&type=1Y`);
      const highs = candles.map((candle) => new Decimal(candle.high));
      const lows = candles.map((candle) => new Decimal(candle.low));
      expect(detail.high_52w, code).toBe(Decimal.max(...highs).toFixed(decimalsOf(detail.high_52w)));
      expect(detail.low_52w, code).toBe(Decimal.min(...lows).toFixed(decimalsOf(detail.low_52w)));
      const [previous, today] = candles.slice(-2) as [Candle, Candle];
      expect({ open: detail.open, high: detail.high, low: detail.low, last: detail.last }, code).toEqual({
        open: today.open,
        high: today.high,
        low: today.low,
        last: today.close,
      });
      expect(detail.prev_close, code).toBe(previous.close);
      const amplitude = new Decimal(today.high).minus(today.low).div(previous.close).times(100);
      expect(detail.amplitude, code).toBe(amplitude.toFixed(2));
    }
  });

  it("writes every price of every instrument with its tick's decimals in every market answer (EUR/USD with 5)", async () => {
    const rows = [
      ...(await get<{ list: Row[] }>('/m_ft/all_stock_list?pageSize=100')).list,
      ...(await get<{ list: Row[] }>('/m_ft/futures_list?type=all')).list,
      ...(await get<Row[]>('/m_ft/global_index')),
      ...(await get<Row[]>(`/quotes/getStock?codes=${testInstrumentCodes.join(',')}`)),
    ];
    expect(new Set(rows.map((row) => row.stock_code))).toEqual(new Set(testInstrumentCodes));
    for (const row of rows) {
      const instrument = catalog.byCode.get(row.stock_code) as Instrument;
      const decimals = tickDecimals(instrument, row.price_nominal);
      expect(decimalsOf(row.price_nominal), row.stock_code).toBe(decimals);
      expect(decimalsOf(row.change), `${row.stock_code} change ${row.change}`).toBe(decimals);
    }
    expect(decimalsOf(rows.find((row) => row.stock_code === 'EURUSD')?.price_nominal ?? '')).toBe(5);
    for (const code of testInstrumentCodes) {
      const instrument = catalog.byCode.get(code) as Instrument;
      const detail = await get<Detail>(`/m_ft/detail_quote?stockCode=${code}`);
      for (const field of ['last', 'open', 'high', 'low', 'prev_close', 'bid', 'ask', 'high_52w', 'low_52w'] as const) {
        expect(decimalsOf(detail[field]), `${code} ${field} ${detail[field]}`).toBe(tickDecimals(instrument, detail[field]));
      }
      for (const type of ['1m', '5m', '15m', '1h', '1D', '1W', '1M', '3M', '1Y']) {
        const kline = await get<Kline>(`/m_ft/kline?stockCode=${code}&type=${type}`);
        for (const candle of kline.candles) {
          for (const price of [candle.open, candle.high, candle.low, candle.close]) {
            expect(decimalsOf(price), `${code} ${type} ${price}`).toBe(tickDecimals(instrument, price));
          }
        }
      }
    }
  });

  it('shows indices as points, never money, and says every quote is simulated', async () => {
    const indices = await get<Row[]>('/m_ft/global_index');
    expect(indices.map((row) => row.currencySymbol)).toEqual(indices.map(() => ''));
    const detail = await get<Detail>('/m_ft/detail_quote?stockCode=SPX');
    expect(detail.currencySymbol).toBe('');
    const rows = await get<Row[]>(`/quotes/getStock?codes=${testInstrumentCodes.join(',')}`);
    expect(rows.map((row) => row.dataSource)).toEqual(rows.map(() => SIMULATED_DATA_SOURCE));
    expect(detail.dataSource).toBe(SIMULATED_DATA_SOURCE);
    // Money stays money: a stock still has its symbol.
    expect(rows.find((row) => row.stock_code === '2330')?.currencySymbol).toBe('NT$');
  });

  it("draws 1D as the quote's session from its open, with the previous close and a US stock's pre- and post-market", async () => {
    const detail = await get<Detail>('/m_ft/detail_quote?stockCode=AAPL');
    const kline = await get<Kline>('/m_ft/kline?stockCode=AAPL&type=1D');
    expect(kline.prevClose).toBe(detail.prev_close);
    const tradeDate = (await testApp.app.market.feed.latest('AAPL'))?.tradeDate as string;
    // 04:00 to 09:30 and 16:00 to 20:00 New York of the trade date (UTC-5 in winter, UTC-4 in summer).
    const [pre, post] = kline.extendedHours as [{ start: number; end: number }, { start: number; end: number }];
    expect(kline.extendedHours).toHaveLength(2);
    expect(pre.end - pre.start).toBe(5.5 * 3600);
    expect(post.end - post.start).toBe(4 * 3600);
    const dayStart = Date.parse(`${tradeDate}T00:00:00Z`) / 1000;
    expect(pre.start - dayStart).toBeGreaterThanOrEqual(8 * 3600);
    expect(pre.start - dayStart).toBeLessThanOrEqual(9 * 3600);
    // Every candle is of that session: none from a day before, as a rolling 24 hours would show.
    expect(kline.candles.length).toBeGreaterThan(0);
    for (const candle of kline.candles) {
      expect(candle.time).toBeGreaterThanOrEqual(pre.start);
      expect(candle.time).toBeLessThan(post.end);
    }
    // An index has its regular session only, and no shading.
    const index = await get<Kline>('/m_ft/kline?stockCode=SPX&type=1D');
    expect(index.extendedHours).toEqual([]);
    const daily = await get<Kline>('/m_ft/kline?stockCode=AAPL&type=1M');
    expect({ prevClose: daily.prevClose, extendedHours: daily.extendedHours }).toEqual({ prevClose: null, extendedHours: [] });
  });

  it('builds the 5m, 15m and 1h candles from the same one-minute candles the 1m chart draws', async () => {
    const minutes = await get<Kline>('/m_ft/kline?stockCode=AAPL&type=1m');
    expect(minutes.interval).toBe('1m');
    // The latest 390 minutes, across the overnight pause: Tuesday's first half hour and Monday's session before it.
    expect(minutes.candles).toHaveLength(390);
    expect(minutes.candles.at(-1)?.time).toBeLessThanOrEqual(Date.parse('2026-11-17T15:00:00Z') / 1000);
    const firstMinute = minutes.candles[0]?.time ?? 0;
    for (const [type, seconds] of [
      ['5m', 300],
      ['15m', 900],
      ['1h', 3600],
    ] as const) {
      const kline = await get<Kline>(`/m_ft/kline?stockCode=AAPL&type=${type}`);
      expect(kline.interval, type).toBe(type);
      // More days than the 1m chart (the stored minutes of the last five trading days), at most 390 bars.
      expect(kline.candles.length, type).toBeGreaterThan({ '5m': 150, '15m': 80, '1h': 20 }[type]);
      expect(kline.candles.length, type).toBeLessThanOrEqual(390);
      let compared = 0;
      // Every bucket the 1m chart covers whole (not the one in progress) is those minutes combined.
      for (const candle of kline.candles.slice(0, -1)) {
        expect(candle.time % seconds, `${type} ${candle.time}`).toBe(0);
        if (candle.time < firstMinute) continue;
        const inside = minutes.candles.filter((minute) => minute.time >= candle.time && minute.time < candle.time + seconds);
        expect(inside.length, `${type} ${candle.time}`).toBeGreaterThan(0);
        expect(candle, `${type} ${candle.time}`).toEqual({
          time: candle.time,
          open: inside[0]?.open,
          high: Decimal.max(...inside.map((minute) => minute.high)).toFixed(decimalsOf(candle.high)),
          low: Decimal.min(...inside.map((minute) => minute.low)).toFixed(decimalsOf(candle.low)),
          close: inside.at(-1)?.close,
          volume: inside.reduce((sum, minute) => sum.plus(minute.volume), new Decimal(0)).toFixed(),
        });
        compared += 1;
      }
      expect(compared, type).toBeGreaterThan(type === '1h' ? 3 : 20);
    }
    const unknown = await testApp.call('/m_ft/kline?stockCode=AAPL&type=2m', { method: 'GET' });
    expect(unknown.body.code).not.toBe(200);
  });

  it("shows five levels a side around the feed's own bid and ask, and a tape of what the feed traded", async () => {
    type Depth = {
      isSimulated: boolean;
      bids: Array<{ price: string; volume: string }>;
      asks: Array<{ price: string; volume: string }>;
      trades: Array<{ time: number; price: string; volume: string; side: string }>;
    };
    for (const code of ['AAPL', 'EURUSD', 'ESZ6', '2330']) {
      const instrument = catalog.byCode.get(code) as Instrument;
      const detail = await get<Detail & { bid_volume: string; ask_volume: string; volume: string }>(`/m_ft/detail_quote?stockCode=${code}`);
      const depth = await get<Depth>(`/m_ft/depth?stockCode=${code}`);
      expect(depth.isSimulated, code).toBe(true);
      expect(depth.bids[0], code).toEqual({ price: detail.bid, volume: detail.bid_volume });
      expect(depth.asks[0], code).toEqual({ price: detail.ask, volume: detail.ask_volume });
      expect([depth.bids.length, depth.asks.length], code).toEqual([5, 5]);
      for (const [side, levels] of [
        [-1, depth.bids],
        [1, depth.asks],
      ] as const) {
        for (const [index, level] of levels.entries()) {
          expect(decimalsOf(level.price), `${code} ${level.price}`).toBe(tickDecimals(instrument, level.price));
          expect(
            new Decimal(level.volume).gt(0) && new Decimal(level.volume).mod(instrument.lotSize).isZero(),
            `${code} ${level.volume}`,
          ).toBe(true);
          const previous = levels[index - 1];
          if (previous) expect(new Decimal(level.price).minus(previous.price).times(side).gt(0), `${code} level ${index}`).toBe(true);
        }
      }
      // The same quote gives the same book.
      expect(await get<Depth>(`/m_ft/depth?stockCode=${code}`), code).toEqual(depth);
      // Each print is part of the day's volume, at a price of the day's range, newest first.
      expect(depth.trades.length, code).toBeGreaterThan(0);
      const printed = depth.trades.reduce((sum, trade) => sum.plus(trade.volume), new Decimal(0));
      expect(printed.lte(detail.volume), code).toBe(true);
      for (const [index, trade] of depth.trades.entries()) {
        expect(new Decimal(trade.price).gte(detail.low) && new Decimal(trade.price).lte(detail.high), `${code} ${trade.price}`).toBe(true);
        expect(['buy', 'sell', 'neutral']).toContain(trade.side);
        expect(trade.time).toBeLessThanOrEqual(depth.trades[index - 1]?.time ?? Number.POSITIVE_INFINITY);
      }
    }
    const index = await get<Depth>('/m_ft/depth?stockCode=SPX');
    expect({ bids: index.bids, asks: index.asks, trades: index.trades }).toEqual({ bids: [], asks: [], trades: [] });
  });
  it("gives a stock's profile from the reference data at the simulated price, a future's contract and a pair's pip", async () => {
    type Profile = Detail &
      Record<
        'gics_sector' | 'sector' | 'eps' | 'pe_ratio' | 'dividend_yield' | 'pip_size' | 'pip_value' | 'pip_value_usd' | 'margin',
        string | null
      >;
    const apple = await get<Profile>('/m_ft/detail_quote?stockCode=AAPL');
    // The data's row: Technology Hardware, Storage & Peripherals; EPS 8.72; yield 0.35 % at 309.35.
    expect({ sector: apple.gics_sector, industry: apple.sector, eps: apple.eps }).toEqual({
      sector: 'informationTechnology',
      industry: 'Technology Hardware, Storage & Peripherals',
      eps: '8.72',
    });
    expect(apple.pe_ratio).toBe(new Decimal(apple.last).div('8.72').toFixed(2));
    expect(apple.dividend_yield).toBe(new Decimal('0.0035').times('309.35').div(apple.last).times(100).toFixed(2));
    const taiwan = await get<Profile>('/m_ft/detail_quote?stockCode=2330');
    expect([taiwan.gics_sector, taiwan.eps, taiwan.pe_ratio, taiwan.pip_size]).toEqual([null, null, null, null]);
    const future = await get<Profile>('/m_ft/detail_quote?stockCode=ESZ6');
    expect(future.margin).not.toBeNull();
    const euro = await get<Profile>('/m_ft/detail_quote?stockCode=EURUSD');
    expect([euro.pip_size, euro.pip_value, euro.pip_value_usd]).toEqual(['0.0001', '10.00', '10.00']);
    const dollar = await get<Profile>('/m_ft/detail_quote?stockCode=USDTWD');
    expect([dollar.pip_size, dollar.pip_value]).toEqual(['0.0001', '10.00']);
    expect(dollar.pip_value_usd).toBe(new Decimal(10).div(dollar.last).toFixed(2));
  });
  it('lists futures by family with their front month and roll date, and Taiwan stocks by sector with the TWSE status', async () => {
    type Month = { stock_code: string; contractMonth: string; lastTradeDate: string; rollDate: string | null; price_nominal: string };
    type Family = { group: string; products: Array<{ root: string; name: string; front: Month; next: Month | null }> };
    const families = await get<Family[]>('/m_ft/futures_families');
    expect(families.map((family) => family.group)).toEqual(['equity', 'metals']);
    const emini = families[0]?.products.find((product) => product.root === 'ES');
    // The December contract's last trade date is the third Friday, 18 December; five trading days before it is Friday the 11th.
    expect(emini?.front).toMatchObject({
      stock_code: 'ESZ6',
      contractMonth: '2026-12',
      lastTradeDate: '2026-12-18',
      rollDate: '2026-12-11',
    });
    expect(emini?.front.price_nominal).toBe((await get<Detail>('/m_ft/detail_quote?stockCode=ESZ6')).price_nominal);
    expect(families[1]?.products.map((product) => product.front.stock_code)).toEqual(['GCG7']);

    type Board = {
      status: string;
      nextOpenTimestamp: number | null;
      sessions: unknown[];
      sectors: Array<{ sector: string; rows: Array<{ stock_code: string }> }>;
    };
    const board = await get<Board>('/m_ft/taiwan_board');
    const [twse] = (
      await testApp.call<Array<{ status: string; nextOpenTimestamp: number | null }>>('/market/getMakets', { body: { markets: ['TWSE'] } })
    ).body.data;
    expect({ status: board.status, nextOpenTimestamp: board.nextOpenTimestamp }).toEqual({
      status: twse?.status,
      nextOpenTimestamp: twse?.nextOpenTimestamp,
    });
    expect(board.sessions).toEqual([{ kind: 'regular', start: '09:00', end: '13:30' }]);
    expect(board.sectors.flatMap((sector) => sector.rows.map((row) => row.stock_code))).toEqual(['2330']);
  });
});

describe("the 1D chart on a day the market does not trade, under the demo's always-open clock", () => {
  let testApp: TestApp;

  beforeAll(async () => {
    // Thanksgiving 2026, 10:00 in New York: the demo's clock trades, the calendar has no session.
    testApp = await startTestApp({
      shouldStartMarketFeed: true,
      configOverrides: { MARKET_TICK_MS: '60000' },
      appOptions: { marketNow: clockFrom('2026-11-26T15:00:00Z') },
    });
    await testApp.app.market.feed.ready();
    await testApp.app.market.feed.historyStored();
    for (let round = 0; round < 5; round += 1) await testApp.app.market.feed.runRound();
    // The minute traded since the clock started is stored, as the feed stores it every few seconds.
    await testApp.app.market.feed.flush();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it("shows the minutes traded since, with the previous session's, instead of a handful of bars", async () => {
    const response = await testApp.call<Kline>('/m_ft/kline?stockCode=AAPL&type=1D', { method: 'GET' });
    const kline = response.body.data;
    expect(kline.extendedHours).toEqual([]);
    // Wednesday's whole regular session (390 minutes), then the minute the demo clock has traded since.
    expect(kline.candles.length).toBe(391);
    const wednesdayOpen = Date.parse('2026-11-25T14:30:00Z') / 1000;
    expect(kline.candles[0]?.time).toBe(wednesdayOpen);
    expect(kline.candles.at(-1)?.time).toBe(Date.parse('2026-11-26T15:00:00Z') / 1000);
  });
});
