import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import type { AccountRef } from '../ledger/index.ts';
import type { FollowDependencies } from './follow.context.ts';
import { passesLossLimit, settlementOf, unitsFor } from './follow.fees.ts';
import { navOf } from './follow.nav.ts';
import {
  type FollowOrderRow,
  followHighWater,
  followHoldings,
  followInstitutions,
  followNavDaily,
  followOrders,
  type InstitutionRow,
} from './follow.tables.ts';
import { openOrders } from './follow.views.ts';

const MINUTE_MS = 60_000;
const money = (value: Decimal.Value) => new Decimal(value).toFixed(2);
const utcMinute = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ');

/** Values every active institution at the latest quotes and keeps the day's close; answers the NAVs worked out now. */
export async function valueInstitutions(dependencies: FollowDependencies, executor: Executor) {
  const at = dependencies.now();
  const institutions = await executor.select().from(followInstitutions).where(eq(followInstitutions.status, 'active'));
  const holdings = await executor.select().from(followHoldings);
  const fresh = new Map<number, InstitutionRow>();
  for (const institution of institutions) {
    const own = holdings.filter((holding) => holding.institutionId === institution.id);
    const nav = navOf(own, institution.cashPerUnit, dependencies.priceOf);
    if (nav === null) continue;
    const [updated] = await executor
      .update(followInstitutions)
      .set({ nav: nav.toString(), navAt: at })
      .where(eq(followInstitutions.id, institution.id))
      .returning();
    await executor
      .insert(followNavDaily)
      .values({ institutionId: institution.id, day: at.toISOString().slice(0, 10), nav: nav.toString() })
      .onConflictDoUpdate({ target: [followNavDaily.institutionId, followNavDaily.day], set: { nav: nav.toString() } });
    if (updated) fresh.set(institution.id, updated);
  }
  return fresh;
}

/** The cut-off: the held amount goes to the house and buys units at this NAV; the lock runs from now. */
async function confirm(dependencies: FollowDependencies, tx: Executor, order: FollowOrderRow, institution: InstitutionRow) {
  const at = dependencies.now();
  const units = unitsFor(order.amount, institution.nav);
  await dependencies.ledger.postHold(tx, {
    holdId: order.holdId,
    idempotencyKey: `follow:${order.id}:confirm`,
    reason: 'follow',
    memo: `follow ${order.id} ${units.toString()} units at ${institution.nav}`,
    counter: { system: 'HOUSE', currency: 'USD', spreadKey: order.userId },
    owner: { userId: order.userId, walletType: 'FOLLOW' },
  });
  const endsAt = new Date(at.getTime() + order.periodMinutes * MINUTE_MS);
  await tx
    .update(followOrders)
    .set({ status: 'to_be_settled', units: units.toString(), entryNav: institution.nav, confirmedAt: at, endsAt })
    .where(and(eq(followOrders.id, order.id), eq(followOrders.status, 'wait_confirm')));
  await dependencies.notify(tx, order.userId, 'followConfirmed', {
    institution: institution.name,
    units: units.toString(),
    nav: new Decimal(institution.nav).toString(),
    endDate: utcMinute(endsAt),
  });
}

