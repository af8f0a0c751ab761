import { pageInfo } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, inTransaction } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { type DailyDependencies, runDaily } from './funds.daily.ts';
import { lockHolding, type PurchaseInput, purchase, quoteOf, redeem } from './funds.orders.ts';
import { checkPlan, firstRun, lockPlan, type PlanFields, runPlans, transitionOf } from './funds.plans.ts';
import { fundHoldings, fundIncome, fundOrders, fundPlans, fundProducts } from './funds.tables.ts';
import { holdingViews, orderViews, type PlanRow, planViews, productViews } from './funds.views.ts';

export type FundsDependencies = DailyDependencies & { db: Database };

const userIdOf = (principal: Principal) => Number(principal.userId);
const sum = (values: Decimal.Value[]) => values.reduce<Decimal>((total, value) => total.plus(value), new Decimal(0)).toFixed(2);

/** The totals of `user_fund_orders/stat`: what is held, the income received, plans and redemptions on their way. */
async function statOf(dependencies: FundsDependencies, userId: number) {
  const { db } = dependencies;
  const [holdings, orders, plans, [last]] = await Promise.all([
    db.select().from(fundHoldings).where(eq(fundHoldings.userId, userId)),
    db.select().from(fundOrders).where(eq(fundOrders.userId, userId)),
    db
      .select({ n: count() })
      .from(fundPlans)
      .where(and(eq(fundPlans.userId, userId), eq(fundPlans.status, 'active'))),
    db
      .select({ date: fundIncome.date, amount: sql<string>`sum(${fundIncome.amount})` })
      .from(fundIncome)
      .where(eq(fundIncome.userId, userId))
      .groupBy(fundIncome.date)
      .orderBy(desc(fundIncome.date))
      .limit(1),
  ]);
  const current = holdings.filter((row) => row.kind === 'current');
  const period = holdings.filter((row) => row.kind === 'period');
  const pending = orders.filter((row) => row.status === 'pending').map((row) => row.deferredAmount);
  const currentAmount = sum(current.map((row) => row.balance));
  const periodAmount = sum(period.filter((row) => row.status === 'active').map((row) => row.balance));
  return {
    currency: 'USD' as const,
    totalAssets: sum([currentAmount, periodAmount, ...pending]),
    currentAmount,
    currentIncome: sum(current.map((row) => row.income)),
    lastIncome: sum([last?.amount ?? 0]),
    lastIncomeDate: last?.date ?? null,
    periodAmount,
    periodIncome: sum(period.map((row) => row.income)),
    regularAmount: sum(orders.filter((row) => row.planId !== null && row.kind === 'purchase').map((row) => row.amount)),
    activePlans: plans[0]?.n ?? 0,
    pendingRedemption: sum(pending),
  };
}

/** Regular investment plans: set up, change, pause, resume, end; each change under the plan's lock. */
function createPlans(dependencies: FundsDependencies) {
  const { db, now } = dependencies;
  const one = async (row: PlanRow | undefined) => {
    if (!row) throw new Error('plan write returned nothing');
    return (await planViews(db, [row]))[0] as NonNullable<Awaited<ReturnType<typeof planViews>>[number]>;
  };
  const act = (action: 'pause' | 'resume' | 'end') => async (principal: Principal, input: { id: number }) =>
    one(
      await inTransaction(db, async (tx) => {
        const plan = await lockPlan(tx, userIdOf(principal), input.id);
        const change = transitionOf(plan, action, now());
        return (
          await tx
            .update(fundPlans)
            .set({ ...change, updatedAt: now() })
            .where(eq(fundPlans.id, plan.id))
            .returning()
        )[0];
      }),
    );
  return {
    async plans(principal: Principal) {
      const rows = await db
        .select()
        .from(fundPlans)
        .where(eq(fundPlans.userId, userIdOf(principal)))
        .orderBy(desc(fundPlans.id));
      return planViews(db, rows);
    },
    async planCreate(principal: Principal, input: PlanFields & { productId: number; idempotencyKey: string }) {
      const userId = userIdOf(principal);
      const [earlier] = await db
        .select()
        .from(fundPlans)
        .where(and(eq(fundPlans.userId, userId), eq(fundPlans.idempotencyKey, input.idempotencyKey)));
      if (earlier) {
        if (earlier.productId !== input.productId || !new Decimal(earlier.amount).equals(input.amount))
          throw new AppError('FUND_KEY_REUSED');
        return one(earlier);
      }
      await checkPlan(db, input.productId, input);
      const values = { ...input, userId, amount: new Decimal(input.amount).toFixed(2), nextRunDate: firstRun(input, now()) };
      return one((await db.insert(fundPlans).values(values).returning())[0]);
    },
    async planUpdate(principal: Principal, input: PlanFields & { id: number }) {
      return one(
        await inTransaction(db, async (tx) => {
          const plan = await lockPlan(tx, userIdOf(principal), input.id);
          if (plan.status === 'ended') throw new AppError('FUND_PLAN_STATE');
          await checkPlan(tx, plan.productId, input);
          const nextRunDate = plan.status === 'active' ? firstRun(input, now()) : plan.nextRunDate;
          const change = {
            amount: new Decimal(input.amount).toFixed(2),
            frequency: input.frequency,
            day: input.day,
            nextRunDate,
            updatedAt: now(),
          };
          return (await tx.update(fundPlans).set(change).where(eq(fundPlans.id, plan.id)).returning())[0];
        }),
      );
    },
    planPause: act('pause'),
    planResume: act('resume'),
    planEnd: act('end'),
  };
}

