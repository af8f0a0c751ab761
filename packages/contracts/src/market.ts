import { z } from 'zod';
import { assetSources, klineTypes, marketStatuses, PUSH_CODES_PER_MESSAGE_MAX } from './market-enums.ts';
import { pageOf, pageQuery, pageQueryFields } from './paging.ts';
import type { UserBalanceEvent, UserMessageEvent, UserOrderEvent, UserPositionEvent } from './user-messages.ts';
import { typeError } from './validation.ts';

/**
 * Market data calls of spec §7 ("Market reads", "Watchlist") and the push socket's events.
 * Prices, changes and volumes are decimal strings on the wire, never floats; times are Unix
 * milliseconds unless a field says seconds.
 */

const text = (lengthMax: number) =>
  z.string({ error: typeError }).trim().min(1, { error: 'validation.required' }).max(lengthMax, { error: 'validation.tooLong' });

/** An instrument code as typed in a query: upper-cased so `aapl` finds AAPL. */
export const stockCodeSchema = text(20).transform((value) => value.toUpperCase());
const optionalMarketSchema = z
  .string({ error: typeError })
  .trim()
  .max(20, { error: 'validation.tooLong' })
  .optional()
  .transform((value) => (value ? value.toUpperCase() : undefined));

/** One quote in a list, with the field names of spec §3. */
export const quoteRowSchema = z.object({
  name: z.string(),
  stock_code: z.string(),
  market: z.string(),
  classify: z.string(),
  source: z.enum(assetSources),
  currency: z.string(),
  currencySymbol: z.string(),
  price_nominal: z.string(),
  change: z.string(),
  change_ratio: z.string(),
  volume: z.string(),
  /** The fall flag: true when the price is below the previous close (shown red). */
  fall: z.boolean(),
  marketStatus: z.enum(marketStatuses),
  /** True when the logged-in user has it in the watchlist; false without a session. */
  selfSelectStatus: z.boolean(),
  localLogoUrl: z.string(),
  timestamp: z.number().int(),
  /** Where the quote comes from: `SIMULATED_DATA_SOURCE` while the market is simulated, else the vendor feed's name. */
  dataSource: z.string(),
});
export type QuoteRow = z.infer<typeof quoteRowSchema>;

