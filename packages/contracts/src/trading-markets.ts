// Types only: this file is read by the apps' first screens (links to quote and order pages), so it
// imports nothing at run time (no zod, no schema) and stays a few hundred bytes in a bundle.
import type { WalletType } from './wallet.ts';

/** The asset sources that trade (spec §4 sources: US stocks 0, Argentine stocks ARG, Taiwan stocks 7, futures 3, forex 2). */
export const tradableSources = ['0', 'ARG', '7', '3', '2'] as const;
export type TradableSource = (typeof tradableSources)[number];

/**
 * The order kinds: each is one create call of the trading API (`tradingApi`), taking the markets listed
 * with it in `tradingMarkets` (stocks of the US and Argentina, Taiwan stocks, futures, forex).
 */
export const orderKinds = {
  stock: { api: 'createStock', codeField: 'stockCode' },
  twStock: { api: 'createTwStock', codeField: 'stockCode' },
  gold: { api: 'createGold', codeField: 'goldCode' },
  forex: { api: 'createForex', codeField: 'stockCode' },
} as const satisfies Record<string, { api: `create${string}`; codeField: 'stockCode' | 'goldCode' }>;
export type OrderKind = keyof typeof orderKinds;

/** The pages of the customer app an instrument of a market opens: its quote page and its order ticket. */
type MarketPages = { quote: `/pages/quote/${string}`; payment: `/pages/payment/${string}` };

/** The trading limits of a market before operators' edits: leverage allowed and commission (rate of the traded value, minimum in the wallet's currency). */
export type MarketLimits = { leverageMin: number; leverageMax: number; feeRate: string; feeMinimum: string };

export type TradingMarket = {
  source: TradableSource;
  /** The wallet that pays for its orders and receives its closes. */
  walletType: WalletType;
  /** The create call its orders go through. */
  orderKind: OrderKind;
  pages: MarketPages;
  limits: MarketLimits;
  /** A permission the user must hold to trade it; none of today's markets needs one. */
  permission: string | null;
};

/**
 * One registry of the markets that trade (spec §4 sources), read by the server's trading rules and by
 * both apps (the customer app's create calls, market wallets and quote and order links; the console's
 * market labels): which wallet pays, which create call takes the order, which pages show it, the limits
 * and commission (the platform's configurable choices, spec §9; operators edit them on top), and the
 * permission it needs.
 */
export const tradingMarkets = {
  '0': {
    source: '0',
    walletType: 'STOCK',
    orderKind: 'stock',
    pages: { quote: '/pages/quote/stock', payment: '/pages/payment/stock' },
    limits: { leverageMin: 1, leverageMax: 5, feeRate: '0.001', feeMinimum: '1.00' },
    permission: null,
  },
  ARG: {
    source: 'ARG',
    walletType: 'AR',
    orderKind: 'stock',
    pages: { quote: '/pages/quote/stock', payment: '/pages/payment/stock' },
    limits: { leverageMin: 1, leverageMax: 2, feeRate: '0.005', feeMinimum: '100.00' },
    permission: null,
  },
  '7': {
    source: '7',
    walletType: 'TW',
    orderKind: 'twStock',
    pages: { quote: '/pages/quote/stock', payment: '/pages/payment/stock' },
    limits: { leverageMin: 1, leverageMax: 2, feeRate: '0.001425', feeMinimum: '20.00' },
    permission: null,
  },
  '3': {
    source: '3',
    walletType: 'FUTURE',
    orderKind: 'gold',
    pages: { quote: '/pages/quote/future', payment: '/pages/payment/future' },
    limits: { leverageMin: 1, leverageMax: 20, feeRate: '0.0002', feeMinimum: '2.00' },
    permission: null,
  },
  '2': {
    source: '2',
    walletType: 'FOREX',
    orderKind: 'forex',
    pages: { quote: '/pages/quote/forex', payment: '/pages/payment/forex' },
    limits: { leverageMin: 1, leverageMax: 30, feeRate: '0.0001', feeMinimum: '1.00' },
    permission: null,
  },
} as const satisfies Record<TradableSource, TradingMarket>;

/** The markets whose orders an order kind's create call takes, in the order of `tradableSources`. */
export function sourcesOfOrderKind(kind: OrderKind): TradableSource[] {
  return tradableSources.filter((source) => tradingMarkets[source].orderKind === kind);
}

/** The sources an order kind's create call takes, as a type (the stock call's `source` field takes only these). */
export type SourceOfOrderKind<Kind extends OrderKind> = {
  [Source in TradableSource]: (typeof tradingMarkets)[Source]['orderKind'] extends Kind ? Source : never;
}[TradableSource];

/** True when `kind`'s create call takes the orders of `source`. */
export function isSourceOfOrderKind<Kind extends OrderKind>(source: TradableSource, kind: Kind): source is SourceOfOrderKind<Kind> {
  return tradingMarkets[source].orderKind === kind;
}

