import { type Order, openCloseKinds } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { type Executor, inTransaction } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import { assertUnlocked } from './trading.allotment.ts';
import { closeInTx, closeOrderOf } from './trading.close.ts';
import type { TradingContext } from './trading.context.ts';
import * as repository from './trading.repository.ts';
import { type Instrument, orderExpiry } from './trading.rules.ts';
import { orderView } from './trading.views.ts';

export type ClosePositionInput = { id: number; quantity?: string | undefined; idempotencyKey: string };

function isSameClose(row: repository.OrderRow | undefined, positionId: number): row is repository.OrderRow {
  return row?.openClose === openCloseKinds.close && row.positionId === positionId;
}

/**
 * Queues a user's close while the position's market is shut: an entrusted market close order (no money
 * held: closing frees margin) that the execution engine fills at the first quote of the next session, at
 * that opening price, exactly as an opening order placed outside the session. Its quantity is reserved
 * by the caller's check against what is already queued.
 */
async function queueCloseInTx(
  context: TradingContext,
  tx: Executor,
  position: repository.PositionRow,
  instrument: Instrument,
  input: { quantity: Decimal; idempotencyKey: string },
): Promise<repository.OrderRow> {
  const at = context.now();
  const order = await repository.insertOrder(tx, {
    ...closeOrderOf(position, { quantity: input.quantity, idempotencyKey: input.idempotencyKey, closeReason: 'user', at }),
    expiresAt: orderExpiry(instrument, 'day', at.getTime(), context.clock),
  });
  if (!order) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return order;
}

/**
 * The user's close in its transaction, the position locked: the first attempt's order for a retry, else
 * the quantity checked against what is closable and then closed at the market, or queued while it is shut.
 */
async function closeLockedPosition(
  context: TradingContext,
  tx: Executor,
  userId: number,
  input: ClosePositionInput,
  changed: repository.PositionRow[],
): Promise<{ order: repository.OrderRow; isQueued: boolean }> {
  const position = await repository.positionOf(tx, userId, input.id, { forUpdate: true });
  // A retry that waited on the first attempt's lock finds that attempt's order (and the position closed by it).
  const first = await repository.orderByKey(tx, userId, input.idempotencyKey);
  if (first) {
    if (!isSameClose(first, input.id)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return { order: first, isQueued: false };
  }
  if (!position?.isOpen) throw new AppError('POSITION_NOT_FOUND');
  assertUnlocked(position, context.now());
  const instrument = context.instrumentOf(position.code);
  context.assertNotExpired(instrument);
  // What closes queued for the open have reserved is not closable again (read under the position's lock).
  const queued = new Decimal(await repository.queuedCloseQuantity(tx, position.id));
  const remaining = new Decimal(position.quantity).minus(queued);
  if (!remaining.greaterThan(0)) throw new AppError('CLOSE_ALREADY_QUEUED');
  const quantity = input.quantity === undefined ? remaining : new Decimal(input.quantity);
  if (quantity.greaterThan(remaining) || !quantity.mod(instrument.lotSize).isZero())
    throw new AppError('CLOSE_QUANTITY_INVALID', { max: remaining.toString(), lot: instrument.lotSize });
  const tick = context.quotes.latest(position.code);
  // While the market is shut the close waits for the open, as an order placed then does.
  if (!context.isTrading(instrument, tick))
    return {
      order: await queueCloseInTx(context, tx, position, instrument, { quantity, idempotencyKey: input.idempotencyKey }),
      isQueued: true,
    };
  if (!tick) throw new AppError('QUOTE_UNAVAILABLE');
  return {
    order: await closeInTx(context, tx, position, { quantity, idempotencyKey: input.idempotencyKey, tick, closeReason: 'user' }, changed),
    isQueued: false,
  };
}

/** A user's close of all or part of a position, at the market while it trades. */
export async function closePosition(context: TradingContext, principal: Principal, input: ClosePositionInput): Promise<Order> {
  const userId = context.userIdOf(principal);
  const existing = await repository.orderByKey(context.db, userId, input.idempotencyKey);
  if (existing) {
    if (!isSameClose(existing, input.id)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return orderView(context, existing);
  }
  const changed: repository.PositionRow[] = [];
  const order = await inTransaction(context.db, async (tx) => {
    // A retried attempt starts again: what the aborted one collected never happened.
    changed.length = 0;
    return closeLockedPosition(context, tx, userId, input, changed);
  });
  context.positionsChanged(changed);
  if (order.isQueued) context.onResting?.(order.order);
  return orderView(context, order.order);
}
