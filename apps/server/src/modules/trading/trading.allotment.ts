import { openCloseKinds, orderStatuses, orderTypes, type PlacingFlatCount, tradeDirections } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import type { TradingContext } from './trading.context.ts';
import * as repository from './trading.repository.ts';
import { tradingPositions } from './trading.tables.ts';

/** Shares allotted by a new-share offering (issue 18), already paid for: their amount sits with the house. */
export type AllottedShares = {
  userId: number;
  code: string;
  quantity: number;
  /** The subscription price, and what was paid for the shares (price × quantity) and its fee, both posted at allotment. */
  price: string;
  amount: string;
  fee: string;
  /** One per allotment (`subscription:<application id>`): a repeat answers the position made the first time. */
  idempotencyKey: string;
  /** Placed shares: not sellable before this instant (their market date). */
  lockedUntil?: Date | null;
};

/**
 * Makes allotted shares a position on the STOCK wallet in the caller's transaction: a filled buy at the
 * subscription price, unleveraged, whose margin is the amount the allotment already posted to the house,
 * so selling it releases that margin from the house like any bought stock; its fee is the allotment's, so its
 * return is net of what the user paid. No money moves here.
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
    fee: input.fee,
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
    fees: input.fee,
    lockedUntil: input.lockedUntil ?? null,
    createdAt: at,
  });
  await repository.insertFill(tx, {
    orderId: inserted.id,
    positionId: position.id,
    userId: input.userId,
    quantity: String(input.quantity),
    price: input.price,
    fee: input.fee,
    margin: input.amount,
    createdAt: at,
  });
  const order = await repository.updateOrder(tx, inserted.id, { positionId: position.id });
  context.announceOrder(tx, order);
  context.announcePosition(tx, position);
  return position.id;
}

/** The part of a position a user may close now: none of it while its placed shares are locked. */
export function assertUnlocked(position: { lockedUntil: Date | null }, now: Date) {
  if (position.lockedUntil && now < position.lockedUntil)
    throw new AppError('PLACED_SHARES_LOCKED', { date: position.lockedUntil.toISOString().slice(0, 16).replace('T', ' ') });
}

/**
 * What of a stock the user holds long, what placings still lock and what can be sold now (issue 18 §3,
 * `position/getPlacingFlatCount`), with the next instant locked shares become sellable.
 */
export async function placedHolding(context: TradingContext, userId: number, code: string): Promise<PlacingFlatCount> {
  const rows = await context.db
    .select({ quantity: tradingPositions.quantity, lockedUntil: tradingPositions.lockedUntil })
    .from(tradingPositions)
    .where(
      and(
        eq(tradingPositions.userId, userId),
        eq(tradingPositions.code, code),
        eq(tradingPositions.isOpen, true),
        eq(tradingPositions.direction, tradeDirections.buy),
      ),
    );
  const now = context.now();
  const locked = rows.filter((row) => row.lockedUntil && now < row.lockedUntil);
  const sum = (list: typeof rows) => list.reduce((total, row) => total.plus(row.quantity), new Decimal(0));
  const next = locked.map((row) => row.lockedUntil?.getTime() ?? 0).sort((a, b) => a - b)[0];
  return {
    code,
    heldQuantity: sum(rows).toString(),
    lockedQuantity: sum(locked).toString(),
    sellableQuantity: sum(rows).minus(sum(locked)).toString(),
    nextMarketDate: next ?? null,
  };
}

/**
 * Every user's long holding of a stock at an instant (a rights issue's record date, issue 18 §4): what
 * positions opened by then had, less what their closes filled by then; users holding nothing are left out.
 */
export async function holdingsAt(executor: Executor, code: string, at: Date): Promise<Array<{ userId: number; quantity: string }>> {
  const instant = at.toISOString();
  const result = await executor.execute<{ user_id: string; quantity: string }>(sql`
    WITH held AS (
      SELECT p.user_id, p.opened_quantity - coalesce((
        SELECT sum(f.quantity) FROM trading_fills f JOIN trading_orders o ON o.id = f.order_id
        WHERE f.position_id = p.id AND o.open_close = ${openCloseKinds.close} AND f.created_at <= ${instant}
      ), 0) AS quantity
      FROM trading_positions p
      WHERE p.code = ${code} AND p.direction = ${tradeDirections.buy} AND p.created_at <= ${instant}
        AND (p.is_open OR p.closed_at > ${instant})
    )
    SELECT user_id, sum(quantity) AS quantity FROM held GROUP BY user_id HAVING sum(quantity) > 0 ORDER BY user_id`);
  return result.rows.map((row) => ({ userId: Number(row.user_id), quantity: new Decimal(row.quantity).toString() }));
}
