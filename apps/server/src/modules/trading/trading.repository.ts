import { inProgressOrderStatuses, openCloseKinds, orderStatuses, tradeDirections } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, getTableColumns, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Executor, executePreparedText, ledgerRefusals, refusalOf, sqlStates } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { toMoney } from '../ledger/index.ts';
import { tradingFills, tradingOrders, tradingPositions } from './trading.tables.ts';

export type OrderRow = typeof tradingOrders.$inferSelect;
export type NewOrder = typeof tradingOrders.$inferInsert;
export type PositionRow = typeof tradingPositions.$inferSelect;
export type FillRow = typeof tradingFills.$inferSelect;

const inProgress = [...inProgressOrderStatuses];

/** A row as the trading SQL functions return it (`trading_row_json`: columns by name, numbers as strings), typed like drizzle's. */
function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** The orders table's properties and their column names, worked out once (every order sent to SQL needs them). */
const orderColumns = Object.entries(getTableColumns(tradingOrders)).map(([key, column]) => [key as keyof NewOrder, column.name] as const);

/** The columns of a new order by their SQL names, as `trading_place_order` reads them. */
function orderJson(order: NewOrder): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [key, name] of orderColumns) {
    const value = order[key];
    if (value !== undefined) json[name] = value instanceof Date ? value.toISOString() : value;
  }
  return json;
}

/** An order that fills as it is accepted: its price and cost, and the one journal that takes margin + fee from the wallet. */
export type ImmediateFillInput = {
  price: string;
  amount: string;
  fee: string;
  margin: string;
  at: Date;
  movement: { fingerprint: string; legs: object[] };
};

/** What a fill of a resting order posts and writes, decided by the service: `trading_fill_open_order`'s argument. */
export type FillInput = {
  price: string;
  amount: string;
  fee: string;
  margin: string;
  at: Date;
  /** The legs the order's hold is posted to, in the ledger's SQL form with amounts adding up to the hold: the house (margin) and the fee account (fee). */
  counters: object[];
  settleMovement: { fingerprint: string; legs: object[] } | null;
};

function fillJson(fill: FillInput) {
  return {
    price: fill.price,
    amount: fill.amount,
    fee: fill.fee,
    margin: fill.margin,
    at: fill.at.toISOString(),
    counters: fill.counters,
    settle_movement: fill.settleMovement,
  };
}

/** The refusals the SQL functions of an order raise, in the user's terms; anything else stays an error. */
function orderRefusalOf(error: unknown): AppError | undefined {
  const refusal = refusalOf(error, [sqlStates.tradingFrozen, ...ledgerRefusals]);
  return refusal ? new AppError(refusal) : undefined;
}

type PlacedJson = { outcome: 'exists' | 'resting' | 'filled'; order: Record<string, unknown>; position?: Record<string, unknown> };

function placedOf(json: PlacedJson) {
  return {
    outcome: json.outcome,
    order: rowFromJson(tradingOrders, json.order),
    position: json.position ? rowFromJson(tradingPositions, json.position) : undefined,
  };
}

/**
 * Accepts an open order in one statement (ADR 0007): with `fill`, inserted filled with its position, its
 * cost taken from the wallet in one journal; without, inserted in progress with `hold.amount` held on its
 * wallet. Answers 'exists' with the first order when the idempotency key was used.
 */
export async function placeOrder(
  executor: Executor,
  order: NewOrder,
  hold: { currency: string; amount: string },
  fill: ImmediateFillInput | null,
) {
  const fillArgument = fill ? JSON.stringify({ ...fill, at: fill.at.toISOString() }) : null;
  try {
    const result = await executor.execute<{ placed: PlacedJson }>(
      sql`SELECT trading_place_order(${JSON.stringify(orderJson(order))}::jsonb, ${JSON.stringify(hold)}::jsonb, ${fillArgument}::jsonb) AS placed`,
    );
    const row = result.rows[0];
    if (!row) throw new Error('trading_place_order returned no row');
    return placedOf(typeof row.placed === 'string' ? JSON.parse(row.placed) : row.placed);
  } catch (error) {
    throw orderRefusalOf(error) ?? error;
  }
}

