import { FUND_WALLET } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { fundHoldings, fundOrders, fundProducts } from './funds.tables.ts';
import { DAY_MS, dayOf, earlyFee, nextBusinessArrival, periodIncome, startOf } from './funds.terms.ts';
import type { HoldingRow, OrderRow, ProductRow } from './funds.views.ts';

/**
 * The money side of fund orders, in the caller's transaction: a purchase, the redemption quote and a
 * redemption. Each posts one balanced journal with its reason and an idempotency key, and writes the
 * holding and the order with it; a refusal (short money, over the balance) writes nothing.
 */

const wallet = (userId: number) => ({ userId, walletType: FUND_WALLET });
const held = { system: 'FUNDS_HELD' as const, currency: 'USD' as const };
const incomeAccount = { system: 'FUND_INCOME' as const, currency: 'USD' as const };

export type PurchaseInput = { productId: number; amount: string; confirmedRateBps?: number | undefined; idempotencyKey: string };

export async function enabledProduct(executor: Executor, productId: number) {
  const [product] = await executor
    .select()
    .from(fundProducts)
    .where(and(eq(fundProducts.id, productId), eq(fundProducts.isEnabled, true)));
  if (!product) throw new AppError('FUND_PRODUCT_NOT_FOUND');
  return product;
}

async function replayOf(tx: Executor, userId: number, key: string, same: (row: OrderRow) => boolean) {
  const [earlier] = await tx
    .select()
    .from(fundOrders)
    .where(and(eq(fundOrders.userId, userId), eq(fundOrders.idempotencyKey, key)));
  if (earlier && !same(earlier)) throw new AppError('FUND_KEY_REUSED');
  return earlier;
}

