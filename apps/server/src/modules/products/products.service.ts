import { randomBytes } from 'node:crypto';
import { type OfferingKind, type OfferingPhase, type PlacingFlatCount, pageInfo } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/index.ts';
import { inTransaction } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { costOf, seedHashOf } from './products.allotment.ts';
import { allotOffering, type DecisionDependencies, listingOf, listOffering } from './products.decision.ts';
import * as repository from './products.repository.ts';
import { checkExercise, createRightsJob, type RightsDependencies, rightsOfUser } from './products.rights.ts';
import { productApplications } from './products.tables.ts';

export type ProductsDependencies = DecisionDependencies & {
  /** The verified identity behind a user (null until verified): one application per identity and offering. */
  identityOf(userId: number): Promise<string | null>;
  /** Of a stock the user holds: what placings lock and what can be sold now (trading's positions). */
  placedHolding(userId: number, code: string): Promise<PlacingFlatCount>;
} & RightsDependencies;

/** A fresh ballot seed and the hash committed at publication. */
export function drawSeed() {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: seedHashOf(seed) };
}

type ApplyInput = { offeringId: number; quantity: number; idempotencyKey: string };
/** Where an application comes in: `NewShares/create` applies to IPOs, `placing_order/create` to placings. */
type Kind = OfferingKind;

/** The refusals of an application that need no write, in the order a user meets them. */
function checkApplication(
  offering: repository.OfferingRow | undefined,
  kind: Kind,
  quantity: number,
  now: Date,
): asserts offering is repository.OfferingRow {
  if (offering?.status !== 'published' || offering.kind !== kind) throw new AppError('OFFERING_NOT_FOUND');
  if (now < offering.opensAt || now >= offering.closesAt) throw new AppError('OFFERING_NOT_OPEN');
  if (quantity % offering.lotSize !== 0) throw new AppError('QUANTITY_NOT_WHOLE_LOTS', { lot: offering.lotSize });
  if (quantity < offering.minQuantity) throw new AppError('QUANTITY_BELOW_MINIMUM', { num: offering.minQuantity });
  if (quantity > offering.maxQuantity) throw new AppError('QUANTITY_ABOVE_MAXIMUM', { num: offering.maxQuantity });
}

function userIdOf(principal: Principal) {
  return Number(principal.userId);
}

export type ProductsService = ReturnType<typeof createProductsService>;

/** The read models: offerings with their demand, and a user's applications with their offering. */
function createReads(db: Database, now: () => Date) {
  async function offeringViews(rows: repository.OfferingRow[], forOperator = false, executor: Executor = db) {
    const demand = await repository.demandOf(
      executor,
      rows.map((row) => row.id),
    );
    const at = now();
    return rows.map((row) => repository.offeringView(row, demand.get(row.id) ?? repository.noDemand, at, forOperator));
  }

  async function visibleOffering(id: number, kind?: Kind) {
    const row = await repository.offeringById(db, id);
    const isVisible = row && (repository.visibleStatuses as readonly string[]).includes(row.status) && (!kind || row.kind === kind);
    if (!row || !isVisible) throw new AppError('OFFERING_NOT_FOUND');
    return row;
  }

  async function subscriptionsOf(rows: repository.ApplicationRow[]) {
    const offeringIds = [...new Set(rows.map((row) => row.offeringId))];
    const offerings = await Promise.all(offeringIds.map((id) => repository.offeringById(db, id)));
    const byId = new Map(offerings.filter((row) => row !== undefined).map((row) => [row.id, row]));
    const views = new Map((await offeringViews([...byId.values()])).map((view) => [Number(view.id), view]));
    const at = now();
    return rows.flatMap((row) => {
      const offering = byId.get(row.offeringId);
      const view = views.get(row.offeringId);
      return offering && view ? [repository.subscriptionView(row, view, offering, at)] : [];
    });
  }
  return { offeringViews, visibleOffering, subscriptionsOf };
}
type Reads = ReturnType<typeof createReads>;

/** Applies in one transaction: the hold (which refuses short money) and the row, or neither. */
function createApply(dependencies: ProductsDependencies, reads: Reads) {
  const { db, ledger, now } = dependencies;
  return async function apply(principal: Principal, input: ApplyInput, kind: Kind) {
    const userId = userIdOf(principal);
    const replay = await db
      .select()
      .from(productApplications)
      .where(and(eq(productApplications.userId, userId), eq(productApplications.idempotencyKey, input.idempotencyKey)));
    const [replayed] = replay[0] ? await reads.subscriptionsOf([replay[0]]) : [];
    if (replayed) return replayed;
    const offering = await repository.offeringById(db, input.offeringId);
    checkApplication(offering, kind, input.quantity, now());
    if (kind === 'rights') await checkExercise(db, offering.id, userId, input.quantity);
    const identityKey = await dependencies.identityOf(userId);
    if (!identityKey) throw new AppError('IDENTITY_NOT_VERIFIED');
    if (await repository.applicationOfIdentity(db, offering.id, userId, identityKey)) throw new AppError('SUBSCRIPTION_EXISTS');
    const lots = input.quantity / offering.lotSize;
    const { amount, fee, total } = costOf(offering.price, input.quantity, offering.feeRate);
    const row = await inTransaction(db, async (tx) => {
      // Keyed by offering and user: a second application can never hold twice, whatever its client key.
      const { holdId } = await ledger.placeHold(tx, {
        idempotencyKey: `subscription:${offering.id}:${userId}`,
        userId,
        walletType: 'SUBSCRIPTION',
        amount: total,
        reason: 'subscription',
      });
      const values = {
        offeringId: offering.id,
        userId,
        identityKey,
        idempotencyKey: input.idempotencyKey,
        lots,
        amount: amount.toFixed(2),
        fee: fee.toFixed(2),
        holdId,
      };
      const inserted = await tx.insert(productApplications).values(values).onConflictDoNothing().returning();
      if (!inserted[0]) throw new AppError('SUBSCRIPTION_EXISTS');
      return inserted[0];
    });
    const [view] = await reads.subscriptionsOf([row]);
    if (!view) throw new Error('application vanished');
    return view;
  };
}

