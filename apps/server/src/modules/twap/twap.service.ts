import {
  currencyOfWallet,
  isStockSource,
  type Locale,
  pageInfo,
  type TwapOrder,
  type TwapStatus,
  tradeDirections,
  twapLimits,
  type twapWaitReasons,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, type Executor, inTransaction } from '../../platform/db/index.ts';
import { AppError, type OperatorPrincipal, type Principal } from '../../platform/http/index.ts';
import { translate } from '../../platform/i18n/index.ts';
import { requirePermission } from '../../platform/operators/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { TradingService } from '../trading/index.ts';
import { twapOrders, twapSlices } from './twap.tables.ts';

export type TwapRow = typeof twapOrders.$inferSelect;
type SliceRow = typeof twapSlices.$inferSelect;
export type WaitReason = (typeof twapWaitReasons)[number];

export type TwapDependencies = {
  db: Database;
  now: () => Date;
  trading: TradingService;
  ledger: LedgerService;
  emailsByUserId: (userIds: number[]) => Promise<Map<number, string>>;
  /** The inbox message when a worked order ends by itself (completed, stopped, expired). */
  notify: MessagesService['notify'];
};

export type TwapCreateInput = {
  stockCode: string;
  direction: 0 | 1;
  quantity: string;
  periodSeconds: number;
  slices: number;
  limitPrice?: string | undefined;
  idempotencyKey: string;
};

/** The quantity of slice `index`: equal whole lots, the last taking what is left. */
export function sliceQuantityOf(plan: { quantity: string; slices: number }, lot: Decimal.Value, index: number): Decimal {
  const total = new Decimal(plan.quantity);
  const base = total.dividedBy(plan.slices).dividedBy(lot).floor().times(lot);
  return index === plan.slices - 1 ? total.minus(base.times(plan.slices - 1)) : base;
}

/** What a worked order shows: its progress, the average price of what filled and its filled slices. */
export function twapView(row: TwapRow, fills: readonly SliceRow[]): TwapOrder {
  const filled = new Decimal(row.filledQuantity);
  const value = fills.reduce((sum, fill) => sum.plus(new Decimal(fill.price).times(fill.quantity)), new Decimal(0));
  return {
    id: String(row.id),
    code: row.code,
    direction: row.direction,
    status: row.status,
    quantity: new Decimal(row.quantity).toString(),
    filledQuantity: filled.toString(),
    remainingQuantity: new Decimal(row.quantity).minus(filled).toString(),
    averagePrice: filled.isZero() ? null : value.dividedBy(filled).toDecimalPlaces(4).toString(),
    filledAmount: row.filledAmount,
    fees: row.fees,
    currency: row.currency,
    limitPrice: row.limitPrice === null ? null : new Decimal(row.limitPrice).toString(),
    slices: row.slices,
    slicesFilled: fills.length,
    intervalSeconds: row.intervalSeconds,
    nextSliceAtTimestamp: row.status === 'working' ? row.nextSliceAt.getTime() : null,
    waitReason: row.status === 'working' ? ((row.waitReason as WaitReason | null) ?? null) : null,
    stopReason: row.stopReason,
    startedAtTimestamp: row.startedAt.getTime(),
    endsAtTimestamp: row.endsAt.getTime(),
    endedAtTimestamp: row.endedAt?.getTime() ?? null,
    fills: fills.map((fill) => ({
      index: fill.sliceIndex,
      orderId: String(fill.orderId),
      quantity: new Decimal(fill.quantity).toString(),
      price: new Decimal(fill.price).toString(),
      amount: fill.amount,
      fee: fill.fee,
      filledAtTimestamp: fill.filledAt.getTime(),
    })),
  };
}

