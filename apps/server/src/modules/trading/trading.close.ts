import {
  currencyOfWallet,
  type MessageTemplate,
  openCloseKinds,
  orderStatuses,
  orderTypes,
  type QuoteTick,
  tradeDirections,
  type WalletType,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import type { Executor } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { toMoney } from '../ledger/index.ts';
import { type CloseReason, house, type TradingContext } from './trading.context.ts';
import * as repository from './trading.repository.ts';
import { feeOf, multiplierOf } from './trading.rules.ts';

export type CloseInput = {
  quantity: Decimal;
  idempotencyKey: string;
  tick: QuoteTick;
  closeReason: CloseReason;
  /** A close queued while the market was shut, filled now: its row exists already. */
  queued?: repository.OrderRow;
};

/** What closing a quantity of a position at this quote is worth, decided in decimals before anything is written. */
function closeAmountsOf(context: TradingContext, position: repository.PositionRow, quantity: Decimal, tick: QuoteTick) {
  const instrument = context.instrumentOf(position.code);
  const rules = context.rulesOf(instrument);
  const walletType = position.walletType as WalletType;
  const remaining = new Decimal(position.quantity);
  const isBuy = position.direction === tradeDirections.buy;
  const exit = new Decimal(isBuy ? tick.bid : tick.ask);
  const isFull = quantity.equals(remaining);
  const released = isFull
    ? new Decimal(position.margin)
    : new Decimal(new Decimal(position.margin).times(quantity).div(remaining).toFixed(2, Decimal.ROUND_DOWN));
  const move = exit.minus(position.openPrice).times(isBuy ? 1 : -1);
  const pnl = new Decimal(toMoney(context.toWallet(instrument, move.times(quantity).times(multiplierOf(instrument)), walletType)));
  const notional = context.toWallet(instrument, exit.times(quantity).times(multiplierOf(instrument)), walletType);
  const fee = new Decimal(feeOf(rules, notional));
  return { walletType, remaining, isBuy, exit, released, pnl, notional, fee };
}
type CloseAmounts = ReturnType<typeof closeAmountsOf>;

/**
 * The market order that closes a quantity of a position, in progress: the reverse direction of the
 * position, no money held (closing frees margin).
 */
export function closeOrderOf(
  position: repository.PositionRow,
  input: { quantity: Decimal; idempotencyKey: string; closeReason: CloseReason; at: Date },
): repository.NewOrder {
  return {
    userId: position.userId,
    idempotencyKey: input.idempotencyKey,
    closeReason: input.closeReason,
    code: position.code,
    source: position.source,
    walletType: position.walletType,
    direction: position.direction === tradeDirections.buy ? tradeDirections.sell : tradeDirections.buy,
    orderType: orderTypes.market,
    openClose: openCloseKinds.close,
    status: orderStatuses.entrusted,
    quantity: input.quantity.toString(),
    leverage: position.leverage,
    timeInForce: 'day',
    positionId: position.id,
    createdAt: input.at,
  };
}

/** The order that closes now: the queued one, or a new one. */
async function closingOrderOf(tx: Executor, position: repository.PositionRow, input: CloseInput, at: Date) {
  const order = input.queued ?? (await repository.insertOrder(tx, closeOrderOf(position, { ...input, at })));
  if (!order) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return order;
}

/**
 * The close's money, through the ledger: the margin share released to the wallet, the realised P&L against
 * the house (a loss beyond what the wallet holds is absorbed by the house), then the fee out of what is left.
 */
async function postCloseMoney(
  context: TradingContext,
  tx: Executor,
  position: repository.PositionRow,
  order: repository.OrderRow,
  amounts: CloseAmounts,
) {
  const { ledger } = context;
  const { walletType, released, pnl, fee } = amounts;
  const userId = position.userId;
  const user = { userId, walletType };
  const memo = `close ${order.id} position ${position.id} ${position.code}`;
  if (released.greaterThan(0)) {
    await ledger.post(tx, {
      idempotencyKey: `order:${order.id}:margin`,
      reason: 'trade_margin',
      memo,
      legs: [
        { account: house(walletType), amount: released.negated() },
        { account: user, amount: released },
      ],
    });
  }
  let available = new Decimal((await ledger.wallet(tx, userId, walletType)).availableBalance);
  let realised = pnl;
  if (pnl.lessThan(0)) realised = Decimal.max(pnl, available.negated());
  if (!realised.isZero()) {
    await ledger.post(tx, {
      idempotencyKey: `order:${order.id}:pnl`,
      reason: 'realised_pnl',
      memo,
      legs: [
        { account: house(walletType), amount: realised.negated() },
        { account: user, amount: realised, requireFunds: realised.lessThan(0) },
      ],
    });
  }
  available = available.plus(realised);
  const feeCharged = Decimal.min(fee, Decimal.max(available, 0));
  if (feeCharged.greaterThan(0)) {
    await ledger.post(tx, {
      idempotencyKey: `order:${order.id}:fee`,
      reason: 'fee',
      memo,
      legs: [
        { account: user, amount: feeCharged.negated(), requireFunds: true },
        { account: { system: 'FEES', currency: currencyOfWallet(walletType) }, amount: feeCharged },
      ],
    });
  }
  return { realised, feeCharged };
}

/**
 * Closes all or part of a locked open position at the touch (bid for a buy, ask for a sell), in the
 * caller's transaction: releases its margin share, posts the realised P&L against the house and the
 * closing fee. A loss beyond what the wallet holds is absorbed by the house (negative balance protection).
 */
export async function closeInTx(
  context: TradingContext,
  tx: Executor,
  position: repository.PositionRow,
  input: CloseInput,
  changed: repository.PositionRow[],
): Promise<repository.OrderRow> {
  const { quantity } = input;
  const amounts = closeAmountsOf(context, position, quantity, input.tick);
  const { remaining, exit, released, notional } = amounts;
  const at = context.now();
  const order = await closingOrderOf(tx, position, input, at);
  const { realised, feeCharged } = await postCloseMoney(context, tx, position, order, amounts);
  const left = remaining.minus(quantity);
  const updated = await repository.updatePosition(tx, position.id, {
    quantity: left.toString(),
    margin: toMoney(new Decimal(position.margin).minus(released)),
    fees: toMoney(new Decimal(position.fees).plus(feeCharged)),
    realisedPnl: toMoney(new Decimal(position.realisedPnl).plus(realised)),
    isOpen: !left.isZero(),
    closePrice: exit.toString(),
    ...(left.isZero() ? { closedAt: at } : {}),
  });
  changed.push(updated);
  context.announcePosition(tx, updated);
  await repository.insertFill(tx, {
    orderId: order.id,
    positionId: position.id,
    userId: position.userId,
    quantity: quantity.toString(),
    price: exit.toString(),
    fee: toMoney(feeCharged),
    margin: toMoney(released),
    realisedPnl: toMoney(realised),
    createdAt: at,
  });
  const filled = await repository.finishOrder(tx, order.id, {
    status: orderStatuses.success,
    fillPrice: exit.toString(),
    amount: toMoney(notional),
    fee: toMoney(feeCharged),
    margin: toMoney(released),
    filledAt: at,
  });
  if (!filled) throw new Error('close order left progress');
  context.announceOrder(tx, filled);
  // After this order is finished, so only the other closes still waiting on the position are cancelled.
  if (left.isZero()) await cancelQueuedClosesOf(context, tx, position.id, at);
  return filled;
}

/**
 * A position closed whole (take-profit, stop-loss, stop-out, settlement, or a close by hand of what was
 * not queued): closes still queued on it have nothing left to close, so they are cancelled in the same
 * transaction with the reason `position_closed` and their owner is told (never left to fail at the open).
 */
async function cancelQueuedClosesOf(context: TradingContext, tx: Executor, positionId: number, at: Date) {
  const cancelled = await repository.cancelQueuedCloses(tx, positionId, {
    status: orderStatuses.cancelled,
    cancelReason: 'position_closed',
    cancelledAt: at,
  });
  for (const order of cancelled) context.announceOrder(tx, order);
}

/**
 * Writes the message of a position the system closed (take-profit, stop-loss, stop-out, settlement):
 * what closed, at what price, and the P&L this close realised (the position's total after it, less before).
 */
export async function notifyClosedBySystem(
  context: TradingContext,
  tx: Executor,
  template: MessageTemplate,
  before: repository.PositionRow,
  closing: repository.OrderRow,
  after: repository.PositionRow | undefined,
) {
  await context.notify(tx, before.userId, template, {
    code: before.code,
    quantity: new Decimal(closing.quantity).toString(),
    price: new Decimal(closing.fillPrice ?? '0').toString(),
    pnl: toMoney(new Decimal(after?.realisedPnl ?? before.realisedPnl).minus(before.realisedPnl)),
    currency: currencyOfWallet(before.walletType as WalletType),
  });
}
