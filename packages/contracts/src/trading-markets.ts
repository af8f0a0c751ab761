import { type TradableSource, tradableSources, type tradingApi } from './trading.ts';
import type { WalletType } from './wallet.ts';

/**
 * The order kinds: each is one create call of the trading API (`tradingApi`), taking the markets listed
 * with it in `tradingMarkets` (stocks of the US and Argentina, Taiwan stocks, futures, forex).
 */
export const orderKinds = {
  stock: { api: 'createStock', codeField: 'stockCode' },
  twStock: { api: 'createTwStock', codeField: 'stockCode' },
  gold: { api: 'createGold', codeField: 'goldCode' },
  forex: { api: 'createForex', codeField: 'stockCode' },
} as const satisfies Record<string, { api: keyof typeof tradingApi; codeField: 'stockCode' | 'goldCode' }>;
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
 * One registry of the markets that trade (spec §4 sources), read by the server's trading rules and, in
 * time, by both apps: which wallet pays, which create call takes the order, which pages show it, the
 * limits and commission (the platform's configurable choices, spec §9; operators edit them on top), and
 * the permission it needs.
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
    limits: { leverageMin: 1, leverageMax: 100, feeRate: '0.0001', feeMinimum: '1.00' },
    permission: null,
  },
} as const satisfies Record<TradableSource, TradingMarket>;

/** The markets whose orders an order kind's create call takes, in the order of `tradableSources`. */
export function sourcesOfOrderKind(kind: OrderKind): TradableSource[] {
  return tradableSources.filter((source) => tradingMarkets[source].orderKind === kind);
}
