import type { FollowOrder, Institution, Locale } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { maxDrawdownOf, medianOf, type NavPoint, returnOver, volatilityOf } from './follow.nav.ts';
import {
  type FollowOrderRow,
  followHoldings,
  followNavDaily,
  followOrders,
  followRebalances,
  type InstitutionRow,
} from './follow.tables.ts';

const money = (value: Decimal.Value) => new Decimal(value).toFixed(2);
const plain = (value: Decimal.Value) => new Decimal(value).toString();

/** A follow as the user (and the console) sees it; `nav` values the locked ones now. */
export function orderViewOf(row: FollowOrderRow, institution: Pick<InstitutionRow, 'name' | 'nav'>): FollowOrder {
  const isSettled = row.status === 'settled';
  const valueNow = row.units === null ? new Decimal(row.amount) : new Decimal(row.units).times(institution.nav);
  const total = isSettled ? new Decimal(row.payout ?? 0) : valueNow;
  return {
    id: String(row.id),
    institutionId: String(row.institutionId),
    institutionName: institution.name,
    status: row.status,
    endReason: row.endReason,
    currency: 'USD',
    subscriptionAmount: money(row.amount),
    totalAmount: money(total.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)),
    units: row.units === null ? null : plain(row.units),
    entryNav: row.entryNav === null ? null : plain(row.entryNav),
    exitNav: row.exitNav === null ? null : plain(row.exitNav),
    periodMinutes: row.periodMinutes,
    stopLossPercent: row.stopLossPercent,
    managementFeeRate: plain(row.managementFeeRate),
    performanceFeeRate: plain(row.performanceFeeRate),
    managementFee: row.managementFee === null ? null : money(row.managementFee),
    performanceFee: row.performanceFee === null ? null : money(row.performanceFee),
    payout: row.payout === null ? null : money(row.payout),
    result: row.payout === null ? null : money(new Decimal(row.payout).minus(row.amount)),
    createTimestamp: row.createdAt.getTime(),
    confirmTimestamp: row.confirmedAt?.getTime() ?? null,
    endTimestamp: row.endsAt?.getTime() ?? null,
    settleTimestamp: row.settledAt?.getTime() ?? null,
  };
}

type Names = (code: string) => string;

/** The followers' record: users following now, and each settled follow's net result beside the portfolio's move over it. */
function followersRecord(rows: FollowOrderRow[]) {
  const active = new Set(rows.filter((row) => row.status !== 'settled').map((row) => row.userId));
  const settled = rows.filter((row) => row.status === 'settled' && row.payout !== null && row.entryNav !== null && row.exitNav !== null);
  return {
    followers: active.size,
    settledFollows: settled.length,
    followersMedianResult: medianOf(settled.map((row) => new Decimal(row.payout as string).div(row.amount).minus(1))),
    portfolioMedianResult: medianOf(settled.map((row) => new Decimal(row.exitNav as string).div(row.entryNav as string).minus(1))),
  };
}

/** Institutions with their record, weights and rebalances, read in a few queries for all of them. */
/** Institutions as shown, each described in `locale` when written in it (else its own description). */
export async function institutionViews(
  executor: Executor,
  rows: InstitutionRow[],
  nameOf: Names,
  now: Date,
  locale?: Locale,
): Promise<Institution[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  // One after another: the executor may be a transaction's single connection.
  const history = await executor
    .select()
    .from(followNavDaily)
    .where(inArray(followNavDaily.institutionId, ids))
    .orderBy(asc(followNavDaily.day));
  const holdings = await executor
    .select()
    .from(followHoldings)
    .where(inArray(followHoldings.institutionId, ids))
    .orderBy(desc(followHoldings.weight));
  const rebalances = await executor
    .select()
    .from(followRebalances)
    .where(inArray(followRebalances.institutionId, ids))
    .orderBy(desc(followRebalances.at), desc(followRebalances.id));
  const orders = await executor.select().from(followOrders).where(inArray(followOrders.institutionId, ids));
  const weightView = (code: string, weight: Decimal.Value) => ({ code, name: nameOf(code), weight: plain(weight) });
  return rows.map((row) => {
    const navHistory: NavPoint[] = history
      .filter((point) => point.institutionId === row.id)
      .map((point) => ({ day: point.day, nav: plain(point.nav) }));
    const navs = navHistory.map((point) => point.nav);
    return {
      id: String(row.id),
      name: row.name,
      description: (locale && row.descriptionTranslations[locale]) || row.description,
      status: row.status,
      currency: 'USD',
      inceptionTimestamp: row.inceptionAt.getTime(),
      nav: plain(row.nav),
      navTimestamp: row.navAt.getTime(),
      navHistory,
      returns: {
        oneMonth: returnOver(navHistory, row.nav, now, 30),
        threeMonths: returnOver(navHistory, row.nav, now, 91),
        oneYear: returnOver(navHistory, row.nav, now, 365),
        sinceInception: new Decimal(row.nav).minus(1).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toString(),
      },
      maxDrawdown: maxDrawdownOf(['1', ...navs, row.nav]),
      volatility: volatilityOf(navs),
      ...followersRecord(orders.filter((order) => order.institutionId === row.id)),
      managementFeeRate: plain(row.managementFeeRate),
      performanceFeeRate: plain(row.performanceFeeRate),
      periodsMinutes: row.periodsMinutes,
      weights: holdings.filter((holding) => holding.institutionId === row.id).map((holding) => weightView(holding.code, holding.weight)),
      rebalances: rebalances
        .filter((change) => change.institutionId === row.id)
        .map((change) => ({
          id: String(change.id),
          atTimestamp: change.at.getTime(),
          nav: plain(change.nav),
          weights: change.weights.map((entry) => weightView(entry.code, entry.weight)),
          note: change.note,
        })),
    };
  });
}

/** The follows not settled yet, oldest first (what the job works through). */
export function openOrders(executor: Executor) {
  return executor.select().from(followOrders).where(ne(followOrders.status, 'settled')).orderBy(asc(followOrders.id));
}

export function ordersOfInstitution(executor: Executor, institutionId: number) {
  return executor.select().from(followOrders).where(eq(followOrders.institutionId, institutionId)).orderBy(desc(followOrders.id));
}