/** The redemption quote as shown before confirming. */
async function quoteView(dependencies: FundsDependencies, userId: number, input: { holdingId: number; amount: string }) {
  // Read under the lock a redemption takes, so the cap left is the one it would use; nothing is written.
  return inTransaction(dependencies.db, async (tx) => {
    const holding = await lockHolding(tx, userId, input.holdingId);
    const [product] = await tx.select().from(fundProducts).where(eq(fundProducts.id, holding.productId));
    if (!product) throw new AppError('FUND_PRODUCT_NOT_FOUND');
    const quote = await quoteOf(tx, product, holding, input.amount, dependencies.now());
    return {
      amount: quote.amount.toFixed(2),
      instantAmount: quote.instantAmount.toFixed(2),
      deferredAmount: quote.deferredAmount.toFixed(2),
      fee: quote.fee.toFixed(2),
      payout: quote.payout.toFixed(2),
      arrivalTimestamp: quote.arrivesAt?.getTime() ?? null,
      instantLeftToday: quote.left === null ? null : quote.left.toFixed(2),
      isEarly: quote.isEarly,
    };
  });
}

export type FundsService = ReturnType<typeof createFundsService>;

/**
 * Funds for users (issue 20 §2): products with their published rates and posted yield, purchases,
 * redemptions (instant up to a daily cap, the rest the next business day), holdings, orders, totals and
 * regular plans; and the daily job. Money moves only through the ledger (funds.orders.ts, funds.daily.ts).
 */
export function createFundsService(dependencies: FundsDependencies) {
  const { db, ledger, now } = dependencies;
  const orderView = async (row: Awaited<ReturnType<typeof purchase>>) =>
    (await orderViews(db, [row]))[0] as NonNullable<Awaited<ReturnType<typeof orderViews>>[number]>;
  return {
    dependencies,
    async productPage(page: { pageNum: number; pageSize: number }) {
      const where = eq(fundProducts.isEnabled, true);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(fundProducts)
          .where(where)
          .orderBy(asc(fundProducts.id))
          .limit(page.pageSize)
          .offset((page.pageNum - 1) * page.pageSize),
        db.select({ total: count() }).from(fundProducts).where(where),
      ]);
      return { list: await productViews(db, rows), ...pageInfo(totals[0]?.total ?? 0, page.pageNum, page.pageSize) };
    },
    async create(principal: Principal, input: PurchaseInput) {
      const row = await inTransaction(db, (tx) => purchase(tx, ledger, { ...input, userId: userIdOf(principal), now: now() }));
      return orderView(row);
    },
    async page(principal: Principal, input: { pageNum: number; pageSize: number; productId?: number | undefined }) {
      const where = and(
        eq(fundOrders.userId, userIdOf(principal)),
        input.productId === undefined ? undefined : eq(fundOrders.productId, input.productId),
      );
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(fundOrders)
          .where(where)
          .orderBy(desc(fundOrders.id))
          .limit(input.pageSize)
          .offset((input.pageNum - 1) * input.pageSize),
        db.select({ total: count() }).from(fundOrders).where(where),
      ]);
      return { list: await orderViews(db, rows), ...pageInfo(totals[0]?.total ?? 0, input.pageNum, input.pageSize) };
    },
    async holdings(principal: Principal) {
      const userId = userIdOf(principal);
      const rows = await db
        .select()
        .from(fundHoldings)
        .where(and(eq(fundHoldings.userId, userId), inArray(fundHoldings.status, ['active'])))
        .orderBy(asc(fundHoldings.id));
      return holdingViews(db, userId, rows);
    },
    stat: (principal: Principal) => statOf(dependencies, userIdOf(principal)),
    redeemQuote: (principal: Principal, input: { holdingId: number; amount: string }) =>
      quoteView(dependencies, userIdOf(principal), input),
    async redeem(principal: Principal, input: { holdingId: number; amount: string; idempotencyKey: string }) {
      const row = await inTransaction(db, (tx) => redeem(tx, ledger, { ...input, userId: userIdOf(principal), now: now() }));
      return orderView(row);
    },
    ...createPlans(dependencies),
    dailyJob: {
      name: 'funds-daily',
      // Hourly: each day is posted once (keyed by product, user and day), so a run after the morning's finds nothing to do.
      intervalMs: 60 * 60_000,
      async run(executor) {
        await runDaily(executor, dependencies);
        await runPlans(executor, dependencies);
      },
    } satisfies JobDefinition,
  };
}