/** The scheduled decisions: the allotment when its time has come, then the listing. */
function createJobs(dependencies: ProductsDependencies) {
  const { now } = dependencies;
  const allotmentJob: JobDefinition = {
    name: 'products-allotment',
    intervalMs: 60_000,
    async run(executor: Executor) {
      for (const offering of await repository.offeringsDue(executor, 'published', now())) {
        await allotOffering(dependencies, executor, offering.id);
        dependencies.logger.info({ offeringId: offering.id, code: offering.code }, 'products: allotment ran');
      }
    },
  };
  const listingJob: JobDefinition = {
    name: 'products-listing',
    intervalMs: 60_000,
    async run(executor: Executor) {
      for (const offering of await repository.offeringsDue(executor, 'allotted', now()))
        await listOffering(dependencies, executor, offering);
    },
  };
  return { allotmentJob, listingJob, rightsJob: createRightsJob(dependencies) };
}

/** The subscription kernel's user side (issue 18 §1–2) and its scheduled decisions. */
export function createProductsService(dependencies: ProductsDependencies) {
  const { db, ledger, now } = dependencies;
  const reads = createReads(db, now);
  const { offeringViews, visibleOffering, subscriptionsOf } = reads;

  async function fullNum(principal: Principal, offeringId: number) {
    const offering = await visibleOffering(offeringId);
    const wallet = await ledger.wallet(db, userIdOf(principal), 'SUBSCRIPTION');
    const lotCost = repository.lotCostOf(offering);
    const affordable = Decimal.floor(new Decimal(wallet.availableBalance).div(lotCost)).toNumber();
    let lots = Math.min(affordable, Math.floor(offering.maxQuantity / offering.lotSize));
    // A fee rounded per application can make n lots cost a cent more than n × one lot: step down until it fits.
    while (lots > 0 && costOf(offering.price, lots * offering.lotSize, offering.feeRate).total.greaterThan(wallet.availableBalance))
      lots -= 1;
    const quantity = lots * offering.lotSize;
    return {
      maxQuantity: quantity >= offering.minQuantity ? quantity : 0,
      available: wallet.availableBalance,
      lotCost: lotCost.toFixed(2),
    };
  }

  async function result(offeringId: number) {
    const offering = await visibleOffering(offeringId);
    const [view] = await offeringViews([offering]);
    if (!view) throw new AppError('OFFERING_NOT_FOUND');
    const isDrawn = offering.status === 'allotted' || offering.status === 'listed';
    const rows = isDrawn ? await repository.applicationsOf(db, offeringId) : [];
    const lines = rows.map((row) => ({ applicationNo: String(row.id), appliedLots: row.lots, allottedLots: row.allottedLots ?? 0 }));
    return { offering: view, lines };
  }

  async function saleTime(offeringId: number) {
    const [view] = await offeringViews([await visibleOffering(offeringId, 'placing')]);
    if (!view) throw new AppError('OFFERING_NOT_FOUND');
    const { phase, openTimestamp, purchaseEndDate, marketDate } = view;
    return { offeringId: view.id, phase, openTimestamp, purchaseEndDate, marketDate, serverTime: now().getTime() };
  }

  return {
    /** Published offerings of one kind, optionally of one phase (upcoming, open, closed). */
    async list(type: OfferingPhase | undefined, kind: Kind = 'ipo') {
      const views = await offeringViews(await repository.visibleOfferings(db, kind));
      return type ? views.filter((view) => view.phase === type) : views;
    },
    saleTime,
    placedHolding: (principal: Principal, code: string) => dependencies.placedHolding(userIdOf(principal), code),
    async detail(id: number) {
      const [view] = await offeringViews([await visibleOffering(id)]);
      if (!view) throw new AppError('OFFERING_NOT_FOUND');
      return view;
    },
    result,
    apply: createApply(dependencies, reads),
    fullNum,
    rights: (principal: Principal) => rightsOfUser(db, userIdOf(principal), reads),
    async subscriptions(principal: Principal, kind: Kind = 'ipo') {
      return subscriptionsOf((await repository.applicationsOfUser(db, userIdOf(principal), kind, 100, 0)).rows);
    },
    async subscriptionPage(principal: Principal, page: { pageNum: number; pageSize: number }) {
      const { rows, total } = await repository.applicationsOfUser(
        db,
        userIdOf(principal),
        'ipo',
        page.pageSize,
        (page.pageNum - 1) * page.pageSize,
      );
      return { list: await subscriptionsOf(rows), ...pageInfo(total, page.pageNum, page.pageSize) };
    },
    offeringViews,
    /** What the decisions run with (the demo seeding lists through them too). */
    decisions: dependencies as DecisionDependencies,
    /** Runs the allotment now, in the caller's transaction (the operator's audited path). */
    allotNow: (tx: Executor, offeringId: number) => allotOffering(dependencies, tx, offeringId),
    /** At start: every listed offering's stock back in this process's catalog (it lives in memory). */
    async relistListed() {
      for (const row of await repository.visibleOfferings(db, 'ipo'))
        if (row.status === 'listed') await dependencies.listStock(listingOf(row));
    },
    ...createJobs(dependencies),
  };
}
