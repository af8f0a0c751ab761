import {
  currencyOfWallet,
  type MessageTemplate,
  orderStatuses,
  orderTypes,
  type QuoteTick,
  tradeDirections,
  type WalletType,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import type { PositionSnapshot, TradingContext, TriggerReason } from './trading.context.ts';
import type * as repository from './trading.repository.ts';
import { MAINTENANCE_MARGIN_RATIO, multiplierOf } from './trading.rules.ts';

/** The message a position closed by itself on a quote sends its owner. */
export const closeMessageOf = {
  take_profit: 'positionTakeProfit',
  stop_loss: 'positionStopLoss',
  stop_out: 'positionStoppedOut',
} as const satisfies Record<TriggerReason, MessageTemplate>;

/** The price an in-progress order fills at on this quote, or null while it waits. Stop-limits whose stop is hit say so. */
export function fillPriceOn(order: repository.OrderRow, tick: QuoteTick): { price: Decimal | null; isTriggered: boolean } {
  const isBuy = order.direction === tradeDirections.buy;
  const touch = new Decimal(isBuy ? tick.ask : tick.bid);
  const limitCrossed = (limit: string) => (isBuy ? touch.lessThanOrEqualTo(limit) : touch.greaterThanOrEqualTo(limit));
  const stopHit = (stop: string) => (isBuy ? touch.greaterThanOrEqualTo(stop) : touch.lessThanOrEqualTo(stop));
  switch (order.orderType) {
    case orderTypes.market:
      return { price: touch, isTriggered: false };
    case orderTypes.limit:
      return { price: limitCrossed(order.limitPrice ?? '0') ? touch : null, isTriggered: false };
    case orderTypes.stop:
      return { price: stopHit(order.stopPrice ?? '0') ? touch : null, isTriggered: false };
    default: {
      const isTriggered = order.status === orderStatuses.triggered || stopHit(order.stopPrice ?? '0');
      return { price: isTriggered && limitCrossed(order.limitPrice ?? '0') ? touch : null, isTriggered };
    }
  }
}

/** Why a position should close on this quote by itself: its take-profit, its stop-loss, or a stop-out. */
export function triggerOf(context: TradingContext, position: PositionSnapshot, tick: QuoteTick): TriggerReason | null {
  const instrument = context.catalog.byCode.get(position.code);
  if (!instrument) return null;
  const isBuy = position.direction === tradeDirections.buy;
  const touch = new Decimal(isBuy ? tick.bid : tick.ask);
  if (
    position.takeProfit !== null &&
    (isBuy ? touch.greaterThanOrEqualTo(position.takeProfit) : touch.lessThanOrEqualTo(position.takeProfit))
  )
    return 'take_profit';
  if (position.stopLoss !== null && (isBuy ? touch.lessThanOrEqualTo(position.stopLoss) : touch.greaterThanOrEqualTo(position.stopLoss)))
    return 'stop_loss';
  try {
    const move = touch.minus(position.openPrice).times(isBuy ? 1 : -1);
    const floating = context.toWallet(
      instrument,
      move.times(position.quantity).times(multiplierOf(instrument)),
      position.walletType as WalletType,
    );
    const margin = new Decimal(position.margin);
    if (margin.plus(floating).lessThan(margin.times(MAINTENANCE_MARGIN_RATIO))) return 'stop_out';
  } catch {
    return null;
  }
  return null;
}

/**
 * Touches between which a quote cannot close this position by itself (`triggerOf` is null strictly
 * inside `below`..`above`), in floating point with a margin far above a double's error: the engine
 * skips the decimal check of most positions on most ticks. A position valued in another currency
 * than its wallet's has no stop-out bound (its rate moves): it is always checked.
 */
export function triggerBoundsOf(context: TradingContext, position: PositionSnapshot): { below: number; above: number } {
  const instrument = context.catalog.byCode.get(position.code);
  if (!instrument) return { below: Number.POSITIVE_INFINITY, above: Number.NEGATIVE_INFINITY };
  const isBuy = position.direction === tradeDirections.buy;
  const levels = { below: Number.NEGATIVE_INFINITY, above: Number.POSITIVE_INFINITY };
  // A buy closes on its bid: take-profit above, stop-loss and stop-out below; a sell on its ask, mirrored.
  const towardsProfit = isBuy ? 'above' : 'below';
  const towardsLoss = isBuy ? 'below' : 'above';
  const tighten = (side: 'below' | 'above', value: number) => {
    levels[side] = side === 'below' ? Math.max(levels[side], value) : Math.min(levels[side], value);
  };
  if (position.takeProfit !== null) tighten(towardsProfit, Number(position.takeProfit));
  if (position.stopLoss !== null) tighten(towardsLoss, Number(position.stopLoss));
  if (instrument.currency !== currencyOfWallet(position.walletType as WalletType)) {
    tighten(towardsLoss, isBuy ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY);
  } else {
    // Stopped out when margin + move × quantity × multiplier < margin × ratio: the move may fall to
    // -(margin × (1 - ratio)) / (quantity × multiplier) before it does.
    // In floating point like the bounds themselves: its relative error (about 1e-15) is far inside the slack below.
    const room =
      (Number(position.margin) * (1 - Number(MAINTENANCE_MARGIN_RATIO))) / (Number(position.quantity) * Number(instrument.multiplier ?? 1));
    const open = Number(position.openPrice);
    tighten(towardsLoss, isBuy ? open - room : open + room);
  }
  const slack = (value: number) => (Number.isFinite(value) ? Math.abs(value) * 1e-9 + 1e-6 : 0);
  return { below: levels.below + slack(levels.below), above: levels.above - slack(levels.above) };
}
