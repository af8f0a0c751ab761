import type { Offering, OfferingKind, OfferingPhase, Subscription, SubscriptionState } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { toMoney } from '../ledger/index.ts';
import { costOf } from './products.allotment.ts';
import { productApplications, productOfferings } from './products.tables.ts';

export type OfferingRow = typeof productOfferings.$inferSelect;
export type ApplicationRow = typeof productApplications.$inferSelect;
export type Demand = { lots: number; applications: number };

export const visibleStatuses = ['published', 'allotted', 'listed'] as const;

export function phaseOf(row: OfferingRow, now: Date): OfferingPhase {
  if (now < row.opensAt) return 'upcoming';
  return now < row.closesAt ? 'open' : 'closed';
}

/** A placing's market date, reason, and its price's discount to the last close at announcement, a fact (4 decimals); a rights issue's ratio and record date. */
function placingFacts(row: OfferingRow) {
  const close = row.referenceClose === null ? null : new Decimal(row.referenceClose);
  return {
    marketDate: row.marketDate?.getTime() ?? null,
    reason: row.reason,
    referenceClose: close?.toString() ?? null,
    discountRate: close?.greaterThan(0) ? close.minus(row.price).div(close).toFixed(4) : null,
    rightsRatio: row.rightsRatio === null ? null : new Decimal(row.rightsRatio).toString(),
    recordDate: row.recordDate?.getTime() ?? null,
  };
}

/** An offering as the contracts show it; `forOperator` adds who created and published it, and the seed stays hidden until the draw. */
export function offeringView(row: OfferingRow, demand: Demand, now: Date, forOperator = false): Offering {
  const isDrawn = row.status === 'allotted' || row.status === 'listed';
  const totalLots = Math.floor(row.sharesOffered / row.lotSize);
  const isClosed = now >= row.closesAt;
  return {
    id: String(row.id),
    kind: row.kind,
    status: row.status,
    phase: phaseOf(row, now),
    code: row.code,
    name: row.name,
    exchangeCode: row.exchangeCode,
    prospectusDate: row.prospectusDate,
    prospectusUrl: row.prospectusUrl,
    fundRaising: toMoney(row.fundRaising),
    priceLow: new Decimal(row.priceLow).toString(),
    priceHigh: new Decimal(row.priceHigh).toString(),
    price: new Decimal(row.price).toString(),
    lotSize: row.lotSize,
    minQuantity: row.minQuantity,
    maxQuantity: row.maxQuantity,
    sharesOffered: row.sharesOffered,
    feeRate: new Decimal(row.feeRate).toString(),
    walletType: 'SUBSCRIPTION',
    currency: 'USD',
    allocationRule: row.allocationRule,
    openTimestamp: row.opensAt.getTime(),
    purchaseEndDate: row.closesAt.getTime(),
    allotTimestamp: row.allotsAt.getTime(),
    listDate: row.listsAt.getTime(),
    ...placingFacts(row),
    seedHash: row.seedHash,
    seed: isDrawn ? row.seed : null,
    appliedLots: demand.lots,
    applications: demand.applications,
    oversubscription: isClosed && totalLots > 0 ? new Decimal(demand.lots).div(totalLots).toFixed(2) : null,
    oneLotSuccessRate: isDrawn && row.applicationCount ? new Decimal(row.winnerCount ?? 0).div(row.applicationCount).toFixed(4) : null,
    createdBy: forOperator ? String(row.createdByOperatorId) : '',
    publishedBy: forOperator && row.publishedByOperatorId !== null ? String(row.publishedByOperatorId) : null,
    rejectionReason: forOperator ? row.rejectionReason : null,
  };
}

export function stateOf(application: ApplicationRow, offering: OfferingRow, now: Date): SubscriptionState {
  if (application.status === 'settled') return 'listed';
  if (application.status === 'allotted') return 'allotted';
  if (application.status === 'not_allotted') return 'not_allotted';
  return now < offering.closesAt ? 'subscribed' : 'waiting_allotment';
}