/** The end: paid back at NAV less the fees of its own terms in one journal; the follower's high-water mark moves up if passed. */
async function settle(
  dependencies: FollowDependencies,
  tx: Executor,
  order: FollowOrderRow,
  institution: InstitutionRow,
  endReason: 'matured' | 'stop_loss',
) {
  const at = dependencies.now();
  const [mark] = await tx
    .select()
    .from(followHighWater)
    .where(and(eq(followHighWater.userId, order.userId), eq(followHighWater.institutionId, order.institutionId)))
    .for('update');
  const outcome = settlementOf({
    units: order.units ?? 0,
    entryNav: order.entryNav ?? institution.nav,
    exitNav: institution.nav,
    highWaterMark: mark?.nav ?? null,
    // The terms the follow was made under, not the institution's current ones.
    managementFeeRate: order.managementFeeRate,
    performanceFeeRate: order.performanceFeeRate,
    minutesHeld: Math.floor((at.getTime() - (order.confirmedAt ?? at).getTime()) / MINUTE_MS),
  });
  const fees = outcome.managementFee.plus(outcome.performanceFee);
  const all: Array<{ account: AccountRef; amount: Decimal }> = [
    { account: { userId: order.userId, walletType: 'FOLLOW' }, amount: outcome.payout },
    { account: { system: 'FEES', currency: 'USD', spreadKey: order.userId }, amount: fees },
    { account: { system: 'HOUSE', currency: 'USD', spreadKey: order.userId }, amount: outcome.gross.negated() },
  ];
  const legs = all.filter((leg) => !leg.amount.isZero());
  if (legs.length > 0)
    await dependencies.ledger.post(tx, {
      idempotencyKey: `follow:${order.id}:settle`,
      reason: 'follow',
      memo: `follow ${order.id} at ${institution.nav}`,
      legs,
    });
  if (outcome.nextMark !== null)
    await tx
      .insert(followHighWater)
      .values({ userId: order.userId, institutionId: order.institutionId, nav: outcome.nextMark.toString() })
      .onConflictDoUpdate({ target: [followHighWater.userId, followHighWater.institutionId], set: { nav: sql`excluded.nav` } });
  await tx
    .update(followOrders)
    .set({
      status: 'settled',
      endReason,
      exitNav: institution.nav,
      highWaterMark: outcome.mark.toString(),
      managementFee: money(outcome.managementFee),
      performanceFee: money(outcome.performanceFee),
      payout: money(outcome.payout),
      settledAt: at,
    })
    .where(and(eq(followOrders.id, order.id), eq(followOrders.status, 'to_be_settled')));
  const values = {
    institution: institution.name,
    nav: new Decimal(institution.nav).toString(),
    payout: money(outcome.payout),
    fees: money(fees),
    result: money(outcome.payout.minus(order.amount)),
    currency: 'USD',
  };
  if (endReason === 'stop_loss')
    await dependencies.notify(tx, order.userId, 'followStopped', { ...values, limit: String(order.stopLossPercent) });
  else await dependencies.notify(tx, order.userId, 'followSettled', values);
}

/** What one follow needs at this minute's NAV: its cut-off, its end, or its stop; null for nothing. */
function stepOf(order: FollowOrderRow, institution: InstitutionRow, at: Date) {
  if (order.status === 'wait_confirm') return 'confirm' as const;
  if (order.endsAt !== null && at >= order.endsAt) return 'matured' as const;
  if (order.units !== null && passesLossLimit(order.amount, order.units, institution.nav, order.stopLossPercent))
    return 'stop_loss' as const;
  return null;
}

/**
 * Every minute: the NAVs from the live feed, then each open follow's cut-off, end or stop, each in its own
 * savepoint so one refusal leaves the others done. The steps write through the run's own executor (the same
 * connection, inside the savepoint): what they announce (messages, balances) waits for the run's commit.
 */
export async function runFollowMinute(dependencies: FollowDependencies, executor: Executor) {
  const fresh = await valueInstitutions(dependencies, executor);
  const at = dependencies.now();
  for (const order of await openOrders(executor)) {
    const institution = fresh.get(order.institutionId);
    if (!institution) continue;
    const step = stepOf(order, institution, at);
    if (!step) continue;
    try {
      await executor.transaction(async () => {
        if (step === 'confirm') await confirm(dependencies, executor, order, institution);
        else await settle(dependencies, executor, order, institution, step);
      });
    } catch (error) {
      dependencies.logger.error({ err: error, followId: order.id, step }, 'follow: a step failed; retried at the next run');
    }
  }
}

export function createFollowJob(dependencies: FollowDependencies): JobDefinition {
  return { name: 'follow-nav', intervalMs: MINUTE_MS, run: (executor) => runFollowMinute(dependencies, executor) };
}