/** An order that fills as it is accepted, as `placeFilledOrders` takes it. */
export type FilledOrderInput = { order: NewOrder; hold: { currency: string; amount: string }; fill: ImmediateFillInput };

/** A quantity or price as a `numeric(30, 8)` column gives it back (money, with its two decimals, is the ledger's `toMoney`). */
const DECIMAL_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d{1,8})?$/;
const numericColumnText = (value: string) => {
  // Plain decimal text with at most eight decimals only needs its zeros (the common case: a quantity, a price).
  if (!DECIMAL_TEXT.test(value) || /^-0(?:\.0*)?$/.test(value)) return new Decimal(value).toFixed(8);
  const point = value.indexOf('.');
  return point < 0 ? `${value}.00000000` : value.padEnd(point + 9, '0');
};
const numericColumnOrNull = (value: string | null | undefined) => (value === null || value === undefined ? null : numericColumnText(value));

/**
 * The order and position rows `trading_place_filled_orders` wrote for an input, built here from what was
 * sent and the ids it answered: every column is what the statement stored (money with its two decimals,
 * quantities and prices with their eight, the others as sent, the columns not sent at their defaults). A column added to either
 * table fails the type check here until it is given its value.
 */
function filledRowsOf({ order, hold, fill }: FilledOrderInput, orderId: number, positionId: number) {
  if (!order.createdAt) throw new Error('an order placed in a group needs its creation time');
  const placed: OrderRow = {
    id: orderId,
    userId: order.userId,
    idempotencyKey: order.idempotencyKey,
    code: order.code,
    source: order.source,
    walletType: order.walletType,
    direction: order.direction,
    orderType: order.orderType,
    openClose: order.openClose,
    status: orderStatuses.success,
    quantity: numericColumnText(order.quantity),
    limitPrice: numericColumnOrNull(order.limitPrice),
    stopPrice: numericColumnOrNull(order.stopPrice),
    leverage: order.leverage,
    timeInForce: order.timeInForce,
    takeProfit: numericColumnOrNull(order.takeProfit),
    stopLoss: numericColumnOrNull(order.stopLoss),
    holdId: null,
    heldAmount: toMoney(hold.amount),
    positionId,
    fillPrice: numericColumnText(fill.price),
    amount: toMoney(fill.amount),
    fee: toMoney(fill.fee),
    margin: toMoney(fill.margin),
    cancelReason: null,
    closeReason: null,
    expiresAt: order.expiresAt ?? null,
    createdAt: order.createdAt,
    filledAt: fill.at,
    cancelledAt: null,
  };
  const position: PositionRow = {
    id: positionId,
    userId: order.userId,
    orderId,
    code: order.code,
    source: order.source,
    walletType: order.walletType,
    direction: order.direction,
    openedQuantity: numericColumnText(order.quantity),
    quantity: numericColumnText(order.quantity),
    openPrice: numericColumnText(fill.price),
    leverage: order.leverage,
    margin: toMoney(fill.margin),
    fees: toMoney(fill.fee),
    realisedPnl: '0.00',
    takeProfit: numericColumnOrNull(order.takeProfit),
    stopLoss: numericColumnOrNull(order.stopLoss),
    isOpen: true,
    closePrice: null,
    lockedUntil: null,
    createdAt: fill.at,
    closedAt: null,
  };
  return { outcome: 'filled' as const, order: placed, position };
}

/**
 * Accepts orders that fill as they are accepted, of any users, in one statement and one transaction
 * (`trading_place_filled_orders`, ADR 0011): each written as `placeOrder` writes it alone. All or
 * nothing: a key used before, a freeze or a refusal of the ledger throws with nothing written (the
 * caller then places each alone, which answers its own outcome).
 */
export async function placeFilledOrders(executor: Executor, inputs: FilledOrderInput[]) {
  const argument = JSON.stringify(
    inputs.map(({ order, hold, fill }) => ({ order: orderJson(order), hold, fill: { ...fill, at: fill.at.toISOString() } })),
  );
  const rows = await executePreparedText<{ ordinal: number; order_id: string; position_id: string }>(
    executor,
    'trading_place_filled_orders',
    'SELECT ordinal, order_id, position_id FROM trading_place_filled_orders($1::jsonb)',
    [argument],
  );
  if (rows.length !== inputs.length) throw new Error(`a group of ${inputs.length} orders answered ${rows.length}`);
  return rows.map((row, index) => {
    const input = inputs[index];
    if (!input || Number(row.ordinal) !== index) throw new Error('a group of orders answered out of order');
    return filledRowsOf(input, Number(row.order_id), Number(row.position_id));
  });
}

