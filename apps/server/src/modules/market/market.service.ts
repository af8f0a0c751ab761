import {
  type Candle,
  currencySymbolOf,
  type FuturesContract,
  futuresListTypes,
  type Kline,
  type KlineType,
  klineTypes,
  logoPathOf,
  type MarketSummary,
  type Page,
  type QuoteDetail,
  type QuoteRow,
  type QuoteTick,
  type StockListType,
  type SummaryDetail,
  stockListTypes,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import type { Database } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import {
  addDays,
  type CalendarId,
  type ClockMode,
  calendarIds,
  calendars,
  isHoliday,
  isTradingDate,
  localTimeOf,
  nextOpenAfter,
  sessionsOf,
  sessionTimesOf,
  statusAt,
} from './calendars.ts';
import { createDailyCandleCache, DAILY_LOOKBACK_MS } from './daily-candles.ts';
import { createDepth } from './depth.ts';
import type { CandleRow } from './feed-types.ts';
import { isExpiredAt } from './futures-terms.ts';
import { gicsSectorOf } from './gics.ts';
import { type Catalog, type Instrument, priceSymbolOf, tickSizeAt } from './instruments.ts';
import { aggregateCandles, klineFrames, latestSession, sessionWindowOf, toWireCandle } from './klines.ts';
import * as repository from './market.repository.ts';
import type { FeedEngine } from './market-feed.ts';
import { createProductPages } from './product-pages.ts';
import { createWatchlist } from './watchlist.ts';

export type Viewer = { userId: number } | undefined;

/**
 * Instruments the home page features when the visitor has no watchlist of their own; a futures
 * root (GC, ES) stands for the product's front contract, so the page follows the roll.
 */
const HOME_FEATURED = ['AAPL', 'NVDA', 'TSLA', 'MSFT', 'AMZN', '2330', 'GGAL', 'YPFD', 'GC', 'ES', 'EURUSD', 'USDTWD', 'USDARS'];
/** The futures roots among them (ES is also Eversource Energy's stock ticker, which the page does not mean). */
const HOME_FEATURED_ROOTS = new Set(['GC', 'ES']);
/** Markets accepted in a `market` parameter besides the listing markets: the calendars and "US". */
const MARKET_ALIASES: Record<string, (instrument: Instrument) => boolean> = {
  US: (instrument) => instrument.calendar === 'US' && instrument.source === '0',
  ARG: (instrument) => instrument.source === 'ARG',
  TW: (instrument) => instrument.source === '7',
};
const KLINE_CACHE_MS = 5_000;
const DAY_MS = 86_400_000;
/** How far back the 1D chart looks for the previous session when the trade date has none, and the run it must make. */
const FALLBACK_LOOKBACK_MS = 5 * DAY_MS;
const FALLBACK_MINIMUM_CANDLES = 60;

function pageOfList<T>(list: readonly T[], pageNum: number, pageSize: number): Page<T> {
  const start = (pageNum - 1) * pageSize;
  return { list: list.slice(start, start + pageSize), total: list.length, pageNum, pageSize, hasMore: start + pageSize < list.length };
}

export type MarketService = ReturnType<typeof createMarketService>;

export function createMarketService(dependencies: {
  db: Database;
  catalog: Catalog;
  feed: FeedEngine;
  clock: ClockMode;
  now?: () => number;
}) {
  const { db, catalog, feed, clock } = dependencies;
  const now = dependencies.now ?? Date.now;
  const listingMarkets = new Set(catalog.instruments.map((instrument) => instrument.market));
  const klineCache = new Map<string, { expiresAt: number; value: Kline }>();
  const dailyCandles = createDailyCandleCache({
    async read(code) {
      const latest = await repository.latestCandleTime(db, code, '1d');
      return latest === undefined ? [] : repository.readCandles(db, code, '1d', latest - DAILY_LOOKBACK_MS, latest);
    },
    latest: (code) => feed.latest(code),
    now,
  });
  /** The wire form of a daily K-line, made once per set of candles (a new quote makes a new set). */
  const dailyKlines = new WeakMap<readonly CandleRow[], Map<KlineType, Kline>>();
  /**
   * The wire candle of each stored row, made once: a new quote replaces only the last row, so the
   * K-lines of successive quotes share their other candles (and the route reuses their JSON).
   */
  const wireCandles = new WeakMap<CandleRow, Candle>();
  const wireCandleOf = (row: CandleRow) => {
    let candle = wireCandles.get(row);
    if (!candle) {
      candle = toWireCandle(row);
      wireCandles.set(row, candle);
    }
    return candle;
  };

  function tickOf(instrument: Instrument): QuoteTick {
    const tick = feed.latest(instrument.code);
    if (!tick) throw new AppError('MARKET_DATA_STARTING');
    return tick;
  }

  function requireInstrument(code: string, market?: string): Instrument {
    if (market !== undefined && !listingMarkets.has(market) && !MARKET_ALIASES[market] && !calendarIds.includes(market as CalendarId)) {
      throw new AppError('MARKET_UNKNOWN', { market });
    }
    const instrument = catalog.byCode.get(code);
    if (!instrument) throw new AppError('INSTRUMENT_UNKNOWN', { code });
    if (market !== undefined && instrument.market !== market && instrument.calendar !== market && !MARKET_ALIASES[market]?.(instrument)) {
      throw new AppError('INSTRUMENT_UNKNOWN', { code });
    }
    return instrument;
  }

  async function watchedCodes(viewer: Viewer): Promise<Set<string>> {
    if (!viewer) return new Set();
    const rows = await repository.listWatchlist(db, viewer.userId);
    return new Set(rows.map((row) => row.instrumentCode));
  }

  function rowOf(instrument: Instrument, tick: QuoteTick, watched: Set<string>): QuoteRow {
    return {
      name: instrument.name,
      stock_code: instrument.code,
      market: instrument.market,
      classify: instrument.classify,
      source: instrument.source,
      currency: instrument.currency,
      currencySymbol: priceSymbolOf(instrument, currencySymbolOf),
      price_nominal: tick.price,
      change: tick.change,
      change_ratio: tick.changeRatio,
      volume: tick.volume,
      fall: tick.fall,
      marketStatus: tick.marketStatus,
      selfSelectStatus: watched.has(instrument.code),
      localLogoUrl: logoPathOf(instrument.code),
      timestamp: tick.timestamp,
      dataSource: feed.origin,
    };
  }

  async function rowsOf(instruments: readonly Instrument[], viewer: Viewer): Promise<QuoteRow[]> {
    if (!feed.isReady()) throw new AppError('MARKET_DATA_STARTING');
    const watched = await watchedCodes(viewer);
    return instruments.map((instrument) => rowOf(instrument, tickOf(instrument), watched));
  }

  /**
   * Whether an instrument is on the lists now: every instrument but an expired futures contract,
   * which stays in the catalog (its orders, positions, K-lines and settlement still find it by code).
   */
  function isListed(instrument: Instrument): boolean {
    return !isExpiredAt(instrument, now());
  }
  /** The listed instruments of some sources; futures by product, then contract month (the catalog appends rolled contracts). */
  function bySource(...sources: string[]) {
    const list = catalog.instruments.filter((instrument) => sources.includes(instrument.source) && isListed(instrument));
    if (!sources.includes('3')) return list;
    const productOrder = new Map<string, number>();
    for (const instrument of catalog.instruments)
      if (instrument.root && !productOrder.has(instrument.root)) productOrder.set(instrument.root, productOrder.size);
    const orderOf = (instrument: Instrument) => (instrument.root ? (productOrder.get(instrument.root) ?? 0) : -1);
    return list.sort((a, b) => orderOf(a) - orderOf(b) || (a.contractMonth ?? '').localeCompare(b.contractMonth ?? ''));
  }
  /** A featured instrument: the front listed contract of a futures root, or the instrument of that code. */
  function featuredOf(code: string): Instrument | undefined {
    if (HOME_FEATURED_ROOTS.has(code)) return bySource('3').find((instrument) => instrument.root === code);
    return catalog.byCode.get(code);
  }

  const numberOf = (text: string) => Number(text);
  function ranked(instruments: Instrument[], score: (tick: QuoteTick, instrument: Instrument) => number): Instrument[] {
    return instruments
      .map((instrument) => ({ instrument, score: score(tickOf(instrument), instrument) }))
      .sort((a, b) => b.score - a.score || a.instrument.code.localeCompare(b.instrument.code))
      .map((entry) => entry.instrument);
  }
  const turnover = (tick: QuoteTick) => numberOf(tick.volume) * numberOf(tick.price);
  const marketCapOf = (tick: QuoteTick, instrument: Instrument) => (instrument.sharesOutstanding ?? 0) * numberOf(tick.price);

  function stockListOf(type: StockListType): Instrument[] {
    const usStocks = bySource('0');
    switch (type) {
      case 'NASDAQ':
      case 'NYSE':
      case 'AMEX':
        return ranked(
          usStocks.filter((instrument) => instrument.market === type),
          marketCapOf,
        );
      case 'gainers':
        return ranked(usStocks, (tick) => numberOf(tick.changeRatio));
      case 'losers':
        return ranked(usStocks, (tick) => -numberOf(tick.changeRatio));
      case 'active':
        return ranked(usStocks, turnover);
      case 'ARG':
        return ranked(bySource('ARG'), turnover);
      case 'TW':
        return ranked(bySource('7'), turnover);
    }
  }

  function futuresListOf(type: (typeof futuresListTypes)[number]): Instrument[] {
    if (type === 'forex') return bySource('2');
    if (type === 'index') return bySource('99');
    const futures = bySource('3');
    return type === 'all' ? futures : futures.filter((instrument) => instrument.group === type);
  }

  /**
   * The 52-week high and low: the highest high and lowest low of the very candles the 1Y chart draws
   * (the stored daily candles, the day in progress from the quote), never the reference data's range.
   */
  async function yearRangeOf(instrument: Instrument): Promise<{ high: string; low: string }> {
    await feed.ensureHistory(instrument.code);
    const { candles } = dailyKlineOf(instrument, '1Y', await dailyCandles.candles(instrument));
    let high = candles[0]?.high ?? '0';
    let low = candles[0]?.low ?? '0';
    for (const candle of candles) {
      if (Number(candle.high) > Number(high)) high = candle.high;
      if (Number(candle.low) < Number(low)) low = candle.low;
    }
    return { high, low };
  }

  function detailOf(instrument: Instrument, tick: QuoteTick, watched: Set<string>, yearRange: { high: string; low: string }): QuoteDetail {
    const prevClose = new Decimal(tick.prevClose);
    const amplitude = prevClose.isZero() ? new Decimal(0) : new Decimal(tick.high).minus(tick.low).div(prevClose).times(100);
    const rule = instrument.tickRule;
    const isFuture = instrument.source === '3';
    const openInterest = isFuture ? Math.round(instrument.dailyVolume * 2.5) : 0;
    const openInterestChange = isFuture ? Math.round((numberOf(tick.volume) % 2_000) - 1_000) : 0;
    const calendar = calendars[instrument.calendar];
    return {
      ...rowOf(instrument, tick, watched),
      last: tick.price,
      open: tick.open,
      prev_close: tick.prevClose,
      high: tick.high,
      low: tick.low,
      bid: tick.bid,
      ask: tick.ask,
      bid_volume: tick.bidVolume,
      ask_volume: tick.askVolume,
      amplitude: amplitude.toFixed(2),
      market_cap: instrument.sharesOutstanding ? new Decimal(tick.price).times(instrument.sharesOutstanding).toFixed(0) : null,
      high_52w: yearRange.high,
      low_52w: yearRange.low,
      sector: instrument.sector,
      tick_size: tickSizeAt(rule, numberOf(tick.price)),
      lot_size: instrument.lotSize,
      min_quantity: instrument.minQuantity,
      multiplier: instrument.multiplier,
      margin: instrument.margin,
      open_interest: isFuture ? String(openInterest) : null,
      open_interest_change: isFuture ? String(openInterestChange) : null,
      expiry_date: instrument.lastTradeDate,
      contract_month: instrument.contractMonth,
      prev_settle: isFuture ? tick.prevClose : null,
      timeZone: calendar.timeZone,
      nextOpenTimestamp: tick.marketStatus === 'open' ? null : nextOpenAfter(calendar, now(), clock),
      ...fundamentalsAt(instrument, tick.price),
      ...pipOf(instrument),
    };
  }

  /** P/E and dividend yield move with the simulated price; EPS and the dividend per share are the reference data's. */
  function fundamentalsAt(instrument: Instrument, price: string) {
    const facts = instrument.fundamentals;
    const last = new Decimal(price);
    const eps = facts?.eps ?? null;
    const dividend = facts?.dividendPerShare ?? null;
    return {
      gics_sector: gicsSectorOf(instrument.source === '0' && facts ? instrument.sector : null),
      eps: eps === null ? null : new Decimal(eps).toFixed(2),
      // A loss makes the P/E meaningless, so none is shown.
      pe_ratio: eps !== null && eps > 0 && last.gt(0) ? last.div(eps).toFixed(2) : null,
      dividend_yield: dividend !== null && last.gt(0) ? new Decimal(dividend).div(last).times(100).toFixed(2) : null,
    };
  }

  /** A forex pair's pip and what one pip is worth on 100,000 of the base currency (a standard lot). */
  function pipOf(instrument: Instrument) {
    if (instrument.source !== '2' || !instrument.quoteCurrency) return { pip_size: null, pip_value: null, pip_value_usd: null };
    const pip = new Decimal(instrument.quoteCurrency === 'JPY' ? '0.01' : '0.0001');
    const value = pip.times(100_000);
    let inDollars: string | null = null;
    try {
      inDollars = value.div(unitsPerDollar(instrument.quoteCurrency)).toFixed(2);
    } catch {
      // A quote currency without a dollar pair: its value is shown in that currency only.
    }
    return { pip_size: pip.toFixed(), pip_value: value.toFixed(2), pip_value_usd: inDollars };
  }

  /** The daily K-line of a set of candles, made once per set (a new quote makes a new set). */
  function dailyKlineOf(instrument: Instrument, type: KlineType, rows: readonly CandleRow[]): Kline {
    let byType = dailyKlines.get(rows);
    if (!byType) {
      byType = new Map();
      dailyKlines.set(rows, byType);
    }
    let kline = byType.get(type);
    if (!kline) {
      const frame = klineFrames[type];
      const from = (rows[rows.length - 1]?.time ?? 0) - frame.lookbackMs;
      const candles = rows.filter((row) => row.time >= from).map(wireCandleOf);
      kline = { stockCode: instrument.code, type, interval: frame.interval, prevClose: null, extendedHours: [], candles };
      byType.set(type, kline);
    }
    return kline;
  }

  async function dailyKline(instrument: Instrument, type: KlineType): Promise<Kline> {
    await feed.ensureHistory(instrument.code);
    return dailyKlineOf(instrument, type, await dailyCandles.candles(instrument));
  }

  /**
   * 1D: the session of the latest quote's trade date (today's, or the last one while the market is
   * closed) from its open to now, with the US pre- and post-market of a US stock, never a rolling 24
   * hours; the previous close for the chart's dotted line.
   */
  async function sessionKline(instrument: Instrument): Promise<Kline> {
    await feed.ensureHistory(instrument.code);
    const tick = tickOf(instrument);
    const window = sessionWindowOf(instrument, tick.tradeDate);
    let rows = window ? await repository.readCandles(db, instrument.code, '1m', window.from, window.to) : [];
    if (rows.length === 0) {
      // A clock that trades outside the calendar (the demo's, on a weekend or holiday): the latest run
      // of minutes, with the session before it while that run is short (back over a long weekend).
      const latest = await repository.latestCandleTime(db, instrument.code, '1m');
      if (latest !== undefined) {
        const recent = await repository.readCandles(db, instrument.code, '1m', latest - FALLBACK_LOOKBACK_MS, latest);
        rows = latestSession(recent, FALLBACK_MINIMUM_CANDLES);
      }
    }
    const extendedHours = (window?.extended ?? []).map(([start, end]) => ({ start: start / 1000, end: end / 1000 }));
    return {
      stockCode: instrument.code,
      type: '1D',
      interval: '1m',
      prevClose: tick.prevClose,
      extendedHours,
      candles: rows.map(toWireCandle),
    };
  }

  async function loadKline(instrument: Instrument, type: KlineType): Promise<Kline> {
    if (type === '1D') return sessionKline(instrument);
    const frame = klineFrames[type];
    await feed.ensureHistory(instrument.code);
    const latest = await repository.latestCandleTime(db, instrument.code, frame.stored);
    let rows: CandleRow[] = [];
    if (latest !== undefined) {
      rows = await repository.readCandles(db, instrument.code, frame.stored, latest - frame.lookbackMs, latest);
      if (frame.bucketMs) rows = aggregateCandles(rows, frame.bucketMs);
      if (frame.maxCandles && rows.length > frame.maxCandles) rows = rows.slice(-frame.maxCandles);
    }
    return {
      stockCode: instrument.code,
      type,
      interval: frame.interval,
      prevClose: null,
      extendedHours: [],
      candles: rows.map(toWireCandle),
    };
  }

  /** Units of a currency per US dollar, from the live forex quotes (USD itself is 1). */
  function unitsPerDollar(currency: string): Decimal {
    if (currency === 'USD') return new Decimal(1);
    for (const instrument of catalog.instruments) {
      if (instrument.source !== '2') continue;
      const tick = feed.latest(instrument.code);
      if (!tick) continue;
      if (instrument.baseCurrency === 'USD' && instrument.quoteCurrency === currency) return new Decimal(tick.price);
      if (instrument.quoteCurrency === 'USD' && instrument.baseCurrency === currency) return new Decimal(1).div(tick.price);
    }
    throw new AppError('MARKET_UNKNOWN', { market: `USD${currency}` });
  }

  return {
    requireInstrument,

    /**
     * Converts an amount between currencies through the US dollar at the live forex quotes, so every
     * part of the product that shows or books another currency uses the same rates.
     */
    convert(amount: string, from: string, to: string, decimals = 2): string {
      if (from === to) return new Decimal(amount).toFixed(decimals);
      return new Decimal(amount).div(unitsPerDollar(from)).times(unitsPerDollar(to)).toFixed(decimals, Decimal.ROUND_HALF_EVEN);
    },

    async allStocks(viewer: Viewer, pageNum: number, pageSize: number) {
      const list = bySource('0', 'ARG', '7').sort((a, b) => a.code.localeCompare(b.code));
      const page = pageOfList(list, pageNum, pageSize);
      return { ...page, list: await rowsOf(page.list, viewer) };
    },

    async allInstruments(viewer: Viewer, source: string | undefined, pageNum: number, pageSize: number) {
      const list = source ? bySource(source) : catalog.instruments.filter(isListed);
      const page = pageOfList(list, pageNum, pageSize);
      return { ...page, list: await rowsOf(page.list, viewer) };
    },

    async stockList(viewer: Viewer, type: string, pageNum: number, pageSize: number) {
      if (!stockListTypes.includes(type as StockListType)) throw new AppError('LIST_TYPE_UNKNOWN', { type });
      if (!feed.isReady()) throw new AppError('MARKET_DATA_STARTING');
      const page = pageOfList(stockListOf(type as StockListType), pageNum, pageSize);
      return { ...page, list: await rowsOf(page.list, viewer) };
    },

    async futuresList(viewer: Viewer, type: string, pageNum: number, pageSize: number) {
      if (!futuresListTypes.includes(type as (typeof futuresListTypes)[number])) throw new AppError('LIST_TYPE_UNKNOWN', { type });
      const page = pageOfList(futuresListOf(type as (typeof futuresListTypes)[number]), pageNum, pageSize);
      return { ...page, list: await rowsOf(page.list, viewer) };
    },

    globalIndices: (viewer: Viewer) => rowsOf(bySource('99'), viewer),

    async topList(viewer: Viewer) {
      if (!feed.isReady()) throw new AppError('MARKET_DATA_STARTING');
      const [gainers, losers, active] = await Promise.all(
        (['gainers', 'losers', 'active'] as const).map((type) => rowsOf(stockListOf(type).slice(0, 5), viewer)),
      );
      return { gainers: gainers ?? [], losers: losers ?? [], active: active ?? [] };
    },

    async hotStocks(viewer: Viewer) {
      if (!feed.isReady()) throw new AppError('MARKET_DATA_STARTING');
      return rowsOf(stockListOf('active').slice(0, 10), viewer);
    },

    async homeCustomList(viewer: Viewer) {
      const own = viewer ? await repository.listWatchlist(db, viewer.userId) : [];
      const codes = own.length > 0 ? own.map((row) => row.instrumentCode) : HOME_FEATURED;
      const instruments = (own.length > 0 ? codes.map((code) => catalog.byCode.get(code)) : codes.map(featuredOf)).filter(
        (instrument): instrument is Instrument => !!instrument,
      );
      return rowsOf(instruments, viewer);
    },

    futuresContracts(): FuturesContract[] {
      return bySource('3').map((instrument) => ({
        stock_code: instrument.code,
        name: instrument.name,
        market: instrument.market,
        group: instrument.group ?? '',
        contractMonth: instrument.contractMonth ?? '',
        lastTradeDate: instrument.lastTradeDate ?? '',
        multiplier: instrument.multiplier ?? '1',
        tickSize: tickSizeAt(instrument.tickRule, instrument.referencePrice),
        margin: instrument.margin ?? '0',
        currency: instrument.currency,
      }));
    },

    /**
     * Quote rows of instruments named with a count (the popular page's most traded and most watched),
     * leaving out a code the catalog does not quote now (an expired contract).
     */
    async countedRows(viewer: Viewer, counted: ReadonlyArray<{ code: string; count: number }>) {
      const listed = counted.flatMap((entry) => {
        const instrument = catalog.byCode.get(entry.code);
        return instrument && isListed(instrument) ? [{ instrument, count: entry.count }] : [];
      });
      const rows = await rowsOf(
        listed.map((entry) => entry.instrument),
        viewer,
      );
      return rows.map((row, index) => ({ ...row, count: listed[index]?.count ?? 0 }));
    },

    /** The instruments most users watch, with how many do (never invented: an empty list without watchlists). */
    mostWatched: (limit: number) => repository.mostWatchedCodes(db, limit),

    async newStocks(viewer: Viewer) {
      const listed = catalog.instruments
        .filter((instrument) => instrument.listedOn)
        .sort((a, b) => (b.listedOn ?? '').localeCompare(a.listedOn ?? ''));
      const rows = await rowsOf(listed, viewer);
      return rows.map((row, index) => ({ ...row, listedOn: listed[index]?.listedOn ?? '' }));
    },

    async quotes(viewer: Viewer, codesText: string) {
      const codes = [
        ...new Set(
          codesText
            .split(',')
            .map((code) => code.trim().toUpperCase())
            .filter(Boolean),
        ),
      ].slice(0, 50);
      return rowsOf(
        codes.map((code) => requireInstrument(code)),
        viewer,
      );
    },

    async search(viewer: Viewer, input: { stkName?: string | undefined; stkcode?: string | undefined; pageNum: number; pageSize: number }) {
      const code = input.stkcode?.toUpperCase();
      const name = input.stkName?.toLowerCase();
      const scored: Array<{ instrument: Instrument; score: number }> = [];
      for (const instrument of catalog.instruments) {
        if (!isListed(instrument)) continue;
        let score = Number.POSITIVE_INFINITY;
        const upper = instrument.code.toUpperCase();
        const lowerName = instrument.name.toLowerCase();
        for (const term of [code, name?.toUpperCase()]) {
          if (!term) continue;
          if (upper === term) score = Math.min(score, 0);
          else if (upper.startsWith(term)) score = Math.min(score, 1);
          else if (upper.includes(term)) score = Math.min(score, 3);
        }
        if (name) {
          if (lowerName.startsWith(name)) score = Math.min(score, 2);
          else if (lowerName.includes(name)) score = Math.min(score, 4);
        }
        if (!code && !name) score = 5;
        if (Number.isFinite(score)) scored.push({ instrument, score });
      }
      scored.sort((a, b) => a.score - b.score || a.instrument.code.localeCompare(b.instrument.code));
      const page = pageOfList(
        scored.map((entry) => entry.instrument),
        input.pageNum,
        input.pageSize,
      );
      return { ...page, list: await rowsOf(page.list, viewer) };
    },

    markets(filter: string[] | undefined): MarketSummary[] {
      const wanted = filter?.map((market) => market.toUpperCase());
      for (const market of wanted ?? []) {
        if (!calendarIds.includes(market as CalendarId)) throw new AppError('MARKET_UNKNOWN', { market });
      }
      const moment = now();
      return calendarIds
        .filter((id) => !wanted || wanted.includes(id))
        .map((id) => {
          const calendar = calendars[id];
          const status = statusAt(calendar, moment, clock);
          return {
            market: id,
            calendar: id,
            name: calendar.name,
            timeZone: calendar.timeZone,
            status,
            nextOpenTimestamp: status === 'open' ? null : nextOpenAfter(calendar, moment, clock),
            instrumentCount: catalog.instruments.filter((instrument) => instrument.calendar === id).length,
          };
        });
    },

    tradingDays(input: { market: string; from?: string | undefined; to?: string | undefined; pageNum: number; pageSize: number }) {
      const calendarId = (calendarIds as readonly string[]).includes(input.market)
        ? (input.market as CalendarId)
        : catalog.instruments.find((instrument) => instrument.market === input.market)?.calendar;
      if (!calendarId) throw new AppError('MARKET_UNKNOWN', { market: input.market });
      const calendar = calendars[calendarId];
      const today = localTimeOf(now(), calendar.timeZone).date;
      // Dates given the wrong way round are read as the range they describe.
      const [from, requestedTo] = [input.from ?? today, input.to ?? addDays(input.from ?? today, 30)].sort() as [string, string];
      const to = requestedTo > addDays(from, 400) ? addDays(from, 400) : requestedTo;
      const days = [];
      for (let date = from; date <= to; date = addDays(date, 1)) {
        days.push({
          date,
          market: calendarId,
          isTradingDay: isTradingDate(calendar, date),
          isHoliday: isHoliday(calendar, date),
          sessions: sessionsOf(calendar, date),
        });
      }
      return pageOfList(days, input.pageNum, input.pageSize);
    },

    async detail(viewer: Viewer, code: string, market: string | undefined) {
      const instrument = requireInstrument(code, market);
      if (!feed.isReady()) throw new AppError('MARKET_DATA_STARTING');
      const [watched, yearRange] = await Promise.all([watchedCodes(viewer), yearRangeOf(instrument)]);
      return detailOf(instrument, tickOf(instrument), watched, yearRange);
    },

    summary(code: string, market: string | undefined): SummaryDetail {
      const instrument = requireInstrument(code, market);
      const calendar = calendars[instrument.calendar];
      const tick = feed.latest(instrument.code);
      const price = tick ? Number(tick.price) : instrument.referencePrice;
      const facts = [instrument.name, instrument.market, instrument.sector, instrument.currency].filter(Boolean).join(' · ');
      return {
        name: instrument.name,
        stock_code: instrument.code,
        market: instrument.market,
        source: instrument.source,
        currency: instrument.currency,
        sector: instrument.sector,
        profile: facts,
        market_cap: instrument.sharesOutstanding ? new Decimal(price).times(instrument.sharesOutstanding).toFixed(0) : null,
        timeZone: calendar.timeZone,
        sessions: sessionTimesOf(calendar),
        tick_size: tickSizeAt(instrument.tickRule, price),
        lot_size: instrument.lotSize,
        min_quantity: instrument.minQuantity,
        listedOn: instrument.listedOn,
      };
    },

    /**
     * A daily K-line (1M, 3M, 1Y) at once, without a promise, when everything it needs is in memory
     * (the usual case); undefined otherwise, and for every other time frame or a bad request, which
     * `kline` then answers. The busiest read of the app makes no garbage beyond its own answer this way.
     */
    klineNow(code: string, type: string, market: string | undefined): Kline | undefined {
      let instrument: Instrument;
      try {
        instrument = requireInstrument(code, market);
      } catch {
        return undefined;
      }
      if (!klineTypes.includes(type as KlineType) || klineFrames[type as KlineType].stored !== '1d') return undefined;
      if (!feed.isHistoryStored(instrument.code)) return undefined;
      const rows = dailyCandles.candlesNow(instrument);
      return rows ? dailyKlineOf(instrument, type as KlineType, rows) : undefined;
    },

    async kline(code: string, type: string, market: string | undefined): Promise<Kline> {
      const instrument = requireInstrument(code, market);
      if (!klineTypes.includes(type as KlineType)) throw new AppError('KLINE_TYPE_UNKNOWN', { type });
      // Daily time frames come from the in-memory daily candles, live to the latest quote.
      if (klineFrames[type as KlineType].stored === '1d') return dailyKline(instrument, type as KlineType);
      const key = `${instrument.code}|${type}`;
      const cached = klineCache.get(key);
      const moment = now();
      if (cached && cached.expiresAt > moment) return cached.value;
      const value = await loadKline(instrument, type as KlineType);
      if (klineCache.size > 5_000) klineCache.clear();
      klineCache.set(key, { expiresAt: moment + KLINE_CACHE_MS, value });
      return value;
    },

    ...createWatchlist({ db, catalog, feed, requireInstrument }),
    ...createDepth({ feed, requireInstrument }),
    ...createProductPages<Viewer>({ now, clock, bySource, rowsOf }),
  };
}
