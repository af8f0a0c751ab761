import { type Order, orderStatuses, orderTypes, type ResultName, tradeDirections } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, asc, eq, lte } from 'drizzle-orm';
import { type Executor, inSavepoint } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { sliceQuantityOf, type TwapDependencies, type TwapRow, viewsOf, type WaitReason } from './twap.service.ts';
import { twapOrders, twapSlices } from './twap.tables.ts';

type Pricing = ReturnType<TwapDependencies['trading']['blocks']['pricing']>;

/** How many due worked orders one run takes (the rest wait for the next run, a few seconds later). */
const PER_RUN = 50;

async function update(tx: Executor, id: number, patch: Partial<typeof twapOrders.$inferInsert>) {
  await tx.update(twapOrders).set(patch).where(eq(twapOrders.id, id));
}

/**
 * Ends a worked order (completed, stopped or expired) and tells its owner in their inbox, in the same
 * transaction: the job holds the order's lock and only a working order ends, so the message is sent once.
 * A stop carries trading's result code and its parameters, worded in the reader's language when read.
 */
async function end(
  dependencies: TwapDependencies,
  tx: Executor,
  row: TwapRow,
  patch: Partial<typeof twapOrders.$inferInsert> & { status: 'completed' | 'stopped' | 'expired' },
  parameters: Record<string, string | number> = {},
) {
  const [ended] = await tx.update(twapOrders).set(patch).where(eq(twapOrders.id, row.id)).returning();
  if (!ended) throw new Error('worked order vanished');
  const [view] = await viewsOf(tx, [ended]);
  if (!view) throw new Error('worked order vanished');
  const values: Record<string, string> = {
    ...Object.fromEntries(Object.entries(parameters).map(([name, value]) => [name, String(value)])),
    code: view.code,
    quantity: view.quantity,
    filled: view.filledQuantity,
    remaining: view.remainingQuantity,
    averagePrice: view.averagePrice ?? '–',
    fees: view.fees,
    currency: view.currency,
    reason: ended.stopReason ?? '',
  };
  const template = { completed: 'twapCompleted', stopped: 'twapStopped', expired: 'twapExpired' } as const;
  await dependencies.notify(tx, row.userId, template[patch.status], values);
}

/** The instrument's prices now, or why the slice must wait for them (halted, no quote, the market shut). */
function pricingOrWait(dependencies: TwapDependencies, row: TwapRow): Pricing | WaitReason {
  let pricing: Pricing;
  try {
    pricing = dependencies.trading.blocks.pricing(row.code);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.result === 'INSTRUMENT_HALTED') return 'halted';
    if (error.result === 'QUOTE_UNAVAILABLE') return 'marketClosed';
    throw error;
  }
  if (!pricing.isTrading) return 'marketClosed';
  if (row.limitPrice === null) return pricing;
  const isBuy = row.direction === tradeDirections.buy;
  const touch = isBuy ? pricing.ask : pricing.bid;
  return (isBuy ? touch.greaterThan(row.limitPrice) : touch.lessThan(row.limitPrice)) ? 'limit' : pricing;
}

/**
 * Places slice `slicesDone` as a market order of the trading module at the touch (a Buy at the ask; a
 * Sell closes shares held at the bid), in a savepoint of the job's transaction under the key
 * `twap:<id>:<index>`: the order, its journal and the slice's row commit together or not at all, so a
 * slice is placed once whatever restarts or processes there are. Answers the orders it made.
 */
async function placeSlice(dependencies: TwapDependencies, tx: Executor, row: TwapRow, pricing: Pricing): Promise<Order[]> {
  const { trading } = dependencies;
  const isBuy = row.direction === tradeDirections.buy;
  const idempotencyKey = `twap:${row.id}:${row.slicesDone}`;
  return inSavepoint(tx, async (savepoint) => {
    const input = {
      code: row.code,
      quantity: sliceQuantityOf(row, pricing.instrument.lotSize, row.slicesDone).toString(),
      price: (isBuy ? pricing.ask : pricing.bid).toString(),
      idempotencyKey,
      orderType: orderTypes.market,
    };
    await (isBuy ? trading.blocks.place(savepoint, row.userId, input) : trading.blocks.sell(savepoint, row.userId, input));
    return trading.ordersOfKey(savepoint, row.userId, idempotencyKey);
  });
}