export type LockedFillResult =
  | { orderId: number; outcome: 'filled'; order: OrderRow; position: PositionRow }
  | { orderId: number; outcome: 'cancelled'; order: OrderRow }
  | { orderId: number; outcome: 'gone' };

type LockedFillJson = {
  order_id: string;
  outcome: 'filled' | 'cancelled' | 'gone';
  order?: Record<string, unknown>;
  position?: Record<string, unknown>;
};

/**
 * Fills orders in progress that the caller's transaction has locked, in the order given, in one
 * statement (`trading_fill_open_orders`, ADR 0008): each fill alone in a subtransaction, so one the
 * wallet cannot pay is cancelled with its hold voided and the others still fill.
 */
export async function fillLockedOrders(executor: Executor, fills: { orderId: number; fill: FillInput }[]): Promise<LockedFillResult[]> {
  if (fills.length === 0) return [];
  const argument = JSON.stringify(fills.map(({ orderId, fill }) => ({ order_id: orderId, fill: fillJson(fill) })));
  const result = await executor.execute<{ filled: LockedFillJson[] | string }>(
    sql`SELECT trading_fill_open_orders(${argument}::jsonb) AS filled`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('trading_fill_open_orders returned no row');
  const answers: LockedFillJson[] = typeof row.filled === 'string' ? JSON.parse(row.filled) : row.filled;
  return answers.map((answer): LockedFillResult => {
    const orderId = Number(answer.order_id);
    if (answer.outcome === 'gone' || !answer.order) return { orderId, outcome: 'gone' };
    const order = rowFromJson(tradingOrders, answer.order);
    if (answer.outcome === 'cancelled') return { orderId, outcome: 'cancelled', order };
    if (!answer.position) throw new Error(`the fill of order ${orderId} returned no position`);
    return { orderId, outcome: 'filled', order, position: rowFromJson(tradingPositions, answer.position) };
  });
}

/**
 * Inserts an order, or nothing when its idempotency key was used. A trigger refuses an opening order of a
 * user whose trading an operator froze (SQLSTATE TF001): enforced in the same statement, so the order
 * path gains no query and a freeze committed before cannot be missed by any process.
 */
export async function insertOrder(executor: Executor, order: NewOrder): Promise<OrderRow | undefined> {
  try {
    const rows = await executor
      .insert(tradingOrders)
      .values(order)
      .onConflictDoNothing({ target: [tradingOrders.userId, tradingOrders.idempotencyKey] })
      .returning();
    return rows[0];
  } catch (error) {
    const refusal = refusalOf(error, [sqlStates.tradingFrozen]);
    if (refusal) throw new AppError(refusal);
    throw error;
  }
}

export async function orderByKey(executor: Executor, userId: number, idempotencyKey: string) {
  const rows = await executor
    .select()
    .from(tradingOrders)
    .where(and(eq(tradingOrders.userId, userId), eq(tradingOrders.idempotencyKey, idempotencyKey)));
  return rows[0];
}

export async function orderOf(executor: Executor, userId: number, orderId: number) {
  const rows = await executor
    .select()
    .from(tradingOrders)
    .where(and(eq(tradingOrders.id, orderId), eq(tradingOrders.userId, userId)));
  return rows[0];
}

/** Locks an order still in progress; another process filling it at the same moment skips it. */
export async function lockOrderInProgress(executor: Executor, orderId: number, options: { skipLocked: boolean }) {
  const rows = await executor
    .select()
    .from(tradingOrders)
    .where(and(eq(tradingOrders.id, orderId), inArray(tradingOrders.status, inProgress)))
    .for('update', options.skipLocked ? { skipLocked: true } : {});
  return rows[0];
}

/** Locks the orders still in progress among `orderIds`, in id order; those another process holds are skipped. */
export async function lockOrdersInProgress(executor: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return executor
    .select()
    .from(tradingOrders)
    .where(and(inArray(tradingOrders.id, orderIds), inArray(tradingOrders.status, inProgress)))
    .orderBy(tradingOrders.id)
    .for('update', { skipLocked: true });
}

/** Moves an order out of progress; answers undefined when it was no longer in progress (the guard of exactly-once). */
export async function finishOrder(executor: Executor, orderId: number, values: Partial<NewOrder>) {
  const rows = await executor
    .update(tradingOrders)
    .set(values)
    .where(and(eq(tradingOrders.id, orderId), inArray(tradingOrders.status, inProgress)))
    .returning();
  return rows[0];
}

export async function updateOrder(executor: Executor, orderId: number, values: Partial<NewOrder>) {
  const rows = await executor.update(tradingOrders).set(values).where(eq(tradingOrders.id, orderId)).returning();
  const row = rows[0];
  if (!row) throw new Error(`order ${orderId} vanished`);
  return row;
}

export async function restingOrders(executor: Executor, code?: string) {
  const conditions: SQL[] = [inArray(tradingOrders.status, inProgress)];
  if (code) conditions.push(eq(tradingOrders.code, code));
  return executor
    .select()
    .from(tradingOrders)
    .where(and(...conditions))
    .orderBy(tradingOrders.id);
}

export async function pageOfOrders(
  executor: Executor,
  userId: number,
  options: { isInProgress: boolean | null; source?: string | undefined; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(tradingOrders.userId, userId)];
  if (options.isInProgress === true) conditions.push(inArray(tradingOrders.status, inProgress));
  if (options.source) conditions.push(eq(tradingOrders.source, options.source));
  const where = and(...conditions);
  const rows = await executor
    .select()
    .from(tradingOrders)
    .where(where)
    .orderBy(desc(tradingOrders.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await executor.select({ value: count() }).from(tradingOrders).where(where);
  return { rows, total: Number(total?.value ?? 0) };
}

export async function insertPosition(executor: Executor, position: typeof tradingPositions.$inferInsert) {
  const rows = await executor.insert(tradingPositions).values(position).returning();
  const row = rows[0];
  if (!row) throw new Error('position insert returned nothing');
  return row;
}

export async function positionOf(executor: Executor, userId: number, positionId: number, options: { forUpdate: boolean }) {
  const query = executor
    .select()
    .from(tradingPositions)
    .where(and(eq(tradingPositions.id, positionId), eq(tradingPositions.userId, userId)));
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/** Locks an open position by id alone (the execution engine closing it); another process holding it makes this skip. */
export async function lockOpenPosition(executor: Executor, positionId: number) {
  const rows = await executor
    .select()
    .from(tradingPositions)
    .where(and(eq(tradingPositions.id, positionId), eq(tradingPositions.isOpen, true)))
    .for('update', { skipLocked: true });
  return rows[0];
}

export async function openPositions(executor: Executor) {
  return executor.select().from(tradingPositions).where(eq(tradingPositions.isOpen, true)).orderBy(tradingPositions.id);
}

export async function updatePosition(executor: Executor, positionId: number, values: Partial<typeof tradingPositions.$inferInsert>) {
  const rows = await executor.update(tradingPositions).set(values).where(eq(tradingPositions.id, positionId)).returning();
  const row = rows[0];
  if (!row) throw new Error(`position ${positionId} vanished`);
  return row;
}

export async function pageOfPositions(
  executor: Executor,
  userId: number,
  options: { isOpen: boolean; code?: string | undefined; source?: string | undefined; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(tradingPositions.userId, userId), eq(tradingPositions.isOpen, options.isOpen)];
  if (options.code) conditions.push(eq(tradingPositions.code, options.code));
  if (options.source) conditions.push(eq(tradingPositions.source, options.source));
  const where = and(...conditions);
  const rows = await executor
    .select()
    .from(tradingPositions)
    .where(where)
    .orderBy(desc(options.isOpen ? tradingPositions.id : tradingPositions.closedAt), desc(tradingPositions.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await executor.select({ value: count() }).from(tradingPositions).where(where);
  return { rows, total: Number(total?.value ?? 0) };
}

export async function insertFill(executor: Executor, fill: typeof tradingFills.$inferInsert) {
  const rows = await executor.insert(tradingFills).values(fill).returning();
  const row = rows[0];
  if (!row) throw new Error('fill insert returned nothing');
  return row;
}

export async function fillsOfOrder(executor: Executor, orderId: number) {
  return executor.select().from(tradingFills).where(eq(tradingFills.orderId, orderId)).orderBy(tradingFills.id);
}

/** Day orders past their expiry still in progress, locked (SKIP LOCKED) for cancelling. */
export async function expiredOrders(executor: Executor, now: Date, limit: number) {
  return executor
    .select()
    .from(tradingOrders)
    .where(and(inArray(tradingOrders.status, inProgress), lte(tradingOrders.expiresAt, now)))
    .orderBy(tradingOrders.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Locks open positions in the given instruments (a settlement); another process holding one makes it skip that row. */
export async function lockOpenPositionsIn(executor: Executor, codes: string[], limit: number) {
  if (codes.length === 0) return [];
  return executor
    .select()
    .from(tradingPositions)
    .where(and(eq(tradingPositions.isOpen, true), inArray(tradingPositions.code, codes)))
    .orderBy(tradingPositions.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Locks orders still in progress in the given instruments (cancelled when their contract expires). */
export async function lockOrdersInProgressIn(executor: Executor, codes: string[], limit: number) {
  if (codes.length === 0) return [];
  return executor
    .select()
    .from(tradingOrders)
    .where(and(inArray(tradingOrders.status, inProgress), inArray(tradingOrders.code, codes)))
    .orderBy(tradingOrders.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Closes queued while the market is shut: close orders (open_close 1) of a position still in progress.
 * Their quantity is reserved: a position is never closed, or queued, beyond what it holds.
 */
const queuedClosesOf = (positionId: number) =>
  and(
    eq(tradingOrders.positionId, positionId),
    eq(tradingOrders.openClose, openCloseKinds.close),
    inArray(tradingOrders.status, inProgress),
  );

/** The quantity of a position already waiting to close at the open (read under the position's lock). */
export async function queuedCloseQuantity(executor: Executor, positionId: number): Promise<string> {
  const [row] = await executor
    .select({ total: sql<string>`coalesce(sum(${tradingOrders.quantity}), 0)` })
    .from(tradingOrders)
    .where(queuedClosesOf(positionId));
  return String(row?.total ?? '0');
}

/**
 * A user's open longs in a code, oldest first (locked with `forUpdate`), each with what is still
 * closable: its quantity less the closes queued for the open. What a stock Sell closes, in that order.
 */
/**
 * The user's open longs in a code, oldest first, each with what is still closable at `now`: less queued closes,
 * and nothing while placed shares are locked before their market date (issue 18 §3, `lockedUntil`).
 */
export async function openLongsOf(executor: Executor, userId: number, code: string, options: { forUpdate: boolean; now: Date }) {
  const query = executor
    .select()
    .from(tradingPositions)
    .where(
      and(
        eq(tradingPositions.userId, userId),
        eq(tradingPositions.code, code),
        eq(tradingPositions.isOpen, true),
        eq(tradingPositions.direction, tradeDirections.buy),
      ),
    )
    .orderBy(asc(tradingPositions.id));
  const rows = options.forUpdate ? await query.for('update') : await query;
  const longs: Array<{ row: PositionRow; closable: Decimal; lockedUntil: Date | null }> = [];
  for (const row of rows) {
    const queued = new Decimal(await queuedCloseQuantity(executor, row.id));
    const lockedUntil = row.lockedUntil && options.now < row.lockedUntil ? row.lockedUntil : null;
    const closable = lockedUntil ? new Decimal(0) : Decimal.max(new Decimal(row.quantity).minus(queued), 0);
    longs.push({ row, closable, lockedUntil });
  }
  return longs;
}

/** Cancels the closes still waiting on a position that has just closed by other means (take-profit, stop-out, settlement). */
export async function cancelQueuedCloses(executor: Executor, positionId: number, values: Partial<NewOrder>) {
  return executor.update(tradingOrders).set(values).where(queuedClosesOf(positionId)).returning();
}
