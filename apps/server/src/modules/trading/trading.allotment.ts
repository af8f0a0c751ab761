import { openCloseKinds, orderStatuses, orderTypes, tradeDirections } from '@bolsa/contracts';
import type { Executor } from '../../platform/db/index.ts';
import type { TradingContext } from './trading.context.ts';
import * as repository from './trading.repository.ts';

/** Shares allotted by a new-share offering (issue 18), already paid for: their amount sits with the house. */
export type AllottedShares = {
  userId: number;
  code: string;
  quantity: number;
  /** The subscription price, and what was paid for the shares (price × quantity, fee apart). */
  price: string;
  amount: string;
  /** One per allotment (`subscription:<application id>`): a repeat answers the position made the first time. */
  idempotencyKey: string;
};

/**
 * Makes allotted shares a position on the STOCK wallet in the caller's transaction: a filled buy at the
 * subscription price, unleveraged, whose margin is the amount the allotment already posted to the house,
 * so selling it releases that margin from the house like any bought stock. No money moves here.
 */
export async function openAllottedPosition(context: TradingContext, tx: Executor, input: AllottedShares) {
  const at = context.now();
  const inserted = await repository.insertOrder(tx, {
    userId: input.userId,
    idempotencyKey: input.idempotencyKey,
    code: input.code,
    source: '0',
    walletType: 'STOCK',
    direction: tradeDirections.buy,
    orderType: orderTypes.limit,
    openClose: openCloseKinds.open,
    status: orderStatuses.success,
    quantity: String(input.quantity),
    limitPrice: input.price,
    leverage: 1,
    timeInForce: 'day',
    fillPrice: input.price,
    amount: input.amount,
    fee: '0',
    margin: input.amount,
    createdAt: at,
    filledAt: at,
  });
  if (!inserted) {
    const order = await repository.orderByKey(tx, input.userId, input.idempotencyKey);
    if (!order?.positionId) throw new Error(`allotment order ${input.idempotencyKey} has no position`);
    return order.positionId;
  }
  const position = await repository.insertPosition(tx, {
    userId: input.userId,
    orderId: inserted.id,
    code: input.code,
    source: '0',
    walletType: 'STOCK',
    direction: tradeDirections.buy,
    openedQuantity: String(input.quantity),
    quantity: String(input.quantity),
    openPrice: input.price,
    leverage: 1,
    margin: input.amount,
    fees: '0',
    createdAt: at,
  });
  await repository.insertFill(tx, {
    orderId: inserted.id,
    positionId: position.id,
    userId: input.userId,
    quantity: String(input.quantity),
    price: input.price,
    fee: '0',
    margin: input.amount,
    createdAt: at,
  });
  const order = await repository.updateOrder(tx, inserted.id, { positionId: position.id });
  context.announceOrder(tx, order);
  context.announcePosition(tx, position);
  return position.id;
}
