import {
  MAINTENANCE_MARGIN_RATIO as maintenanceMarginRatio,
  type OrderKind,
  sourcesOfOrderKind,
  type TradableSource,
  tradingMarkets,
  type WalletType,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { type ClockMode, calendars, type MarketModule, sessionsOf } from '../market/index.ts';

export type Instrument = MarketModule['catalog']['instruments'][number];

/**
 * The rules of each market: which wallet pays, the leverage allowed and the commission (a rate of the
 * traded value with a minimum, in the wallet's currency). Spec §9 leaves fees and leverage open; these
 * are the platform's configurable choices, kept with each market in the contracts' `tradingMarkets`.
 */
export type MarketRules = {
  walletType: WalletType;
  leverageMin: number;
  leverageMax: number;
  feeRate: string;
  feeMinimum: string;
};

const rulesOfMarket = (source: TradableSource): MarketRules => ({
  walletType: tradingMarkets[source].walletType,
  ...tradingMarkets[source].limits,
});

export const marketRules: Record<TradableSource, MarketRules> = {
  '0': rulesOfMarket('0'),
  ARG: rulesOfMarket('ARG'),
  '7': rulesOfMarket('7'),
  '3': rulesOfMarket('3'),
  '2': rulesOfMarket('2'),
};

/**
 * A position is stopped out when its margin plus floating P&L falls below this share of its margin. Kept in
 * the contracts: the order ticket's risk disclosure shows at what move that happens.
 */
export const MAINTENANCE_MARGIN_RATIO = maintenanceMarginRatio;

/** Which create call (order kind) takes which sources, from the contracts' `tradingMarkets`. */
export const sourcesOfCreate: Record<OrderKind, readonly TradableSource[]> = {
  stock: sourcesOfOrderKind('stock'),
  twStock: sourcesOfOrderKind('twStock'),
  gold: sourcesOfOrderKind('gold'),
  forex: sourcesOfOrderKind('forex'),
};
export type CreateKind = OrderKind;

export function isTradable(source: string): source is TradableSource {
  return source in marketRules;
}

export function tickSizeOf(instrument: Instrument, price: Decimal): Decimal {
  for (const [below, tick] of instrument.tickRule) if (price.abs().lessThan(below)) return new Decimal(tick);
  return new Decimal(instrument.tickRule[instrument.tickRule.length - 1]?.[1] ?? '0.01');
}

export function isOnTick(instrument: Instrument, price: Decimal): boolean {
  return price.mod(tickSizeOf(instrument, price)).isZero();
}

export function multiplierOf(instrument: Instrument): Decimal {
  return new Decimal(instrument.multiplier ?? 1);
}

/** Money the platform takes: rounded up to the cent so it never under-reserves or under-charges. */
export function moneyUp(value: Decimal.Value): string {
  return new Decimal(value).toFixed(2, Decimal.ROUND_UP);
}

/** Commission on a traded value in the wallet's currency. */
export function feeOf(rules: MarketRules, notional: Decimal): string {
  return moneyUp(Decimal.max(notional.times(rules.feeRate), rules.feeMinimum));
}

/** Margin of a traded value: the value over the leverage, and at least the exchange margin per contract for futures. */
export function marginOf(notional: Decimal, leverage: number, quantity: Decimal, perContractInWallet: Decimal | null): string {
  const byLeverage = notional.div(leverage);
  return moneyUp(perContractInWallet ? Decimal.max(byLeverage, perContractInWallet.times(quantity)) : byLeverage);
}

function addUtcDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * When a day order placed at an instant expires: at the close of the trading day in session then, or
 * of the next one when the market is shut (an order entrusted overnight lives through the next
 * session). Null when the clock is always open (demos, tests), where no session ever ends.
 */
export function dayOrderExpiry(instrument: Instrument, instantMs: number, clock: ClockMode): Date | null {
  if (clock === 'always-open') return null;
  const calendar = calendars[instrument.calendar];
  let date = addUtcDays(new Date(instantMs).toISOString().slice(0, 10), -1);
  for (let day = 0; day < 40; day += 1) {
    const sessions = sessionsOf(calendar, date);
    const close = sessions[sessions.length - 1]?.close;
    if (close !== undefined && close > instantMs) return new Date(close);
    date = addUtcDays(date, 1);
  }
  return null;
}

/** How long a good-till-cancelled order may wait before it is cancelled as expired (issue #5: 90 days). */
export const GOOD_TILL_CANCELLED_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When an order placed at an instant expires: a day order at its session's close, a good-till-cancelled one 90 days on. */
export function orderExpiry(instrument: Instrument, timeInForce: 'day' | 'gtc', instantMs: number, clock: ClockMode): Date | null {
  if (timeInForce === 'gtc') return new Date(instantMs + GOOD_TILL_CANCELLED_DAYS * DAY_MS);
  return dayOrderExpiry(instrument, instantMs, clock);
}

/**
 * The instant a futures contract stops trading (the close of the last session of its last trade date)
 * is the market module's, which also leaves expired contracts out of its lists by it.
 */
export { contractExpiry, isExpiredAt } from '../market/index.ts';

/**
 * Whether a take-profit and a stop-loss lie on their own sides of `reference` (the price a position opens
 * or would close at): for a buy the take-profit above and the stop-loss below, for a sell the other way
 * round. A level on the wrong side would close the position as soon as it opened.
 */
export function areExitLevelsOnTheirSides(
  isBuy: boolean,
  reference: Decimal,
  levels: { takeProfit?: string | null | undefined; stopLoss?: string | null | undefined },
): boolean {
  const isAbove = (value: string) => new Decimal(value).greaterThan(reference);
  const isBelow = (value: string) => new Decimal(value).lessThan(reference);
  const { takeProfit, stopLoss } = levels;
  const isTakeProfitValid = takeProfit == null || (isBuy ? isAbove(takeProfit) : isBelow(takeProfit));
  const isStopLossValid = stopLoss == null || (isBuy ? isBelow(stopLoss) : isAbove(stopLoss));
  return isTakeProfitValid && isStopLossValid;
}