export function subscriptionView(application: ApplicationRow, offering: Offering, offeringRow: OfferingRow, now: Date): Subscription {
  const held = new Decimal(application.amount).plus(application.fee);
  const isResolved = application.status !== 'held';
  const quantity = application.lots * offeringRow.lotSize;
  return {
    id: String(application.id),
    applicationNo: String(application.id),
    offering,
    state: stateOf(application, offeringRow, now),
    lots: application.lots,
    quantity,
    amount: toMoney(application.amount),
    fee: toMoney(application.fee),
    held: toMoney(held),
    paid: toMoney(application.paid ?? 0),
    pending: toMoney(isResolved ? 0 : held),
    refunded: toMoney(application.refunded ?? 0),
    allottedQuantity: application.allottedLots === null ? null : application.allottedLots * offeringRow.lotSize,
    positionId: application.positionId === null ? null : String(application.positionId),
    createdTimestamp: application.createdAt.getTime(),
    modifyTime: (application.allottedAt ?? application.createdAt).getTime(),
    marketDate: offering.marketDate,
    explanation: isResolved
      ? {
          rule: offeringRow.allocationRule,
          totalLots: Math.floor(offeringRow.sharesOffered / offeringRow.lotSize),
          demandLots: offeringRow.demandLots ?? 0,
          applications: offeringRow.applicationCount ?? 0,
          guaranteedLots:
            offeringRow.allocationRule === 'ballot_one_lot_priority' &&
            (offeringRow.applicationCount ?? 0) < Math.floor(offeringRow.sharesOffered / offeringRow.lotSize) &&
            (offeringRow.demandLots ?? 0) > Math.floor(offeringRow.sharesOffered / offeringRow.lotSize)
              ? 1
              : 0,
          balloted: (offeringRow.demandLots ?? 0) > Math.floor(offeringRow.sharesOffered / offeringRow.lotSize),
          appliedLots: application.lots,
          allottedLots: application.allottedLots ?? 0,
        }
      : null,
  };
}

/** Lots applied for and applications per offering. */
export async function demandOf(executor: Executor, offeringIds: readonly number[]): Promise<Map<number, Demand>> {
  if (offeringIds.length === 0) return new Map();
  const rows = await executor
    .select({
      offeringId: productApplications.offeringId,
      lots: sql<string>`coalesce(sum(${productApplications.lots}), 0)`,
      applications: count(),
    })
    .from(productApplications)
    .where(inArray(productApplications.offeringId, [...offeringIds]))
    .groupBy(productApplications.offeringId);
  return new Map(rows.map((row) => [row.offeringId, { lots: Number(row.lots), applications: row.applications }]));
}

export const noDemand: Demand = { lots: 0, applications: 0 };

export async function offeringById(executor: Executor, id: number, options: { forUpdate?: boolean } = {}) {
  const query = executor.select().from(productOfferings).where(eq(productOfferings.id, id));
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0];
}

export async function visibleOfferings(executor: Executor, kind?: OfferingKind) {
  return executor
    .select()
    .from(productOfferings)
    .where(and(inArray(productOfferings.status, [...visibleStatuses]), kind ? eq(productOfferings.kind, kind) : undefined))
    .orderBy(desc(productOfferings.opensAt));
}

export async function allOfferings(executor: Executor) {
  return executor.select().from(productOfferings).orderBy(desc(productOfferings.id)).limit(200);
}

export async function offeringsDue(executor: Executor, status: 'published' | 'allotted', now: Date) {
  const column = status === 'published' ? productOfferings.allotsAt : productOfferings.listsAt;
  return executor
    .select()
    .from(productOfferings)
    .where(and(eq(productOfferings.status, status), lte(column, now)))
    .orderBy(asc(productOfferings.id));
}

export async function applicationsOf(executor: Executor, offeringId: number, options: { forUpdate?: boolean } = {}) {
  const query = executor
    .select()
    .from(productApplications)
    .where(eq(productApplications.offeringId, offeringId))
    .orderBy(asc(productApplications.id));
  return options.forUpdate ? query.for('update') : query;
}

/** An application to the offering by this user or by another account of the same verified identity. */
export async function applicationOfIdentity(executor: Executor, offeringId: number, userId: number, identityKey: string) {
  const rows = await executor
    .select({ id: productApplications.id })
    .from(productApplications)
    .where(
      and(
        eq(productApplications.offeringId, offeringId),
        or(eq(productApplications.userId, userId), eq(productApplications.identityKey, identityKey)),
      ),
    )
    .limit(1);
  return rows[0];
}

/** A user's applications to offerings of one kind, newest first. */
export async function applicationsOfUser(executor: Executor, userId: number, kind: OfferingKind, limit: number, offset: number) {
  const where = and(eq(productApplications.userId, userId), eq(productOfferings.kind, kind));
  const [rows, totals] = await Promise.all([
    executor
      .select({ application: productApplications })
      .from(productApplications)
      .innerJoin(productOfferings, eq(productOfferings.id, productApplications.offeringId))
      .where(where)
      .orderBy(desc(productApplications.id))
      .limit(limit)
      .offset(offset),
    executor
      .select({ total: count() })
      .from(productApplications)
      .innerJoin(productOfferings, eq(productOfferings.id, productApplications.offeringId))
      .where(where),
  ]);
  return { rows: rows.map((row) => row.application), total: totals[0]?.total ?? 0 };
}

/** What one lot costs with its fee, for the largest affordable application. */
export function lotCostOf(row: OfferingRow) {
  return costOf(row.price, row.lotSize, row.feeRate).total;
}
