/**
 * The market's enums and limits of spec §4 and §9, apart from the schemas of `market.ts` so a screen
 * that only needs a value (the time frames, the sparkline length) loads no zod.
 */

/** Asset source of spec §4: Stock 0, Forex 2, Future 3, TwStock 7, GlobalIndex 99, ArgStock ARG. */
export const assetSources = ['0', '2', '3', '7', '99', 'ARG'] as const;
export type AssetSource = (typeof assetSources)[number];

export const marketStatuses = ['pre', 'open', 'post', 'closed', 'holiday'] as const;
export type MarketStatus = (typeof marketStatuses)[number];

/**
 * Time frames of spec §9 and issue 17 §2. 1D is the last session in one-minute candles, 1W in 30-minute
 * ones; 1m, 5m, 15m and 1h the latest candles of that size (lower-case m: minutes; 1M is a month of
 * daily candles, like 3M and 1Y).
 */
export const klineTypes = ['1m', '5m', '15m', '1h', '1D', '1W', '1M', '3M', '1Y'] as const;
export type KlineType = (typeof klineTypes)[number];

/** `/m_ft/stock_list` types: a US exchange, a ranking of US stocks, or a home market. */
export const stockListTypes = ['NASDAQ', 'NYSE', 'AMEX', 'gainers', 'losers', 'active', 'ARG', 'TW'] as const;
export type StockListType = (typeof stockListTypes)[number];

/** `/m_ft/futures_list` types: every future, one group of them, forex pairs or global indices. */
export const futuresListTypes = ['all', 'equity', 'energy', 'metals', 'grains', 'rates', 'currency', 'forex', 'index'] as const;
export type FuturesListType = (typeof futuresListTypes)[number];

/** Currency symbols of spec §9: $ by default, NT$ for Taiwan, ARS for Argentina. */
export const currencySymbolOf: Record<string, string> = { USD: '$', TWD: 'NT$', ARS: 'ARS' };

/**
 * The data source of every quote while the market is simulated (the simulator or a replayed file); a
 * vendor's feed names itself instead, and the app's "simulated market" badge then goes away.
 */
export const SIMULATED_DATA_SOURCE = 'simulated';

export const WATCHLIST_SIZE_MAX = 200;
export const HOME_SPARKLINE_POINTS = 50;
export const PUSH_CODES_PER_MESSAGE_MAX = 100;