/** The user's holding of a current fund, created empty on first use, locked for the caller's transaction. */
export async function lockCurrentHolding(tx: Executor, userId: number, productId: number) {
  await tx.insert(fundHoldings).values({ userId, productId, kind: 'current' }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(fundHoldings)
    .where(and(eq(fundHoldings.userId, userId), eq(fundHoldings.productId, productId), eq(fundHoldings.kind, 'current')))
    .for('update');
  if (!row) throw new Error('current holding vanished');
  return row;
}

/**
 * Writes the purchase into its holding: the current fund's one holding (locked by the caller before the
 * ledger, in the order the income job locks them, so the two never wait on each other), or a new period one.
 */
async function holdingFor(tx: Executor, userId: number, product: ProductRow, amount: Decimal, now: Date, current: HoldingRow | null) {
  if (current) {
    await tx
      .update(fundHoldings)
      .set({ balance: amount.plus(current.balance).toFixed(2), status: 'active', closedAt: null })
      .where(eq(fundHoldings.id, current.id));
    return { id: current.id, rateBps: null };
  }
  const days = product.periodDays ?? 0;
  const rateBps = product.rateBps ?? 0;
  const [row] = await tx
    .insert(fundHoldings)
    .values({
      userId,
      productId: product.id,
      kind: 'period',
      balance: amount.toFixed(2),
      rateBps,
      maturesAt: new Date(now.getTime() + days * DAY_MS),
      incomeAtMaturity: periodIncome(amount, rateBps, days).toFixed(2),
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('holding insert returned nothing');
  return { id: row.id, rateBps };
}

/** A purchase: the money leaves the wallet for the funds held (refused whole when short), the holding grows, the order is written. */
export async function purchase(
  tx: Executor,
  ledger: LedgerService,
  input: PurchaseInput & { userId: number; now: Date; planId?: number },
): Promise<OrderRow> {
  const { userId, now } = input;
  const amount = new Decimal(input.amount);
  const same = (row: OrderRow) => row.kind === 'purchase' && row.productId === input.productId && amount.equals(row.amount);
  const earlier = await replayOf(tx, userId, input.idempotencyKey, same);
  if (earlier) return earlier;
  const product = await enabledProduct(tx, input.productId);
  if (amount.lessThan(product.minAmount)) throw new AppError('FUND_AMOUNT_BELOW_MINIMUM', { min: product.minAmount, currency: 'USD' });
  if (product.kind === 'period' && input.planId === undefined && input.confirmedRateBps !== product.rateBps)
    throw new AppError('FUND_TERMS_CHANGED');
  const current = product.kind === 'current' ? await lockCurrentHolding(tx, userId, product.id) : null;
  await ledger.post(tx, {
    idempotencyKey: `fund-order:${userId}:${input.idempotencyKey}`,
    reason: 'fund_purchase',
    memo: `fund ${product.code} purchase`,
    legs: [
      { account: wallet(userId), amount: amount.negated(), requireFunds: true },
      { account: held, amount },
    ],
  });
  const holding = await holdingFor(tx, userId, product, amount, now, current);
  const [order] = await tx
    .insert(fundOrders)
    .values({
      userId,
      productId: product.id,
      holdingId: holding.id,
      kind: 'purchase',
      planId: input.planId ?? null,
      idempotencyKey: input.idempotencyKey,
      amount: amount.toFixed(2),
      rateBps: holding.rateBps,
      createdAt: now,
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  return order;
}

/** What the user redeemed instantly today from a current fund: the daily cap counts against it. */
async function instantUsedToday(executor: Executor, holding: HoldingRow, now: Date) {
  const [row] = await executor
    .select({ used: sql<string>`coalesce(sum(${fundOrders.instantAmount}), 0)` })
    .from(fundOrders)
    .where(and(eq(fundOrders.holdingId, holding.id), eq(fundOrders.kind, 'redemption'), gte(fundOrders.createdAt, startOf(dayOf(now)))));
  return new Decimal(row?.used ?? 0);
}

/** What a redemption would pay, when, and at what cost: the same figures the redemption then uses. */
export async function quoteOf(executor: Executor, product: ProductRow, holding: HoldingRow, requested: string, now: Date) {
  if (holding.kind === 'period') {
    const isEarly = holding.maturesAt !== null && now < holding.maturesAt;
    if (isEarly && !product.isEarlyRedemptionAllowed) throw new AppError('FUND_EARLY_REDEMPTION_NOT_ALLOWED');
    // A period holding is redeemed whole: early, its principal less the fee and without income; once
    // matured (before the job has paid it), its principal and the income stated at purchase.
    const amount = new Decimal(holding.balance);
    const fee = isEarly ? earlyFee(amount, product.earlyRedemptionFeeBps) : new Decimal(0);
    const income = isEarly ? new Decimal(0) : new Decimal(holding.incomeAtMaturity ?? 0);
    const payout = amount.minus(fee).plus(income);
    return { amount, instantAmount: amount, deferredAmount: new Decimal(0), fee, income, payout, arrivesAt: null, left: null, isEarly };
  }
  const amount = new Decimal(requested);
  if (amount.greaterThan(holding.balance))
    throw new AppError('FUND_REDEEM_OVER_BALANCE', { balance: new Decimal(holding.balance).toFixed(2), currency: 'USD' });
  const left = Decimal.max(0, new Decimal(product.instantRedeemDailyCap ?? 0).minus(await instantUsedToday(executor, holding, now)));
  const instantAmount = Decimal.min(amount, left);
  const deferredAmount = amount.minus(instantAmount);
  const arrivesAt = deferredAmount.isZero() ? null : nextBusinessArrival(now);
  const none = new Decimal(0);
  return { amount, instantAmount, deferredAmount, fee: none, income: none, payout: amount, arrivesAt, left, isEarly: false };
}

export type Quote = Awaited<ReturnType<typeof quoteOf>>;

export async function lockHolding(tx: Executor, userId: number, holdingId: number) {
  const [holding] = await tx
    .select()
    .from(fundHoldings)
    .where(and(eq(fundHoldings.id, holdingId), eq(fundHoldings.userId, userId), eq(fundHoldings.status, 'active')))
    .for('update');
  if (!holding) throw new AppError('FUND_HOLDING_NOT_FOUND');
  return holding;
}

/** Pays a quote: the instant part (less any fee, plus a matured holding's income) now; the deferred part stays held until it arrives. */
async function payQuote(tx: Executor, ledger: LedgerService, userId: number, key: string, product: ProductRow, quote: Quote) {
  if (quote.instantAmount.isZero()) return;
  await ledger.post(tx, {
    idempotencyKey: `fund-order:${userId}:${key}`,
    reason: 'fund_redemption',
    memo: `fund ${product.code} redemption`,
    legs: [
      { account: held, amount: quote.instantAmount.negated() },
      ...(quote.income.isZero() ? [] : [{ account: incomeAccount, amount: quote.income.negated() }]),
      { account: wallet(userId), amount: quote.instantAmount.minus(quote.fee).plus(quote.income) },
      ...(quote.fee.isZero()
        ? []
        : [{ account: { system: 'FEES' as const, currency: 'USD' as const, spreadKey: userId }, amount: quote.fee }]),
    ],
  });
}

/** A redemption under the holding's lock, so two at once cannot both use one day's instant cap. */
export async function redeem(
  tx: Executor,
  ledger: LedgerService,
  input: { userId: number; holdingId: number; amount: string; idempotencyKey: string; now: Date },
): Promise<OrderRow> {
  const { userId, now } = input;
  const same = (row: OrderRow) =>
    row.kind === 'redemption' && row.holdingId === input.holdingId && new Decimal(row.amount).equals(input.amount);
  const earlier = await replayOf(tx, userId, input.idempotencyKey, same);
  if (earlier) return earlier;
  const holding = await lockHolding(tx, userId, input.holdingId);
  const [product] = await tx.select().from(fundProducts).where(eq(fundProducts.id, holding.productId));
  if (!product) throw new AppError('FUND_PRODUCT_NOT_FOUND');
  const quote = await quoteOf(tx, product, holding, input.amount, now);
  await payQuote(tx, ledger, userId, input.idempotencyKey, product, quote);
  const balance = new Decimal(holding.balance).minus(quote.amount);
  const isClosed = holding.kind === 'period';
  await tx
    .update(fundHoldings)
    .set({
      balance: balance.toFixed(2),
      ...(isClosed ? { status: 'closed' as const, closedAt: now, income: quote.income.toFixed(2) } : {}),
    })
    .where(eq(fundHoldings.id, holding.id));
  const [order] = await tx
    .insert(fundOrders)
    .values({
      userId,
      productId: product.id,
      holdingId: holding.id,
      kind: 'redemption',
      idempotencyKey: input.idempotencyKey,
      amount: quote.amount.toFixed(2),
      fee: quote.fee.toFixed(2),
      instantAmount: quote.instantAmount.toFixed(2),
      deferredAmount: quote.deferredAmount.toFixed(2),
      status: quote.deferredAmount.isZero() ? 'done' : 'pending',
      arrivesAt: quote.arrivesAt,
      createdAt: now,
      settledAt: quote.deferredAmount.isZero() ? now : null,
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  return order;
}
