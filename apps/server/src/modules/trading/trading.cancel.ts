import { type Order, openCloseKinds, orderStatuses } from '@bolsa/contracts';
import { type Executor, inTransaction } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import type { TradingContext } from './trading.context.ts';
import * as repository from './trading.repository.ts';
import { orderView } from './trading.views.ts';

/** A user's cancel of an order of theirs still in progress: its hold (if any) released, the order finished as cancelled. */
export async function cancelOrder(context: TradingContext, principal: Principal, orderId: number): Promise<Order> {
  const userId = context.userIdOf(principal);
  return inTransaction(context.db, async (tx) => {
    const order = await repository.orderOf(tx, userId, orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const locked = await repository.lockOrderInProgress(tx, order.id, { skipLocked: false });
    // An opening order in progress always holds its money; a close queued for the open holds none.
    const isQueuedClose = locked?.openClose === openCloseKinds.close;
    if (!locked || (locked.holdId === null && !isQueuedClose)) throw new AppError('ORDER_NOT_CANCELLABLE');
    if (locked.holdId !== null)
      await context.ledger.voidHold(tx, { holdId: locked.holdId, idempotencyKey: `order:${locked.id}:void`, reason: 'trade_margin' });
    const cancelled = await repository.finishOrder(tx, locked.id, {
      status: orderStatuses.cancelled,
      cancelReason: 'cancelled_by_user',
      cancelledAt: context.now(),
    });
    if (!cancelled) throw new AppError('ORDER_NOT_CANCELLABLE');
    context.announceOrder(tx, cancelled);
    return orderView(context, cancelled);
  });
}

/**
 * Cancels an order in progress that expired (a day order after its session, a good-till-cancelled one
 * after 90 days, any order of a settled contract), in the caller's transaction: its hold released.
 */
export async function cancelExpiredOrder(context: TradingContext, executor: Executor, order: repository.OrderRow, at: Date) {
  if (order.holdId !== null)
    await context.ledger.voidHold(executor, { holdId: order.holdId, idempotencyKey: `order:${order.id}:void`, reason: 'trade_margin' });
  const expired = await repository.finishOrder(executor, order.id, {
    status: orderStatuses.cancelled,
    cancelReason: 'expired',
    cancelledAt: at,
  });
  if (expired) context.announceOrder(executor, expired);
}