/** The rows' views, their slices read in one query. */
export async function viewsOf(executor: Executor, rows: readonly TwapRow[]): Promise<TwapOrder[]> {
  if (rows.length === 0) return [];
  const slices = await executor
    .select()
    .from(twapSlices)
    .where(
      inArray(
        twapSlices.twapId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(twapSlices.sliceIndex);
  return rows.map((row) =>
    twapView(
      row,
      slices.filter((slice) => slice.twapId === row.id),
    ),
  );
}

/** Refuses what trading could never work as asked; answers the instrument's lot and the slices' interval. */
function checkPlan(dependencies: TwapDependencies, input: TwapCreateInput) {
  const pricing = dependencies.trading.blocks.pricing(input.stockCode);
  const { instrument } = pricing;
  if (!isStockSource(instrument.source)) throw new AppError('TWAP_NOT_STOCK');
  const lot = instrument.lotSize;
  const quantity = new Decimal(input.quantity);
  if (!quantity.mod(lot).isZero()) throw new AppError('QUANTITY_NOT_WHOLE_LOTS', { lot });
  const intervalSeconds = Math.floor(input.periodSeconds / input.slices);
  if (intervalSeconds < twapLimits.intervalSecondsMin)
    throw new AppError('TWAP_INTERVAL_TOO_SHORT', { seconds: twapLimits.intervalSecondsMin });
  if (sliceQuantityOf(input, lot, 0).lessThan(lot)) throw new AppError('TWAP_SLICE_TOO_SMALL', { lot, slices: input.slices });
  return { pricing, quantity, intervalSeconds };
}

/** A Sell needs the shares now; a Buy the cash for the whole quantity at today's ask and fee. */
async function checkMeans(dependencies: TwapDependencies, userId: number, input: TwapCreateInput, plan: ReturnType<typeof checkPlan>) {
  const { trading, ledger, db } = dependencies;
  const code = plan.pricing.instrument.code;
  if (input.direction === tradeDirections.sell) {
    const held = await trading.blocks.sellable(db, userId, code);
    if (plan.quantity.greaterThan(held)) throw new AppError('SELL_EXCEEDS_HOLDING', { held: held.toString(), code });
    return;
  }
  const cost = trading.blocks.costOf(code, plan.pricing.ask, plan.quantity);
  const wallet = await ledger.wallet(db, userId, cost.walletType);
  if (new Decimal(cost.total).greaterThan(wallet.availableBalance))
    throw new AppError('TWAP_BEYOND_MONEY', { amount: `${cost.currency} ${cost.total}` });
}

/**
 * Accepts a worked order (idempotent per key): checked as a whole (a stock, whole lots per slice, slices
 * far enough apart, the shares or the cash for all of it now, at most a few working at once), then
 * stored with its first slice due at once. Nothing is held: each slice is a market order that pays for
 * itself when it is placed.
 */
async function create(dependencies: TwapDependencies, principal: Principal, input: TwapCreateInput): Promise<TwapOrder> {
  const { db, now } = dependencies;
  const userId = Number(principal.userId);
  const replay = async (executor: Executor) => {
    const [row] = await executor
      .select()
      .from(twapOrders)
      .where(and(eq(twapOrders.userId, userId), eq(twapOrders.idempotencyKey, input.idempotencyKey)));
    return row ? (await viewsOf(executor, [row]))[0] : undefined;
  };
  const earlier = await replay(db);
  if (earlier) return earlier;
  const plan = checkPlan(dependencies, input);
  await checkMeans(dependencies, userId, input, plan);
  return inTransaction(db, async (tx) => {
    // One user's new worked orders one at a time, so the count below holds.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`twap:user:${userId}`}))`);
    const again = await replay(tx);
    if (again) return again;
    const [working] = await tx
      .select({ value: count() })
      .from(twapOrders)
      .where(and(eq(twapOrders.userId, userId), eq(twapOrders.status, 'working')));
    if (Number(working?.value ?? 0) >= twapLimits.workingMax) throw new AppError('TWAP_TOO_MANY', { max: twapLimits.workingMax });
    const at = now();
    const { instrument, rules } = plan.pricing;
    const [row] = await tx
      .insert(twapOrders)
      .values({
        userId,
        idempotencyKey: input.idempotencyKey,
        code: instrument.code,
        source: instrument.source,
        currency: currencyOfWallet(rules.walletType),
        direction: input.direction,
        quantity: plan.quantity.toString(),
        slices: input.slices,
        intervalSeconds: plan.intervalSeconds,
        limitPrice: input.limitPrice ?? null,
        nextSliceAt: at,
        startedAt: at,
        endsAt: new Date(at.getTime() + input.periodSeconds * 1000),
        createdAt: at,
      })
      .returning();
    if (!row) throw new Error('worked order not stored');
    return twapView(row, []);
  });
}

/** The user's cancel: the order stops where it is; what its slices filled stays filled. */
async function cancel(dependencies: TwapDependencies, principal: Principal, id: number): Promise<TwapOrder> {
  const userId = Number(principal.userId);
  return inTransaction(dependencies.db, async (tx) => {
    // Waits for a slice being placed on this order to commit, so no slice follows the cancel.
    const [row] = await tx
      .select()
      .from(twapOrders)
      .where(and(eq(twapOrders.id, id), eq(twapOrders.userId, userId)))
      .for('update');
    if (!row) throw new AppError('TWAP_NOT_FOUND');
    if (row.status !== 'working') throw new AppError('TWAP_ALREADY_ENDED');
    const [cancelled] = await tx
      .update(twapOrders)
      .set({ status: 'cancelled', waitReason: null, endedAt: dependencies.now() })
      .where(eq(twapOrders.id, id))
      .returning();
    if (!cancelled) throw new Error('worked order vanished');
    return (await viewsOf(tx, [cancelled]))[0] as TwapOrder;
  });
}

async function pageOf(db: Database, filter: { userId?: number; status?: TwapStatus | undefined; pageNum: number; pageSize: number }) {
  const where = and(
    filter.userId === undefined ? undefined : eq(twapOrders.userId, filter.userId),
    filter.status === undefined ? undefined : eq(twapOrders.status, filter.status),
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(twapOrders)
      .where(where)
      .orderBy(desc(twapOrders.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ total: count() }).from(twapOrders).where(where),
  ]);
  return { rows, views: await viewsOf(db, rows), info: pageInfo(totals[0]?.total ?? 0, filter.pageNum, filter.pageSize) };
}

type OperatorFilter = { status?: TwapStatus | undefined; pageNum: number; pageSize: number };

/** Every user's worked orders, a stopped one's reason (trading's result code) worded in the operator's language. */
async function operatorOrders(dependencies: TwapDependencies, filter: OperatorFilter, locale: Locale) {
  const { rows, views, info } = await pageOf(dependencies.db, filter);
  const emails = await dependencies.emailsByUserId([...new Set(rows.map((row) => row.userId))]);
  return {
    list: views.map((view, index) => {
      const userId = rows[index]?.userId ?? 0;
      const stopMessage = view.stopReason ? translate(locale, `errors.${view.stopReason}`, { code: view.code }) : null;
      return { ...view, userId: String(userId), userEmail: emails.get(userId) ?? '', stopMessage };
    }),
    ...info,
  };
}

/** Worked orders (issue 19 §3): accepting, listing and cancelling them; the slices are the job's (`twap.slices.ts`). */
export function createTwapService(dependencies: TwapDependencies) {
  return {
    create: (principal: Principal, input: TwapCreateInput) => create(dependencies, principal, input),
    cancel: (principal: Principal, body: { id: number }) => cancel(dependencies, principal, body.id),
    async orders(principal: Principal, filter: { pageNum: number; pageSize: number }) {
      const { views, info } = await pageOf(dependencies.db, { userId: Number(principal.userId), ...filter });
      return { list: views, ...info };
    },
    operatorOrders(operator: OperatorPrincipal, filter: OperatorFilter, locale: Locale) {
      requirePermission(operator, 'users.read');
      return operatorOrders(dependencies, filter, locale);
    },
  };
}

export type TwapService = ReturnType<typeof createTwapService>;
