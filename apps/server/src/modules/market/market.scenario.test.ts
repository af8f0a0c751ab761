import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestApp, type TestApp, testInstrumentCodes } from '../../test/test-app.ts';

type Row = Record<string, unknown> & { stock_code: string };
type PageData = { list: Row[]; total: number; pageNum: number; pageSize: number; hasMore: boolean };

describe('market reads and the watchlist, through the API', () => {
  let testApp: TestApp;
  let ana: { token: string };
  let luis: { token: string };
  const get = <T>(path: string, options: { token?: string; language?: string } = {}) =>
    testApp.call<T>(path, { method: 'GET', ...options });

  beforeAll(async () => {
    testApp = await startTestApp({ shouldStartMarketFeed: true });
    await testApp.app.market.feed.ready();
    await testApp.app.market.feed.historyStored();
    ana = await registerUser(testApp);
    luis = await registerUser(testApp);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('lists stocks by US exchange, ranking and home market, paginated', async () => {
    const nasdaq = await get<PageData>('/m_ft/stock_list?type=NASDAQ');
    expect(nasdaq.body.code).toBe(200);
    expect(nasdaq.body.data.list.map((row) => row.stock_code).sort()).toEqual(['AAPL', 'MSFT']);
    const amex = await get<PageData>('/m_ft/stock_list?type=AMEX');
    expect(amex.body.data.list.map((row) => row.stock_code)).toEqual(['IMO']);
    const gainers = await get<PageData>('/m_ft/stock_list?type=gainers&pageSize=2');
    expect(gainers.body.data).toMatchObject({ total: 4, pageSize: 2, hasMore: true });
    const ratios = gainers.body.data.list.map((row) => Number(row.change_ratio));
    expect(ratios[0]).toBeGreaterThanOrEqual(ratios[1] ?? 0);
    const losers = await get<PageData>('/m_ft/stock_list?type=losers&pageNum=2&pageSize=2');
    expect(losers.body.data).toMatchObject({ pageNum: 2, hasMore: false });
    const argentina = await get<PageData>('/m_ft/stock_list?type=ARG');
    expect(argentina.body.data.list[0]).toMatchObject({
      stock_code: 'GGAL',
      currency: 'ARS',
      currencySymbol: 'ARS',
      source: 'ARG',
      market: 'BYMA',
    });
    const taiwan = await get<PageData>('/m_ft/stock_list?type=TW');
    expect(taiwan.body.data.list[0]).toMatchObject({ stock_code: '2330', currencySymbol: 'NT$', source: '7' });
    const active = await get<PageData>('/m_ft/stock_list?type=active');
    expect(active.body.data.list[0]).toMatchObject({
      name: expect.any(String),
      change: expect.stringMatching(/^-?\d+(\.\d+)?$/),
      price_nominal: expect.stringMatching(/^\d+(\.\d+)?$/),
      volume: expect.stringMatching(/^\d+$/),
      fall: expect.any(Boolean),
      marketStatus: 'open',
      selfSelectStatus: false,
      localLogoUrl: expect.stringMatching(/^\/web\/m_ft\/logo\//),
    });
  });

  it('lists futures by group, forex pairs and indices; futures contracts carry their last trade date', async () => {
    const all = await get<PageData>('/m_ft/futures_list');
    expect(all.body.data.list.map((row) => row.stock_code).sort()).toEqual(['ESZ6', 'GCG7']);
    const metals = await get<PageData>('/m_ft/futures_list?type=metals');
    expect(metals.body.data.list.map((row) => row.stock_code)).toEqual(['GCG7']);
    const forex = await get<PageData>('/m_ft/futures_list?type=forex');
    expect(forex.body.data.list.map((row) => row.stock_code).sort()).toEqual(['EURUSD', 'USDTWD']);
    const indices = await get<Row[]>('/m_ft/global_index');
    expect(indices.body.data.map((row) => row.stock_code).sort()).toEqual(['N225', 'SPX']);
    const contracts = await get<Array<Record<string, string>>>('/m_ft/futures_opt_list');
    expect(contracts.body.data).toContainEqual(
      expect.objectContaining({
        stock_code: 'ESZ6',
        lastTradeDate: '2026-12-18',
        contractMonth: '2026-12',
        multiplier: '50',
        tickSize: '0.25',
      }),
    );
  });

  it('answers every other read: all stocks, all instruments, top list, hot, home, new stocks, quotes by code', async () => {
    const stocks = await get<PageData>('/tg_st/all_stock_list?pageSize=3');
    expect(stocks.body.data).toMatchObject({ total: 6, hasMore: true });
    const instruments = await get<PageData>('/m_ft/all_stock_list?pageSize=100');
    expect(instruments.body.data.total).toBe(testInstrumentCodes.length);
    const futures = await get<PageData>('/m_ft/all_stock_list?source=3');
    expect(futures.body.data.total).toBe(2);
    const top = await get<{ gainers: Row[]; losers: Row[]; active: Row[] }>('/m_ft/topList');
    expect(top.body.data.gainers.length).toBeGreaterThan(0);
    expect(top.body.data.losers.length).toBeGreaterThan(0);
    const hot = await get<Row[]>('/m_ft/hot_stock');
    expect(hot.body.data.length).toBe(4);
    const home = await get<Row[]>('/m_ft/home_custom_list');
    expect(home.body.data.map((row) => row.stock_code)).toEqual(['AAPL', 'MSFT', '2330', 'GGAL', 'GCG7', 'ESZ6', 'EURUSD', 'USDTWD']);
    const fresh = await get<Array<Row & { listedOn: string }>>('/m_ft/recent_listings');
    expect(fresh.body.data).toEqual([expect.objectContaining({ stock_code: 'GEV', listedOn: '2024-04-02' })]);
    const quotes = await get<Row[]>('/quotes/getStock?codes=aapl,EURUSD');
    expect(quotes.body.data.map((row) => row.stock_code)).toEqual(['AAPL', 'EURUSD']);
    const unknown = await get('/quotes/getStock?codes=AAPL,NOPE', { language: 'ar' });
    expect(unknown.body).toMatchObject({ code: 3001, msg: 'No hay ningún instrumento con el código NOPE' });
  });

  it('shows the detail of a stock and of a future, and refuses unknown codes and markets in the user language', async () => {
    const apple = await get<Record<string, unknown>>('/m_ft/stock_detail_ft?stockCode=AAPL&market=NASDAQ');
    expect(apple.body.data).toMatchObject({
      stock_code: 'AAPL',
      market: 'NASDAQ',
      last: expect.any(String),
      open: expect.any(String),
      prev_close: expect.any(String),
      bid: expect.any(String),
      ask: expect.any(String),
      market_cap: expect.stringMatching(/^\d+$/),
      high_52w: expect.any(String),
      low_52w: expect.any(String),
      open_interest: null,
      timeZone: 'America/New_York',
    });
    expect(Number(apple.body.data.high)).toBeGreaterThanOrEqual(Number(apple.body.data.low));
    const future = await get<Record<string, unknown>>('/m_ft/detail_quote?stockCode=ESZ6');
    expect(future.body.data).toMatchObject({
      expiry_date: '2026-12-18',
      open_interest: expect.any(String),
      prev_settle: expect.any(String),
      multiplier: '50',
    });
    const summary = await get<Record<string, unknown>>('/m_ft/summary_detail?stockCode=2330&market=TWSE');
    expect(summary.body.data).toMatchObject({
      timeZone: 'Asia/Taipei',
      lot_size: '1000',
      sessions: [{ kind: 'regular', start: '09:00', end: '13:30' }],
    });

    const unknown = await get('/m_ft/stock_detail_ft?stockCode=ZZZZ', { language: 'de' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 3001, msg: 'Es gibt kein Instrument mit dem Kürzel ZZZZ', data: null });
    const wrongMarket = await get('/m_ft/stock_detail_ft?stockCode=AAPL&market=NYSE');
    expect(wrongMarket.body.code).toBe(3001);
    const unknownMarket = await get('/m_ft/stock_detail_ft?stockCode=AAPL&market=MARS', { language: 'ja' });
    expect(unknownMarket.body).toMatchObject({ code: 3002, msg: '不明な市場です: MARS' });
    const missing = await get('/m_ft/stock_detail_ft');
    expect(missing.body.code).toBe(1001);
    const badList = await get('/m_ft/stock_list?type=penny');
    expect(badList.body).toMatchObject({ code: 3004, msg: 'Unknown list penny' });
    const badFutures = await get('/m_ft/futures_list?type=crypto');
    expect(badFutures.body.code).toBe(3004);
    const hugePage = await get('/m_ft/stock_list?type=NYSE&pageSize=1000');
    expect(hugePage.body.code).toBe(1001);
    const badPage = await get('/m_ft/stock_list?type=NYSE&pageNum=abc');
    expect(badPage.body.code).toBe(1001);
  });

  it('serves K-lines of every time frame from the stored candles', async () => {
    const spacing = {
      '1m': 60,
      '5m': 300,
      '15m': 900,
      '1h': 3600,
      '1D': 60,
      '1W': 1800,
      '1M': 86_400,
      '3M': 86_400,
      '1Y': 86_400,
    } as const;
    for (const [type, seconds] of Object.entries(spacing)) {
      const response = await get<{
        interval: string;
        candles: Array<{ time: number; open: string; high: string; low: string; close: string }>;
      }>(`/m_ft/kline?stockCode=AAPL&type=${type}&market=US`);
      expect(response.body.code, type).toBe(200);
      const candles = response.body.data.candles;
      expect(candles.length, type).toBeGreaterThan(type === '1M' ? 15 : type === '1Y' ? 240 : 5);
      for (let index = 1; index < candles.length; index += 1) {
        const step = (candles[index]?.time ?? 0) - (candles[index - 1]?.time ?? 0);
        expect(step % seconds, `${type} step ${step}`).toBe(0);
      }
      for (const candle of candles) expect(Number(candle.high)).toBeGreaterThanOrEqual(Number(candle.low));
    }
    // The daily frames end with the day in progress as the live quote has it.
    const feed = testApp.app.market.feed;
    for (let round = 0; round < 5; round += 1) await feed.runRound();
    // (A round of the feed's own timer may land during the request: then the request is made again.)
    for (let attempt = 0; ; attempt += 1) {
      const before = feed.latest('AAPL');
      const year = await get<{ candles: Array<{ close: string; high: string; low: string; volume: string }> }>(
        '/m_ft/kline?stockCode=AAPL&type=1Y',
      );
      if (feed.latest('AAPL') !== before && attempt < 5) continue;
      expect(year.body.data.candles.at(-1)).toMatchObject({
        close: before?.price,
        high: before?.high,
        low: before?.low,
        volume: before?.volume,
      });
      break;
    }
    const yearOfGold = await get<{ candles: unknown[] }>('/m_ft/kline?stockCode=GCG7&type=1Y');
    expect(yearOfGold.body.data.candles.length).toBeGreaterThan(240);
    const badType = await get('/m_ft/kline?stockCode=AAPL&type=5Y', { language: 'zh-CN' });
    expect(badType.body).toMatchObject({ code: 3003, msg: '未知周期 5Y，请选择 1D、1W、1M、3M 或 1Y' });
    const badCode = await get('/m_ft/kline?stockCode=NOPE&type=1D');
    expect(badCode.body.code).toBe(3001);
  });

  it('searches every market by code and name, and lists markets and trading days', async () => {
    const byCode = await testApp.call<PageData>('/market/getMaket', { body: { stkcode: 'aap' } });
    expect(byCode.body.data.list[0]?.stock_code).toBe('AAPL');
    const byName = await testApp.call<PageData>('/market/getMaket', { body: { stkName: 'gold' } });
    expect(byName.body.data.list.map((row) => row.stock_code)).toEqual(['GCG7']);
    const byChineseName = await testApp.call<PageData>('/market/getMaket', { body: { stkName: '台積電' } });
    expect(byChineseName.body.data.list.map((row) => row.stock_code)).toEqual(['2330']);
    const nothing = await testApp.call<PageData>('/market/getMaket', { body: { stkcode: 'QQQQQ' } });
    expect(nothing.body.data).toMatchObject({ list: [], total: 0 });

    const markets = await testApp.call<Array<{ market: string; status: string }>>('/market/getMakets', { body: {} });
    expect(markets.body.data.map((market) => market.market)).toEqual([
      'US',
      'BYMA',
      'TWSE',
      'CME',
      'CBOT_GRAINS',
      'FX',
      'JPX',
      'XETRA',
      'LSE',
      'HKEX',
      'SSE',
    ]);
    expect(markets.body.data.every((market) => market.status === 'open')).toBe(true);
    const unknown = await testApp.call('/market/getMakets', { body: { markets: ['MOON'] } });
    expect(unknown.body.code).toBe(3002);

    const week = await testApp.call<{ list: Array<{ date: string; isTradingDay: boolean; isHoliday: boolean; sessions: unknown[] }> }>(
      '/stocka_trading_day/getPageList',
      { body: { market: 'NASDAQ', from: '2026-11-23', to: '2026-11-29' } },
    );
    expect(week.body.data.list.map((day) => [day.date, day.isTradingDay, day.isHoliday])).toEqual([
      ['2026-11-23', true, false],
      ['2026-11-24', true, false],
      ['2026-11-25', true, false],
      ['2026-11-26', false, true],
      ['2026-11-27', true, false],
      ['2026-11-28', false, false],
      ['2026-11-29', false, false],
    ]);
    const badDate = await testApp.call('/stocka_trading_day/getPageList', { body: { market: 'US', from: '26/11/2026' } });
    expect(badDate.body.code).toBe(1001);
    const badMarket = await testApp.call('/stocka_trading_day/getPageList', { body: { market: 'ATLANTIS' } });
    expect(badMarket.body.code).toBe(3002);
  });

  it('keeps each user their own watchlist: add, see it marked, reorder, and remove; never another user’s rows', async () => {
    const anonymous = await get('/userSelfSecurity/selectSelfSelectionStocksData');
    expect(anonymous.status).toBe(401);

    const save = (token: string, code: string, source: string, market: string) =>
      testApp.call<{ id: string }>('/userSelfSecurity/save', {
        token,
        body: { assettype: source, securityName: code, secuCode: code, market, classify: 'US' },
      });
    const apple = await save(ana.token, 'AAPL', '0', 'NASDAQ');
    expect(apple.body.code).toBe(200);
    const again = await save(ana.token, 'AAPL', '0', 'NASDAQ');
    expect(again.body.data.id).toBe(apple.body.data.id);
    const gold = await save(ana.token, 'GCG7', '3', 'COMEX');
    const euro = await save(ana.token, 'EURUSD', '2', 'FX');
    expect((await save(ana.token, 'NOPE', '0', 'NYSE')).body.code).toBe(3001);
    expect((await save(ana.token, 'AAPL', '3', 'NASDAQ')).body.code).toBe(3001);
    const bad = await testApp.call('/userSelfSecurity/save', { token: ana.token, body: { assettype: '5', secuCode: 'AAPL' } });
    expect(bad.body.code).toBe(1001);

    const list = await get<Array<Record<string, unknown>>>('/userSelfSecurity/selectSelfSelectionStocksData', { token: ana.token });
    expect(list.body.data.map((row) => row.c)).toEqual(['EURUSD', 'GCG7', 'AAPL']);
    expect(list.body.data[2]).toMatchObject({
      id: apple.body.data.id,
      n: 'Apple Inc.',
      m: 'NASDAQ',
      s: '0',
      p: expect.any(String),
      ch: expect.any(String),
      cr: expect.any(String),
      v: expect.any(String),
      cs: '$',
    });

    const detail = await get<{ selfSelectStatus: boolean }>('/m_ft/stock_detail_ft?stockCode=AAPL', { token: ana.token });
    expect(detail.body.data.selfSelectStatus).toBe(true);
    const detailForLuis = await get<{ selfSelectStatus: boolean }>('/m_ft/stock_detail_ft?stockCode=AAPL', { token: luis.token });
    expect(detailForLuis.body.data.selfSelectStatus).toBe(false);
    const home = await get<Row[]>('/m_ft/home_custom_list', { token: ana.token });
    expect(home.body.data.map((row) => row.stock_code)).toEqual(['EURUSD', 'GCG7', 'AAPL']);

    const sorted = await testApp.call('/userSelfSecurity/sort', {
      token: ana.token,
      body: { ids: [apple.body.data.id, euro.body.data.id, gold.body.data.id] },
    });
    expect(sorted.body.code).toBe(200);
    const reordered = await get<Array<{ c: string }>>('/userSelfSecurity/selectSelfSelectionStocksData', { token: ana.token });
    expect(reordered.body.data.map((row) => row.c)).toEqual(['AAPL', 'EURUSD', 'GCG7']);

    // Luis sees nothing of Ana's and cannot delete her rows, by id or by code.
    const luisList = await get<unknown[]>('/userSelfSecurity/selectSelfSelectionStocksData', { token: luis.token });
    expect(luisList.body.data).toEqual([]);
    const stolen = await testApp.call(`/userSelfSecurity/delete/${apple.body.data.id}`, { token: luis.token, language: 'ar' });
    expect(stolen.body).toMatchObject({ code: 3005, msg: 'Este instrumento no está en su lista de seguimiento' });
    const stolenByCode = await testApp.call('/userSelfSecurity/deleteByStockCode/AAPL', { token: luis.token });
    expect(stolenByCode.body.code).toBe(3005);
    await testApp.call('/userSelfSecurity/sort', { token: luis.token, body: { ids: [gold.body.data.id, apple.body.data.id] } });
    const untouched = await get<Array<{ c: string }>>('/userSelfSecurity/selectSelfSelectionStocksData', { token: ana.token });
    expect(untouched.body.data.map((row) => row.c)).toEqual(['AAPL', 'EURUSD', 'GCG7']);

    expect((await testApp.call(`/userSelfSecurity/delete/${apple.body.data.id}`, { token: ana.token })).body.code).toBe(200);
    expect((await testApp.call('/userSelfSecurity/deleteByStockCode/gcg7', { token: ana.token })).body.code).toBe(200);
    expect((await testApp.call('/userSelfSecurity/delete/abc', { token: ana.token })).body.code).toBe(1001);
    expect((await testApp.call(`/userSelfSecurity/delete/${apple.body.data.id}`, { token: ana.token })).body.code).toBe(3005);
    const left = await get<Array<{ c: string }>>('/userSelfSecurity/selectSelfSelectionStocksData', { token: ana.token });
    expect(left.body.data.map((row) => row.c)).toEqual(['EURUSD']);
  });

  it('converts currencies at the live forex quotes', () => {
    const market = testApp.app.market;
    const usdTwd = Number(market.feed.latest('USDTWD')?.price);
    const eurUsd = Number(market.feed.latest('EURUSD')?.price);
    expect(market.service.convert('100', 'USD', 'TWD')).toBe((100 * usdTwd).toFixed(2));
    expect(Number(market.service.convert('100', 'EUR', 'TWD'))).toBeCloseTo(100 * eurUsd * usdTwd, 1);
    expect(market.service.convert('12.345', 'USD', 'USD')).toBe('12.35');
    expect(() => market.service.convert('1', 'USD', 'XAU')).toThrow();
  });

  it('draws each instrument a logo, with no external URL', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/web/m_ft/logo/AAPL.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain('>AAPL</text>');
    expect(response.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    const missing = await testApp.app.inject({ method: 'GET', url: '/web/m_ft/logo/NOPE.svg' });
    expect(missing.statusCode).toBe(404);
  });
});