/** Records a placed slice (what its orders filled) and moves the worked order on to the next slice, or completes it. */
async function recordSlice(dependencies: TwapDependencies, tx: Executor, row: TwapRow, orders: Order[]) {
  const at = dependencies.now();
  const filled = orders.filter((order) => order.status === orderStatuses.success);
  const sum = (of: (order: Order) => Decimal.Value) => filled.reduce((total, order) => total.plus(of(order)), new Decimal(0));
  const quantity = sum((order) => order.quantity);
  const amount = sum((order) => order.amount ?? 0);
  const fee = sum((order) => order.fee ?? 0);
  const first = filled[0];
  if (first) {
    await tx.insert(twapSlices).values({
      twapId: row.id,
      sliceIndex: row.slicesDone,
      orderId: Number(first.id),
      quantity: quantity.toString(),
      price: sum((order) => new Decimal(order.fillPrice ?? 0).times(order.quantity))
        .dividedBy(quantity)
        .toDecimalPlaces(8)
        .toString(),
      amount: amount.toFixed(2),
      fee: fee.toFixed(2),
      filledAt: at,
    });
  }
  const done = row.slicesDone + 1;
  const progress = {
    slicesDone: done,
    filledQuantity: new Decimal(row.filledQuantity).plus(quantity).toString(),
    filledAmount: new Decimal(row.filledAmount).plus(amount).toFixed(2),
    fees: new Decimal(row.fees).plus(fee).toFixed(2),
    waitReason: null,
    nextSliceAt: new Date(row.startedAt.getTime() + done * row.intervalSeconds * 1000),
  };
  if (done >= row.slices) await end(dependencies, tx, row, { ...progress, status: 'completed', endedAt: at });
  else await update(tx, row.id, progress);
}

/**
 * One due worked order: expired past its period, waiting (its touch beyond the limit, the market shut),
 * stopped by trading's refusal of a slice (not enough money or shares, a freeze), or one slice further.
 */
async function workOne(dependencies: TwapDependencies, tx: Executor, row: TwapRow) {
  const at = dependencies.now();
  if (at.getTime() >= row.endsAt.getTime()) return end(dependencies, tx, row, { status: 'expired', endedAt: at });
  const pricing = pricingOrWait(dependencies, row);
  if (typeof pricing === 'string') {
    if (pricing !== row.waitReason) await update(tx, row.id, { waitReason: pricing });
    return;
  }
  let orders: Order[];
  try {
    orders = await placeSlice(dependencies, tx, row, pricing);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const stopReason: ResultName = error.result;
    return end(dependencies, tx, row, { status: 'stopped', stopReason, waitReason: null, endedAt: at }, error.parameters);
  }
  await recordSlice(dependencies, tx, row, orders);
}

/**
 * The job that works the orders (every 5 s, on one process at a time): each due worked order is locked
 * (`SKIP LOCKED`: one being cancelled is left to the next run) and moved at most one slice per run.
 */
export function createSliceJob(dependencies: TwapDependencies): JobDefinition {
  return {
    name: 'twap-slices',
    intervalMs: 5_000,
    async run(tx) {
      const due = await tx
        .select()
        .from(twapOrders)
        .where(and(eq(twapOrders.status, 'working'), lte(twapOrders.nextSliceAt, dependencies.now())))
        .orderBy(asc(twapOrders.nextSliceAt))
        .limit(PER_RUN)
        .for('update', { skipLocked: true });
      for (const row of due) await workOne(dependencies, tx, row);
    },
  };
}
