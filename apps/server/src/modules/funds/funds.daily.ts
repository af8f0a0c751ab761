import { FUND_WALLET, type MessageTemplate } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { fundHoldings, fundIncome, fundIncomeDays, fundOrders, fundProducts, fundRates } from './funds.tables.ts';
import { accrue, addDays, dayOf, startOf } from './funds.terms.ts';
import type { ProductRow } from './funds.views.ts';

export type Notify = (executor: Executor, userId: number, template: MessageTemplate, values: Record<string, string>) => Promise<unknown>;
export type DailyDependencies = { ledger: LedgerService; notify: Notify; now: () => Date };

const held = { system: 'FUNDS_HELD' as const, currency: 'USD' as const };
const incomeAccount = { system: 'FUND_INCOME' as const, currency: 'USD' as const };

/**
 * Each holding's balance at a day's close: today's balance less what was bought after the close, plus
 * what was redeemed after it (days are posted in order, so no later income is in the balance).
 */
async function balancesAtClose(tx: Executor, productId: number, closedAt: Date) {
  const holdings = await tx
    .select()
    .from(fundHoldings)
    .where(and(eq(fundHoldings.productId, productId), eq(fundHoldings.kind, 'current')))
    .orderBy(asc(fundHoldings.id))
    .for('update');
  const after = await tx
    .select({
      holdingId: fundOrders.holdingId,
      change: sql<string>`sum(CASE WHEN ${fundOrders.kind} = 'purchase' THEN -${fundOrders.amount} ELSE ${fundOrders.amount} END)`,
    })
    .from(fundOrders)
    .where(and(eq(fundOrders.productId, productId), gte(fundOrders.createdAt, closedAt)))
    .groupBy(fundOrders.holdingId);
  const changes = new Map(after.map((row) => [row.holdingId, new Decimal(row.change)]));
  return holdings.map((holding) => ({ holding, balance: new Decimal(holding.balance).plus(changes.get(holding.id) ?? 0) }));
}

/**
 * Closes one day of a current fund and posts its income, once: each holder earns the day's published
 * rate on the balance held at the close, posted as the rounding of the running exact total (one journal
 * per holder, keyed by product, user and day). The close is the day's end, or now for a day closed early.
 */
export async function postIncomeDay(
  tx: Executor,
  dependencies: DailyDependencies,
  product: ProductRow,
  date: string,
  trigger: 'job' | 'operator',
) {
  const now = dependencies.now();
  const [done] = await tx
    .select()
    .from(fundIncomeDays)
    .where(and(eq(fundIncomeDays.productId, product.id), eq(fundIncomeDays.date, date)));
  if (done) return done;
  if (now < startOf(date)) throw new AppError('FUND_DATE_NOT_STARTED');
  const [rate] = await tx
    .select()
    .from(fundRates)
    .where(and(eq(fundRates.productId, product.id), eq(fundRates.date, date)));
  if (!rate) throw new AppError('FUND_RATE_MISSING');
  const end = startOf(addDays(date, 1));
  const closedAt = now < end ? now : end;
  let totalBalance = new Decimal(0);
  let totalIncome = new Decimal(0);
  let holders = 0;
  for (const { holding, balance } of await balancesAtClose(tx, product.id, closedAt)) {
    if (!balance.greaterThan(0)) continue;
    const next = accrue({ exact: holding.incomeExact, posted: holding.income }, balance, rate.rateBps);
    let journalId: number | null = null;
    if (next.posted.greaterThan(0)) {
      const journal = await dependencies.ledger.post(tx, {
        idempotencyKey: `fund-income:${product.id}:${holding.userId}:${date}`,
        reason: 'fund_income',
        memo: `fund ${product.code} income ${date}`,
        legs: [
          { account: incomeAccount, amount: next.posted.negated() },
          { account: held, amount: next.posted },
        ],
      });
      journalId = journal.journalId;
    }
    await tx
      .update(fundHoldings)
      .set({
        balance: next.posted.plus(holding.balance).toFixed(2),
        income: next.posted.plus(holding.income).toFixed(2),
        incomeExact: next.exact.toString(),
      })
      .where(eq(fundHoldings.id, holding.id));
    await tx.insert(fundIncome).values({
      productId: product.id,
      userId: holding.userId,
      holdingId: holding.id,
      date,
      balance: balance.toFixed(2),
      rateBps: rate.rateBps,
      amount: next.posted.toFixed(2),
      journalId,
      postedAt: now,
    });
    holders += 1;
    totalBalance = totalBalance.plus(balance);
    totalIncome = totalIncome.plus(next.posted);
  }
  const [day] = await tx
    .insert(fundIncomeDays)
    .values({
      productId: product.id,
      date,
      rateBps: rate.rateBps,
      holders,
      totalBalance: totalBalance.toFixed(2),
      totalIncome: totalIncome.toFixed(2),
      trigger,
      closedAt,
    })
    .returning();
  return day;
}