/** True for a source that trades (has a market in the registry); quote-only sources (indices, 99) do not. */
export function isTradableSource(source: string): source is TradableSource {
  return Object.hasOwn(tradingMarkets, source);
}

/** The order kinds of stocks (US, Argentine, Taiwan): a Sell of one closes what is held unless a short is asked for (issue 15 §2). */
export const stockOrderKinds: readonly OrderKind[] = ['stock', 'twStock'];

/** True for a stock market's source, whose Sell is a sell-to-close (read by the server's rule and the order ticket). */
export function isStockSource(source: string): boolean {
  return isTradableSource(source) && stockOrderKinds.includes(tradingMarkets[source].orderKind);
}

/**
 * Retail leverage classes in line with ESMA's limits (issue 15 §11): 30× major currency pairs, 20× other
 * pairs, gold and major indices, 10× other commodities and non-major indices, 5× stocks and other
 * reference values (bonds). A class caps its instruments' default; a market's own default may be lower
 * (Argentine and Taiwan stocks 2×). Operators change either through the audited trading settings.
 */
export const leverageClassCaps = {
  majorFx: 30,
  minorFx: 20,
  gold: 20,
  majorIndex: 20,
  otherCommodity: 10,
  otherIndex: 10,
  stock: 5,
  other: 5,
} as const;
export type LeverageClass = keyof typeof leverageClassCaps;

/** The 7 major currency pairs: the euro, pound, yen, Swiss franc, Canadian, Australian and New Zealand dollars against the dollar. */
export const majorFxPairs: readonly string[] = ['EURUSD', 'GBPUSD', 'USDJPY', 'USDCHF', 'USDCAD', 'AUDUSD', 'NZDUSD'];
/** Futures roots on major indices (S&P 500, Nasdaq 100, Dow Jones); Russell 2000 is not on ESMA's list of majors. */
const majorIndexRoots: readonly string[] = ['ES', 'MES', 'NQ', 'MNQ', 'YM', 'MYM'];
/** Futures roots on a major currency pair (the euro, pound, yen, franc, Canadian, Australian dollars). */
const majorFxRoots: readonly string[] = ['6E', '6B', '6J', '6S', '6C', '6A', '6N'];
const goldRoots: readonly string[] = ['GC', 'MGC'];

/** An instrument's leverage class from its market, code and, for futures, its root and group. */
export function leverageClassOf(instrument: { source: string; code: string; root?: string | null; group?: string | null }): LeverageClass {
  if (instrument.source === '2') return majorFxPairs.includes(instrument.code) ? 'majorFx' : 'minorFx';
  if (instrument.source !== '3') return 'stock';
  const root = instrument.root ?? '';
  if (goldRoots.includes(root)) return 'gold';
  if (majorIndexRoots.includes(root)) return 'majorIndex';
  if (majorFxRoots.includes(root)) return 'majorFx';
  if (instrument.group === 'equity') return 'otherIndex';
  if (instrument.group === 'currency') return 'minorFx';
  if (instrument.group === 'energy' || instrument.group === 'metals' || instrument.group === 'grains') return 'otherCommodity';
  return 'other';
}

/** The default most leverage of an instrument: its class's cap, never above its market's default. */
export function defaultLeverageMaxOf(instrument: { source: string; code: string; root?: string | null; group?: string | null }): number {
  const market = isTradableSource(instrument.source) ? tradingMarkets[instrument.source].limits.leverageMax : 1;
  return Math.min(market, leverageClassCaps[leverageClassOf(instrument)]);
}

/**
 * Block trades (spec §4 source 4 BlockTrade, §5, §6): one transaction of a large quantity of a stock of
 * the stock markets above, filled at a quoted price inside a band around the live mid, through its own
 * create call (`POST /blockTrade/create`) and only for users holding the reviewed permission. The
 * minimum, band and quote life are the defaults operators edit per market.
 */
export const blockTradeMarket = {
  source: '4',
  /** The markets whose stocks may be traded as blocks (their orders are those of the stock order kinds). */
  underlyingSources: ['0', 'ARG', '7'] as const satisfies readonly TradableSource[],
  permission: 'blockTrade',
  pages: { product: '/pages/product/blocktrade' },
  /** Spec §5, §9: a block is at least 10,000 shares. */
  minQuantity: 10_000,
  /** The price must lie within ±1 % of the live mid (between bid and ask). */
  bandRate: '0.01',
  /** How long a quote holds its price. */
  quoteSeconds: 10,
} as const;

/** True for a market whose stocks may be traded as blocks. */
export function isBlockUnderlyingSource(source: string): boolean {
  return (blockTradeMarket.underlyingSources as readonly string[]).includes(source) && isStockSource(source);
}