/** A quote with everything the detail pages show. Fields that do not apply are null. */
export const quoteDetailSchema = quoteRowSchema.extend({
  last: z.string(),
  open: z.string(),
  prev_close: z.string(),
  high: z.string(),
  low: z.string(),
  bid: z.string(),
  ask: z.string(),
  bid_volume: z.string(),
  ask_volume: z.string(),
  amplitude: z.string(),
  market_cap: z.string().nullable(),
  high_52w: z.string(),
  low_52w: z.string(),
  sector: z.string().nullable(),
  tick_size: z.string(),
  lot_size: z.string(),
  min_quantity: z.string(),
  multiplier: z.string().nullable(),
  margin: z.string().nullable(),
  open_interest: z.string().nullable(),
  open_interest_change: z.string().nullable(),
  expiry_date: z.string().nullable(),
  contract_month: z.string().nullable(),
  prev_settle: z.string().nullable(),
  timeZone: z.string(),
  nextOpenTimestamp: z.number().int().nullable(),
  /** An S&P 500 stock's GICS sector (a key the app translates); `sector` is then its sub-industry. */
  gics_sector: z.string().nullable(),
  /** Earnings per share of the reference data, and the P/E and dividend yield (%) at the current price. */
  eps: z.string().nullable(),
  pe_ratio: z.string().nullable(),
  dividend_yield: z.string().nullable(),
  /** A forex pair's pip (0.0001, or 0.01 with the yen) and its value per 100,000 of the base currency, in the quote currency and in US dollars. */
  pip_size: z.string().nullable(),
  pip_value: z.string().nullable(),
  pip_value_usd: z.string().nullable(),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

export const summaryDetailSchema = z.object({
  name: z.string(),
  stock_code: z.string(),
  market: z.string(),
  source: z.enum(assetSources),
  currency: z.string(),
  sector: z.string().nullable(),
  profile: z.string(),
  market_cap: z.string().nullable(),
  timeZone: z.string(),
  sessions: z.array(z.object({ kind: z.enum(['pre', 'regular', 'post']), start: z.string(), end: z.string() })),
  tick_size: z.string(),
  lot_size: z.string(),
  min_quantity: z.string(),
  listedOn: z.string().nullable(),
});
export type SummaryDetail = z.infer<typeof summaryDetailSchema>;

export const candleSchema = z.object({
  /** Start of the candle, Unix seconds (what the chart library takes). */
  time: z.number().int(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  close: z.string(),
  volume: z.string(),
});
export type Candle = z.infer<typeof candleSchema>;

export const klineQuery = z.object({
  stockCode: stockCodeSchema,
  /** Checked by the server, so an unknown frame gets its own message rather than a generic one. */
  type: text(10),
  market: optionalMarketSchema,
});
export const klineData = z.object({
  stockCode: z.string(),
  type: z.enum(klineTypes),
  interval: z.enum(['1m', '5m', '15m', '30m', '1h', '1d']),
  /** 1D: the previous close the chart draws as a dotted line; null for the other time frames. */
  prevClose: z.string().nullable(),
  /** 1D of a US stock: the pre- and post-market of the session, Unix seconds, shaded on the chart; empty otherwise. */
  extendedHours: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
  /** Last, so the server can reuse the serialised candles of one answer in the next. */
  candles: z.array(candleSchema),
});
export type Kline = z.infer<typeof klineData>;

/** One price level of the order book: the price and the quantity resting there. */
export const depthLevelSchema = z.object({ price: z.string(), volume: z.string() });
export type DepthLevel = z.infer<typeof depthLevelSchema>;
/** One print of the tape: when (Unix ms), at what price, how much, and which side took it. */
export const tapeTradeSchema = z.object({
  time: z.number().int(),
  price: z.string(),
  volume: z.string(),
  side: z.enum(['buy', 'sell', 'neutral']),
});
export type TapeTrade = z.infer<typeof tapeTradeSchema>;
/**
 * The order book (five levels a side, best first) and the tape of recent trades (newest first). The
 * best level is the feed's bid or ask with its size; the levels behind it are simulated (`isSimulated`).
 */
export const depthSchema = z.object({
  stockCode: z.string(),
  dataSource: z.string(),
  isSimulated: z.boolean(),
  timestamp: z.number().int().nullable(),
  bids: z.array(depthLevelSchema),
  asks: z.array(depthLevelSchema),
  trades: z.array(tapeTradeSchema),
});
export type Depth = z.infer<typeof depthSchema>;

export const instrumentQuery = z.object({ stockCode: stockCodeSchema, market: optionalMarketSchema });
export const stockListQuery = pageQuery.extend({ type: text(20) });
export const futuresListQuery = pageQuery.extend({ type: text(20).default('all') });
export const allStockListQuery = pageQuery.extend({ source: z.enum(assetSources, { error: 'validation.invalidValue' }).optional() });

export const tradingDaysBody = z.object({
  market: text(20).transform((value) => value.toUpperCase()),
  /** Inclusive dates, YYYY-MM-DD; default: today and the next 30 days. */
  from: z.iso.date({ error: 'validation.invalidValue' }).optional(),
  to: z.iso.date({ error: 'validation.invalidValue' }).optional(),
  ...pageQueryFields,
});
export const tradingDaySchema = z.object({
  date: z.string(),
  market: z.string(),
  isTradingDay: z.boolean(),
  isHoliday: z.boolean(),
  /** Regular sessions of the day, Unix milliseconds. */
  sessions: z.array(z.object({ open: z.number().int(), close: z.number().int() })),
});

export const marketSummarySchema = z.object({
  market: z.string(),
  calendar: z.string(),
  name: z.string(),
  timeZone: z.string(),
  status: z.enum(marketStatuses),
  nextOpenTimestamp: z.number().int().nullable(),
  instrumentCount: z.number().int(),
});
export type MarketSummary = z.infer<typeof marketSummarySchema>;

export const searchBody = z.object({
  stkName: z
    .string({ error: typeError })
    .trim()
    .max(60, { error: 'validation.tooLong' })
    .optional()
    .transform((value) => value || undefined),
  stkcode: z
    .string({ error: typeError })
    .trim()
    .max(20, { error: 'validation.tooLong' })
    .optional()
    .transform((value) => value || undefined),
  ...pageQueryFields,
});
export const marketsBody = z.object({ markets: z.array(text(20)).max(20).optional() }).default({});

export const getStockQuery = z.object({
  /** Comma-separated instrument codes, at most 50. */
  codes: text(1_000),
});

export const topListData = z.object({ gainers: z.array(quoteRowSchema), losers: z.array(quoteRowSchema), active: z.array(quoteRowSchema) });

export const futuresContractSchema = z.object({
  stock_code: z.string(),
  name: z.string(),
  market: z.string(),
  group: z.string(),
  contractMonth: z.string(),
  lastTradeDate: z.string(),
  multiplier: z.string(),
  tickSize: z.string(),
  margin: z.string(),
  currency: z.string(),
});
export type FuturesContract = z.infer<typeof futuresContractSchema>;

export const newStockSchema = quoteRowSchema.extend({ listedOn: z.string() });

/** Watchlist rows arrive with short field names (spec §3). */
export const watchlistRowSchema = z.object({
  id: z.string(),
  /** name */
  n: z.string(),
  /** code */
  c: z.string(),
  /** market */
  m: z.string(),
  /** source */
  s: z.enum(assetSources),
  /** classify */
  cl: z.string(),
  /** price */
  p: z.string(),
  /** change */
  ch: z.string(),
  /** change ratio, percent */
  cr: z.string(),
  /** volume */
  v: z.string(),
  /** fall flag */
  f: z.boolean(),
  /** market status */
  ms: z.enum(marketStatuses),
  /** currency symbol */
  cs: z.string(),
  logo: z.string(),
});
export type WatchlistRow = z.infer<typeof watchlistRowSchema>;

export const watchlistSaveBody = z.object({
  assettype: z.enum(assetSources, { error: 'validation.invalidValue' }),
  securityName: text(120),
  secuCode: stockCodeSchema,
  market: text(20).transform((value) => value.toUpperCase()),
  classify: text(20),
});
export const watchlistIdParams = z.object({ id: z.string().regex(/^\d{1,18}$/, { error: 'validation.invalidValue' }) });
export const watchlistCodeParams = z.object({ stockCode: stockCodeSchema });
export const watchlistSortBody = z.object({
  ids: z.array(z.string().regex(/^\d{1,18}$/, { error: 'validation.invalidValue' })).max(200, { error: 'validation.tooLong' }),
});

/** One contract month of a futures product on its page: its quote, its month, last trade date and roll date. */
export const futuresMonthSchema = quoteRowSchema.extend({
  contractMonth: z.string(),
  lastTradeDate: z.string(),
  /** The trading day the page says positions usually roll to the next month (five trading days before the last trade date). */
  rollDate: z.string().nullable(),
});
/** `/pages/product/future`: the futures by family, each product with its front and next months. */
export const futuresFamilySchema = z.object({
  group: z.string(),
  products: z.array(
    z.object({ root: z.string(), name: z.string(), market: z.string(), front: futuresMonthSchema, next: futuresMonthSchema.nullable() }),
  ),
});
export type FuturesFamily = z.infer<typeof futuresFamilySchema>;
/** `/pages/product/taiwan`: the TWSE's status and hours, and its stocks by sector. */
export const taiwanBoardSchema = z.object({
  status: z.enum(marketStatuses),
  timeZone: z.string(),
  sessions: z.array(z.object({ kind: z.enum(['pre', 'regular', 'post']), start: z.string(), end: z.string() })),
  nextOpenTimestamp: z.number().int().nullable(),
  sectors: z.array(z.object({ sector: z.string(), rows: z.array(quoteRowSchema) })),
});
export type TaiwanBoard = z.infer<typeof taiwanBoardSchema>;

/** One place that names each market call; the server routes and the app client both read it. */
export const marketApi = {
  tgAllStockList: { method: 'GET', path: '/tg_st/all_stock_list', body: undefined, query: pageQuery, data: pageOf(quoteRowSchema) },
  tradingDays: { method: 'POST', path: '/stocka_trading_day/getPageList', body: tradingDaysBody, data: pageOf(tradingDaySchema) },
  globalIndex: { method: 'GET', path: '/m_ft/global_index', body: undefined, data: z.array(quoteRowSchema) },
  topList: { method: 'GET', path: '/m_ft/topList', body: undefined, data: topListData },
  stockList: { method: 'GET', path: '/m_ft/stock_list', body: undefined, query: stockListQuery, data: pageOf(quoteRowSchema) },
  futuresList: { method: 'GET', path: '/m_ft/futures_list', body: undefined, query: futuresListQuery, data: pageOf(quoteRowSchema) },
  stockDetail: { method: 'GET', path: '/m_ft/stock_detail_ft', body: undefined, query: instrumentQuery, data: quoteDetailSchema },
  detailQuote: { method: 'GET', path: '/m_ft/detail_quote', body: undefined, query: instrumentQuery, data: quoteDetailSchema },
  summaryDetail: { method: 'GET', path: '/m_ft/summary_detail', body: undefined, query: instrumentQuery, data: summaryDetailSchema },
  kline: { method: 'GET', path: '/m_ft/kline', body: undefined, query: klineQuery, data: klineData },
  depth: { method: 'GET', path: '/m_ft/depth', body: undefined, query: instrumentQuery, data: depthSchema },
  futuresFamilies: { method: 'GET', path: '/m_ft/futures_families', body: undefined, data: z.array(futuresFamilySchema) },
  taiwanBoard: { method: 'GET', path: '/m_ft/taiwan_board', body: undefined, data: taiwanBoardSchema },
  allStockList: { method: 'GET', path: '/m_ft/all_stock_list', body: undefined, query: allStockListQuery, data: pageOf(quoteRowSchema) },
  hotStock: { method: 'GET', path: '/m_ft/hot_stock', body: undefined, data: z.array(quoteRowSchema) },
  homeCustomList: { method: 'GET', path: '/m_ft/home_custom_list', body: undefined, data: z.array(quoteRowSchema) },
  futuresOptList: { method: 'GET', path: '/m_ft/futures_opt_list', body: undefined, data: z.array(futuresContractSchema) },
  recentListings: { method: 'GET', path: '/m_ft/recent_listings', body: undefined, data: z.array(newStockSchema) },
  getStock: { method: 'GET', path: '/quotes/getStock', body: undefined, query: getStockQuery, data: z.array(quoteRowSchema) },
  search: { method: 'POST', path: '/market/getMaket', body: searchBody, data: pageOf(quoteRowSchema) },
  markets: { method: 'POST', path: '/market/getMakets', body: marketsBody, data: z.array(marketSummarySchema) },
} as const;

export const watchlistApi = {
  list: { method: 'GET', path: '/userSelfSecurity/selectSelfSelectionStocksData', body: undefined, data: z.array(watchlistRowSchema) },
  save: { method: 'POST', path: '/userSelfSecurity/save', body: watchlistSaveBody, data: z.object({ id: z.string() }) },
  delete: { method: 'POST', path: '/userSelfSecurity/delete/:id', body: undefined, params: watchlistIdParams, data: z.null() },
  deleteByStockCode: {
    method: 'POST',
    path: '/userSelfSecurity/deleteByStockCode/:stockCode',
    body: undefined,
    params: watchlistCodeParams,
    data: z.null(),
  },
  /** The order of the manage page: every id of the user's list, first shown first. */
  sort: { method: 'POST', path: '/userSelfSecurity/sort', body: watchlistSortBody, data: z.null() },
} as const;

/** The logo path of an instrument: an SVG the server draws, so the app needs no external URL. */
export function logoPathOf(code: string): string {
  return `/web/m_ft/logo/${encodeURIComponent(code)}.svg`;
}

// Push socket (`/web/push`): typed events both ways.

export const quoteTickSchema = z.object({
  code: z.string(),
  price: z.string(),
  change: z.string(),
  changeRatio: z.string(),
  volume: z.string(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  prevClose: z.string(),
  bid: z.string(),
  ask: z.string(),
  bidVolume: z.string(),
  askVolume: z.string(),
  marketStatus: z.enum(marketStatuses),
  fall: z.boolean(),
  /** The trading day (YYYY-MM-DD, the market's own) that open, high, low and volume belong to. */
  tradeDate: z.string(),
  /** When the tick happened at the feed, Unix milliseconds. */
  timestamp: z.number().int(),
});
export type QuoteTick = z.infer<typeof quoteTickSchema>;

const codeListSchema = z.array(z.string().min(1).max(20)).min(1).max(PUSH_CODES_PER_MESSAGE_MAX);

export const pushClientMessageSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('subscribe'), codes: codeListSchema }),
  z.object({ op: z.literal('unsubscribe'), codes: codeListSchema }),
  z.object({ op: z.literal('ping') }),
  /**
   * Signs the socket in to the user's own events (new messages), or out with null. Browsers cannot set
   * headers on a WebSocket, so the session token travels in this first message instead.
   */
  z.object({ op: z.literal('authenticate'), token: z.string().max(200).nullable() }),
]);
export type PushClientMessage = z.infer<typeof pushClientMessageSchema>;

export type PushServerMessage =
  | { type: 'quote'; data: QuoteTick }
  | { type: 'subscribed'; codes: string[]; unknown: string[] }
  | { type: 'unsubscribed'; codes: string[] }
  | { type: 'heartbeat'; timestamp: number }
  | { type: 'pong'; timestamp: number }
  /** The answer to `authenticate`: whether the socket now receives the user's own events. */
  | { type: 'authenticated'; isSignedIn: boolean }
  /** A new message for the signed-in user (or for everyone); the app fetches it through the API in its language. */
  | { type: 'message'; data: UserMessageEvent }
  /** One of the signed-in user's orders filled or was cancelled; the app refetches its trade lists. */
  | { type: 'order'; data: UserOrderEvent }
  /** One of the signed-in user's positions opened, changed or closed. */
  | { type: 'position'; data: UserPositionEvent }
  /** Money moved on some of the signed-in user's wallets; the app refetches balances, overview and statement. */
  | { type: 'balance'; data: UserBalanceEvent }
  /** An agent answered the signed-in user's support chat (`id`: the message): the chat button's badge and a notice. */
  | { type: 'support'; data: { id: string } }
  | { type: 'error'; message: string };
