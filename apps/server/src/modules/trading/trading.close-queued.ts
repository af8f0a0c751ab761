import type { QuoteTick } from '@bolsa/contracts';
import { orderStatuses } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import type { Executor } from '../../platform/db/index.ts';
import { closeInTx } from './trading.close.ts';
import type { FillOutcome, TradingContext } from './trading.context.ts';
import * as repository from './trading.repository.ts';

/**
 * Fills a close queued while the market was shut, on a quote in session (the engine calls this through
 * `fillResting`, in its transaction, with the order locked). The position is locked without waiting: a
 * take-profit or stop-out closing it at the same open holds it, and this order is tried again on the next
 * quote, by when it has been cancelled with the position. A position closed before is never closed again:
 * the order is cancelled (`position_closed`); one holding less than queued (not reachable through the API,
 * which reserves queued quantities) closes what it holds and the order says so.
 */
export async function fillQueuedClose(
  context: TradingContext,
  tx: Executor,
  order: repository.OrderRow,
  tick: QuoteTick,
  changed: repository.PositionRow[],
): Promise<FillOutcome> {
  if (order.positionId === null) throw new Error(`close order ${order.id} has no position`);
  const position = await repository.lockOpenPosition(tx, order.positionId);
  if (!position) {
    const current = await repository.positionOf(tx, order.userId, order.positionId, { forUpdate: false });
    if (current?.isOpen) return 'waiting';
    const cancelled = await repository.finishOrder(tx, order.id, {
      status: orderStatuses.cancelled,
      cancelReason: 'position_closed',
      cancelledAt: context.now(),
    });
    if (cancelled) context.announceOrder(tx, cancelled);
    return 'cancelled';
  }
  const remaining = new Decimal(position.quantity);
  let queued = order;
  if (remaining.lessThan(order.quantity)) queued = await repository.updateOrder(tx, order.id, { quantity: remaining.toString() });
  const filled = await closeInTx(
    context,
    tx,
    position,
    { quantity: new Decimal(queued.quantity), idempotencyKey: order.idempotencyKey, tick, closeReason: 'user', queued },
    changed,
  );
  // It filled while the user was away, as an entrusted opening order does: they get the same message.
  await context.notify(tx, order.userId, 'orderFilled', {
    code: order.code,
    quantity: new Decimal(filled.quantity).toString(),
    price: new Decimal(filled.fillPrice ?? '0').toString(),
  });
  return 'filled';
}
