import { FUND_WALLET, type PlanFrequency } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import type { DailyDependencies } from './funds.daily.ts';
import { enabledProduct, purchase } from './funds.orders.ts';
import { fundPlanRuns, fundPlans, fundProducts } from './funds.tables.ts';
import { addDays, dayOf, firstRunOnOrAfter, isPlanDayValid, runAfter } from './funds.terms.ts';
import type { PlanRow } from './funds.views.ts';

/**
 * Regular investment plans (issue 20 §2): an amount into a current fund on a weekly, two-weekly or
 * monthly day. The job tells the user the day before, buys on the day, and when the money is short it
 * pauses the plan and says so (a message and the plan's state) instead of failing silently.
 */

export type PlanFields = { amount: string; frequency: PlanFrequency; day: number };

/** Checks a plan's fields against its product: a current fund, its minimum, a day that fits the frequency. */
export async function checkPlan(executor: Executor, productId: number, fields: PlanFields) {
  const product = await enabledProduct(executor, productId);
  if (product.kind !== 'current') throw new AppError('FUND_NOT_CURRENT');
  if (!isPlanDayValid(fields.frequency, fields.day)) throw new AppError('FUND_PLAN_DAY_INVALID');
  if (new Decimal(fields.amount).lessThan(product.minAmount))
    throw new AppError('FUND_AMOUNT_BELOW_MINIMUM', { min: product.minAmount, currency: 'USD' });
  return product;
}

/** The first run of a plan set up or resumed today: from tomorrow on, so the day-before notice always comes first. */
export const firstRun = (fields: PlanFields, now: Date) => firstRunOnOrAfter(fields.frequency, fields.day, addDays(dayOf(now), 1));

export async function lockPlan(tx: Executor, userId: number, id: number) {
  const [plan] = await tx
    .select()
    .from(fundPlans)
    .where(and(eq(fundPlans.id, id), eq(fundPlans.userId, userId)))
    .for('update');
  if (!plan) throw new AppError('FUND_PLAN_NOT_FOUND');
  return plan;
}

/** Pause, resume or end a plan: each from the states it makes sense from. */
export function transitionOf(plan: PlanRow, action: 'pause' | 'resume' | 'end', now: Date): Partial<PlanRow> {
  if (action === 'pause' && plan.status === 'active') return { status: 'paused', pauseReason: 'user', shortOn: null };
  if (action === 'resume' && plan.status === 'paused')
    return { status: 'active', pauseReason: null, shortOn: null, nextRunDate: firstRun(plan, now) };
  if (action === 'end' && plan.status !== 'ended') return { status: 'ended', nextRunDate: null };
  throw new AppError('FUND_PLAN_STATE');
}

/** Moves a plan to its next run day after `date` that is still ahead. */
async function advance(tx: Executor, plan: PlanRow, date: string, now: Date) {
  let next = runAfter(plan.frequency, plan.day, date);
  while (next <= dayOf(now)) next = runAfter(plan.frequency, plan.day, next);
  await tx.update(fundPlans).set({ nextRunDate: next, updatedAt: now }).where(eq(fundPlans.id, plan.id));
}

/** One run day of a plan: the purchase in a savepoint; short money pauses the plan with the reason and a message. */
async function runPlan(tx: Executor, dependencies: DailyDependencies, plan: PlanRow, date: string, fund: string) {
  const values = { amount: new Decimal(plan.amount).toFixed(2), currency: 'USD', fund, date };
  try {
    const order = await tx.transaction((savepoint) =>
      purchase(savepoint, dependencies.ledger, {
        userId: plan.userId,
        productId: plan.productId,
        amount: plan.amount,
        idempotencyKey: `plan:${plan.id}:${date}`,
        planId: plan.id,
        now: dependencies.now(),
      }),
    );
    await tx.insert(fundPlanRuns).values({ planId: plan.id, date, outcome: 'invested', orderId: order.id });
    await advance(tx, plan, date, dependencies.now());
    await dependencies.notify(tx, plan.userId, 'fundPlanInvested', values);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A fund no longer offered skips the day (the plan waits for it); only short money pauses the plan.
    if (error.result !== 'INSUFFICIENT_FUNDS') return advance(tx, plan, date, dependencies.now());
    const wallet = await dependencies.ledger.wallet(tx, plan.userId, FUND_WALLET);
    await tx.insert(fundPlanRuns).values({ planId: plan.id, date, outcome: 'short' });
    await tx
      .update(fundPlans)
      .set({ status: 'paused', pauseReason: 'short_money', shortOn: date, updatedAt: dependencies.now() })
      .where(eq(fundPlans.id, plan.id));
    await dependencies.notify(tx, plan.userId, 'fundPlanPaused', { ...values, available: wallet.availableBalance });
  }
}

/** The plans' part of the daily job: tomorrow's notices, then every run due by today (each run day once). */
export async function runPlans(tx: Executor, dependencies: DailyDependencies) {
  const today = dayOf(dependencies.now());
  const tomorrow = addDays(today, 1);
  const names = new Map((await tx.select().from(fundProducts)).map((product) => [product.id, product.name]));
  const due = await tx
    .select()
    .from(fundPlans)
    .where(and(eq(fundPlans.status, 'active'), lte(fundPlans.nextRunDate, tomorrow)))
    .orderBy(asc(fundPlans.id))
    .for('update');
  for (const plan of due) {
    const date = plan.nextRunDate as string;
    const fund = names.get(plan.productId) ?? '';
    if (date === tomorrow) {
      if (plan.noticeFor === date) continue;
      await tx.update(fundPlans).set({ noticeFor: date }).where(eq(fundPlans.id, plan.id));
      const values = { amount: new Decimal(plan.amount).toFixed(2), currency: 'USD', fund, date };
      await dependencies.notify(tx, plan.userId, 'fundPlanTomorrow', values);
      continue;
    }
    const [ran] = await tx
      .select()
      .from(fundPlanRuns)
      .where(and(eq(fundPlanRuns.planId, plan.id), eq(fundPlanRuns.date, date)));
    if (!ran) await runPlan(tx, dependencies, plan, date, fund);
  }
}