/** The first day of a product not yet posted: the day after its last posted one, or its first published rate's day. */
async function firstUnposted(tx: Executor, product: ProductRow) {
  const [last] = await tx
    .select({ date: fundIncomeDays.date })
    .from(fundIncomeDays)
    .where(eq(fundIncomeDays.productId, product.id))
    .orderBy(desc(fundIncomeDays.date))
    .limit(1);
  if (last) return addDays(last.date, 1);
  const [first] = await tx
    .select({ date: fundRates.date })
    .from(fundRates)
    .where(eq(fundRates.productId, product.id))
    .orderBy(asc(fundRates.date))
    .limit(1);
  return first?.date;
}

/**
 * Posts every day of a current fund up to `through`, in order, stopping at the first day without a
 * published rate (a later day's balance depends on the earlier days' income).
 */
export async function postIncomeThrough(
  tx: Executor,
  dependencies: DailyDependencies,
  product: ProductRow,
  through: string,
  trigger: 'job' | 'operator',
) {
  const first = await firstUnposted(tx, product);
  for (let date = first ?? ''; first !== undefined && date <= through; date = addDays(date, 1)) {
    const [rate] = await tx
      .select()
      .from(fundRates)
      .where(and(eq(fundRates.productId, product.id), eq(fundRates.date, date)));
    if (!rate) break;
    await postIncomeDay(tx, dependencies, product, date, trigger);
  }
}

/** Deferred redemptions whose arrival time has come: the rest of the money reaches the wallet. */
async function payArrivals(tx: Executor, dependencies: DailyDependencies, names: Map<number, string>) {
  const now = dependencies.now();
  const due = await tx
    .select()
    .from(fundOrders)
    .where(and(eq(fundOrders.status, 'pending'), lte(fundOrders.arrivesAt, now)))
    .for('update');
  for (const order of due) {
    await dependencies.ledger.post(tx, {
      idempotencyKey: `fund-arrival:${order.id}`,
      reason: 'fund_redemption',
      memo: `fund order ${order.id} deferred part`,
      legs: [
        { account: held, amount: new Decimal(order.deferredAmount).negated() },
        { account: { userId: order.userId, walletType: FUND_WALLET }, amount: order.deferredAmount },
      ],
    });
    await tx.update(fundOrders).set({ status: 'done', settledAt: now }).where(eq(fundOrders.id, order.id));
    const values = { amount: new Decimal(order.deferredAmount).toFixed(2), currency: 'USD', fund: names.get(order.productId) ?? '' };
    await dependencies.notify(tx, order.userId, 'fundRedemptionArrived', values);
  }
}

/** Period holdings at maturity: the principal and the income stated at purchase reach the wallet in one journal. */
async function payMaturities(tx: Executor, dependencies: DailyDependencies, names: Map<number, string>) {
  const now = dependencies.now();
  const due = await tx
    .select()
    .from(fundHoldings)
    .where(and(eq(fundHoldings.kind, 'period'), eq(fundHoldings.status, 'active'), lte(fundHoldings.maturesAt, now)))
    .for('update');
  for (const holding of due) {
    const principal = new Decimal(holding.balance);
    const income = new Decimal(holding.incomeAtMaturity ?? 0);
    await dependencies.ledger.post(tx, {
      idempotencyKey: `fund-maturity:${holding.id}`,
      reason: 'fund_income',
      memo: `fund holding ${holding.id} maturity`,
      legs: [
        { account: held, amount: principal.negated() },
        { account: incomeAccount, amount: income.negated() },
        { account: { userId: holding.userId, walletType: FUND_WALLET }, amount: principal.plus(income) },
      ].filter((leg) => !new Decimal(leg.amount).isZero()),
    });
    await tx
      .update(fundHoldings)
      .set({ status: 'closed', closedAt: now, balance: '0', income: income.toFixed(2) })
      .where(eq(fundHoldings.id, holding.id));
    await tx.insert(fundOrders).values({
      userId: holding.userId,
      productId: holding.productId,
      holdingId: holding.id,
      kind: 'maturity',
      idempotencyKey: `maturity:${holding.id}`,
      amount: principal.plus(income).toFixed(2),
      instantAmount: principal.plus(income).toFixed(2),
      rateBps: holding.rateBps,
      createdAt: now,
      settledAt: now,
    });
    const values = {
      fund: names.get(holding.productId) ?? '',
      principal: principal.toFixed(2),
      income: income.toFixed(2),
      currency: 'USD',
    };
    await dependencies.notify(tx, holding.userId, 'fundMatured', values);
  }
}

/** The morning run: yesterday's (and any missed day's) income of every current fund, arrivals, maturities. */
export async function runDaily(tx: Executor, dependencies: DailyDependencies) {
  const products = await tx.select().from(fundProducts).orderBy(asc(fundProducts.id));
  const yesterday = addDays(dayOf(dependencies.now()), -1);
  for (const product of products) if (product.kind === 'current') await postIncomeThrough(tx, dependencies, product, yesterday, 'job');
  const names = new Map(products.map((product) => [product.id, product.name]));
  await payArrivals(tx, dependencies, names);
  await payMaturities(tx, dependencies, names);
}
