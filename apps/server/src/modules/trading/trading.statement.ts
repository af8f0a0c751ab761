import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { tradingFills, tradingOrders } from './trading.tables.ts';

/** What a statement line says about an order (issue 15 §6): no ids leave, only what was traded. */
export type StatementOrder = {
  id: number;
  code: string;
  direction: number;
  openClose: number;
  quantity: string;
  fillPrice: string | null;
  fee: string | null;
  margin: string | null;
  /** Traded value (price × quantity × multiplier), once filled. */
  amount: string | null;
  leverage: number;
  /** What a close realised (its fill's, the ledger's `realised_pnl` of that close); null for an open or an unfilled order. */
  realisedPnl: string | null;
};

/** The user's own orders among `ids` (an id of another user answers nothing). */
export async function statementOrdersOf(executor: Executor, userId: number, ids: readonly number[]): Promise<StatementOrder[]> {
  if (ids.length === 0) return [];
  return executor
    .select({
      id: tradingOrders.id,
      code: tradingOrders.code,
      direction: tradingOrders.direction,
      openClose: tradingOrders.openClose,
      quantity: tradingOrders.quantity,
      fillPrice: tradingOrders.fillPrice,
      fee: tradingOrders.fee,
      margin: tradingOrders.margin,
      amount: tradingOrders.amount,
      leverage: tradingOrders.leverage,
      realisedPnl: tradingFills.realisedPnl,
    })
    .from(tradingOrders)
    .leftJoin(tradingFills, eq(tradingFills.orderId, tradingOrders.id))
    .where(and(eq(tradingOrders.userId, userId), inArray(tradingOrders.id, [...ids])));
}
