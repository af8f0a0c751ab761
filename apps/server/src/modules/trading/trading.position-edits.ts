import { tradeDirections, type WalletType } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { inTransaction } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import { toMoney } from '../ledger/index.ts';
import { house, type TradingContext } from './trading.context.ts';
import * as repository from './trading.repository.ts';
import { isOnTick, tickSizeOf } from './trading.rules.ts';
import { positionView } from './trading.views.ts';

/**
 * Sets (or, with null, removes) the take-profit and stop-loss of an open position of the user's.
 * Each must lie on its own side of the price the position would close at now, so setting one never
 * closes the position at once by surprise; the execution engine watches the new levels from the commit.
 */
export async function updateTakeProfitStopLoss(
  context: TradingContext,
  principal: Principal,
  input: { id: number; takeProfit: string | null; stopLoss: string | null },
) {
  const userId = context.userIdOf(principal);
  const updated = await inTransaction(context.db, async (tx) => {
    const position = await repository.positionOf(tx, userId, input.id, { forUpdate: true });
    if (!position?.isOpen) throw new AppError('POSITION_NOT_FOUND');
    const instrument = context.instrumentOf(position.code);
    for (const value of [input.takeProfit, input.stopLoss]) {
      if (value === null) continue;
      const price = new Decimal(value);
      if (!isOnTick(instrument, price)) throw new AppError('PRICE_NOT_ON_TICK', { tick: tickSizeOf(instrument, price).toString() });
    }
    const tick = context.quotes.latest(position.code);
    if (!tick) throw new AppError('QUOTE_UNAVAILABLE');
    const isBuy = position.direction === tradeDirections.buy;
    const touch = new Decimal(isBuy ? tick.bid : tick.ask);
    // Above the touch is the winning side of a buy, below it the winning side of a sell.
    const isAbove = (value: string) => new Decimal(value).greaterThan(touch);
    const isBelow = (value: string) => new Decimal(value).lessThan(touch);
    const isTakeProfitValid = input.takeProfit === null || (isBuy ? isAbove(input.takeProfit) : isBelow(input.takeProfit));
    const isStopLossValid = input.stopLoss === null || (isBuy ? isBelow(input.stopLoss) : isAbove(input.stopLoss));
    if (!isTakeProfitValid || !isStopLossValid) throw new AppError('TAKE_PROFIT_STOP_LOSS_INVALID', { price: touch.toString() });
    const changedLevels = await repository.updatePosition(tx, position.id, { takeProfit: input.takeProfit, stopLoss: input.stopLoss });
    context.announcePosition(tx, changedLevels);
    return changedLevels;
  });
  context.onPositionChanged?.(updated);
  return positionView(context, updated);
}

/** Adds money from the wallet to a position's margin. */
export async function addMargin(
  context: TradingContext,
  principal: Principal,
  input: { id: number; amount: string; idempotencyKey: string },
) {
  const userId = context.userIdOf(principal);
  const updated = await inTransaction(context.db, async (tx) => {
    const position = await repository.positionOf(tx, userId, input.id, { forUpdate: true });
    if (!position?.isOpen) throw new AppError('POSITION_NOT_FOUND');
    const walletType = position.walletType as WalletType;
    const amount = toMoney(input.amount);
    const journal = await context.ledger.post(tx, {
      idempotencyKey: `margin:${userId}:${input.idempotencyKey}`,
      reason: 'trade_margin',
      memo: `margin added to position ${position.id}`,
      legs: [
        { account: { userId, walletType }, amount: new Decimal(amount).negated(), requireFunds: true },
        { account: house(walletType), amount },
      ],
    });
    const updated = journal.isReplay
      ? position
      : await repository.updatePosition(tx, position.id, { margin: toMoney(new Decimal(position.margin).plus(amount)) });
    if (!journal.isReplay) context.announcePosition(tx, updated);
    return updated;
  });
  context.onPositionChanged?.(updated);
  return positionView(context, updated);
}
