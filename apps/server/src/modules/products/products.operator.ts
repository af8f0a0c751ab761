import type { Offering, OfferingInput, ReviewFilter } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/index.ts';
import { AppError, type OperatorPrincipal } from '../../platform/http/index.ts';
import { type AuditMeta, createAuditedDecision, requirePermission } from '../../platform/operators/index.ts';
import { createReview } from '../../platform/review/index.ts';
import { allot, settlementOf } from './products.allotment.ts';
import * as repository from './products.repository.ts';
import { drawSeed, type ProductsService } from './products.service.ts';
import { productOfferings } from './products.tables.ts';

/**
 * A placing sells at one fixed price and says from when its shares can be sold (on or after their delivery);
 * a rights issue sells at one fixed price, one share a right, to holders on a record date before the window.
 */
function isKindShaped(input: OfferingInput) {
  const isFixedPrice = new Decimal(input.price).eq(input.priceLow) && new Decimal(input.price).eq(input.priceHigh);
  if (input.kind === 'placing') return isFixedPrice && input.marketDate !== undefined && input.marketDate >= input.listDate;
  if (input.kind === 'rights')
    return (
      isFixedPrice &&
      input.lotSize === 1 &&
      input.rightsRatio !== undefined &&
      new Decimal(input.rightsRatio).gt(0) &&
      input.recordDate !== undefined &&
      input.recordDate <= input.openTimestamp
    );
  return true;
}

/** Fields that must agree with each other; the schema has checked each alone. */
function checkShape(input: OfferingInput) {
  const price = new Decimal(input.price);
  const isPriceInRange = new Decimal(input.priceLow).lte(price) && price.lte(input.priceHigh);
  const isWholeLots = [input.minQuantity, input.maxQuantity, input.sharesOffered].every((value) => value % input.lotSize === 0);
  const isOrdered =
    input.openTimestamp < input.purchaseEndDate && input.purchaseEndDate <= input.allotTimestamp && input.allotTimestamp <= input.listDate;
  if (!isPriceInRange || !isWholeLots || !isOrdered || !isKindShaped(input) || input.maxQuantity < input.minQuantity)
    throw new AppError('OFFERING_INVALID');
}

function valuesOf(input: OfferingInput, operatorId: number) {
  return {
    kind: input.kind,
    code: input.code,
    name: input.name,
    exchangeCode: input.exchangeCode,
    prospectusDate: input.prospectusDate,
    prospectusUrl: input.prospectusUrl ?? '',
    fundRaising: input.fundRaising,
    priceLow: input.priceLow,
    priceHigh: input.priceHigh,
    price: input.price,
    lotSize: input.lotSize,
    minQuantity: input.minQuantity,
    maxQuantity: input.maxQuantity,
    sharesOffered: input.sharesOffered,
    feeRate: input.feeRate,
    allocationRule: input.allocationRule,
    opensAt: new Date(input.openTimestamp),
    closesAt: new Date(input.purchaseEndDate),
    allotsAt: new Date(input.allotTimestamp),
    listsAt: new Date(input.listDate),
    marketDate: input.kind === 'placing' && input.marketDate !== undefined ? new Date(input.marketDate) : null,
    reason: input.reason ?? '',
    rightsRatio: input.kind === 'rights' ? (input.rightsRatio ?? null) : null,
    recordDate: input.kind === 'rights' && input.recordDate !== undefined ? new Date(input.recordDate) : null,
    // Whoever wrote it last must not publish it.
    createdByOperatorId: operatorId,
  };
}

/** The pending offering, locked; refused once decided, or to the operator who wrote it (four eyes). */
async function lockPending(tx: Executor, id: number, operatorId: number) {
  const row = await repository.offeringById(tx, id, { forUpdate: true });
  if (!row) throw new AppError('OFFERING_NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('OFFERING_NOT_PENDING');
  if (row.createdByOperatorId === operatorId) throw new AppError('OFFERING_OWN_REQUEST');
  return row;
}

type ViewOf = (row: repository.OfferingRow, executor?: Executor) => Promise<Offering>;

/** Publishing under four eyes (ADR 0015): a second operator publishes, and the ballot's seed is drawn and committed then. */
function createPublishReview(
  db: Database,
  products: ProductsService,
  { now, lastCloseOf }: Pick<OperatorDependencies, 'now' | 'lastCloseOf'>,
  viewOf: ViewOf,
) {
  return createReview(db, {
    permission: 'offerings.publish',
    queuePermission: 'offerings.edit',
    targetType: 'offering',
    actions: { approve: 'offering.publish', reject: 'offering.reject' },
    async queue(filter: ReviewFilter) {
      const where = filter.status === 'pending' ? eq(productOfferings.status, 'pending') : undefined;
      const rows = await db.select().from(productOfferings).where(where).orderBy(desc(productOfferings.id)).limit(filter.pageSize);
      const list = await products.offeringViews(rows, true);
      return { list, total: list.length, pageNum: 1, pageSize: filter.pageSize, hasMore: false };
    },
    async approve(tx, operatorId, id) {
      const row = await lockPending(tx, id, operatorId);
      // The rule and the seed's hash are public before anyone can apply.
      if (now() >= row.opensAt) throw new AppError('OFFERING_INVALID');
      const [published] = await tx
        .update(productOfferings)
        // A placing's announcement: the stock's last close is kept, and its discount shown against it.
        .set({
          status: 'published',
          publishedByOperatorId: operatorId,
          referenceClose: row.kind === 'placing' ? (lastCloseOf(row.code) ?? null) : null,
          ...drawSeed(),
        })
        .where(eq(productOfferings.id, id))
        .returning();
      if (!published) throw new Error('offering vanished');
      return viewOf(published, tx);
    },
    async reject(tx, operatorId, id, reason) {
      await lockPending(tx, id, operatorId);
      const [rejected] = await tx
        .update(productOfferings)
        .set({ status: 'rejected', rejectionReason: reason })
        .where(eq(productOfferings.id, id))
        .returning();
      if (!rejected) throw new Error('offering vanished');
      return viewOf(rejected, tx);
    },
    before: (tx, id) => repository.offeringById(tx, id),
  });
}

/** The allotment as it will run, in totals only (the draw's seed stays secret until it has run). */
function createPreview(db: Database, viewOf: ViewOf) {
  return async function preview(operator: OperatorPrincipal, id: number) {
    requirePermission(operator, 'offerings.edit');
    const row = await repository.offeringById(db, id);
    if (!row) throw new AppError('OFFERING_NOT_FOUND');
    const applications = await repository.applicationsOf(db, id);
    const totalLots = Math.floor(row.sharesOffered / row.lotSize);
    // With the committed seed: the same numbers the draw will give, shown only as totals.
    const outcome = allot(
      row.allocationRule,
      totalLots,
      applications.map((a) => ({ applicationNo: a.id, lots: a.lots })),
      row.seed ?? '',
    );
    let posted = new Decimal(0);
    let returned = new Decimal(0);
    for (const [index, application] of applications.entries()) {
      const held = new Decimal(application.amount).plus(application.fee);
      const money = settlementOf({
        price: row.price,
        lotSize: row.lotSize,
        feeRate: row.feeRate,
        held,
        allottedLots: outcome.allotted[index] ?? 0,
      });
      posted = posted.plus(money.amount).plus(money.fee);
      returned = returned.plus(money.refund);
    }
    const winners = outcome.allotted.filter((lots) => lots > 0).length;
    return {
      offering: await viewOf(row),
      totalLots,
      demandLots: outcome.demandLots,
      allottedLots: outcome.allotted.reduce((sum, lots) => sum + lots, 0),
      winners,
      oversubscription: new Decimal(outcome.demandLots).div(totalLots).toFixed(2),
      oneLotSuccessRate: applications.length === 0 ? '0' : new Decimal(winners).div(applications.length).toFixed(4),
      posted: posted.toFixed(2),
      returned: returned.toFixed(2),
      isFinal: row.status === 'allotted' || row.status === 'listed',
    };
  };
}

/** The live subscription book: every application (the first 500) and what is held. */
function createBook(db: Database, viewOf: ViewOf) {
  return async function book(operator: OperatorPrincipal, id: number) {
    requirePermission(operator, 'offerings.edit');
    const row = await repository.offeringById(db, id);
    if (!row) throw new AppError('OFFERING_NOT_FOUND');
    const applications = await repository.applicationsOf(db, id);
    const held = applications.reduce((sum, a) => (a.status === 'held' ? sum.plus(a.amount).plus(a.fee) : sum), new Decimal(0));
    return {
      offering: await viewOf(row),
      totalLots: Math.floor(row.sharesOffered / row.lotSize),
      heldAmount: held.toFixed(2),
      applications: applications.slice(0, 500).map((a) => ({
        applicationNo: String(a.id),
        userId: String(a.userId),
        lots: a.lots,
        held: new Decimal(a.amount).plus(a.fee).toFixed(2),
        allottedLots: a.allottedLots,
        createdTimestamp: a.createdAt.getTime(),
      })),
    };
  };
}

export type OfferingsOperator = ReturnType<typeof createOfferingsOperator>;

/** The console's offerings (issue 18 §5): create and edit, publish under four eyes, the live book, the allotment preview and run. */
type OperatorDependencies = {
  db: Database;
  products: ProductsService;
  isCodeListed(code: string): boolean;
  /** The stock's last close as the feed has it now (a placing's reference price at its announcement). */
  lastCloseOf(code: string): string | undefined;
  now: () => Date;
};

export function createOfferingsOperator(dependencies: OperatorDependencies) {
  const { db, products } = dependencies;
  const audited = createAuditedDecision(db);
  const viewOf = async (row: repository.OfferingRow, executor: Executor = db) => {
    const [view] = await products.offeringViews([row], true, executor);
    if (!view) throw new AppError('OFFERING_NOT_FOUND');
    return view;
  };
  /** An IPO needs a code nobody uses yet; a placing or a rights issue, a stock already listed. */
  async function checkCode(tx: Executor, input: OfferingInput, exceptId?: number) {
    if (input.kind !== 'ipo') {
      if (!dependencies.isCodeListed(input.code)) throw new AppError('PLACING_STOCK_NOT_LISTED');
      return;
    }
    const same = await tx
      .select({ id: productOfferings.id })
      .from(productOfferings)
      .where(and(eq(productOfferings.code, input.code), ne(productOfferings.status, 'rejected'), eq(productOfferings.kind, 'ipo')));
    if (dependencies.isCodeListed(input.code) || same.some((row) => row.id !== exceptId)) throw new AppError('OFFERING_CODE_TAKEN');
  }

  const review = createPublishReview(db, products, dependencies, viewOf);
  const preview = createPreview(db, viewOf);

  return {
    review,
    async list(operator: OperatorPrincipal) {
      requirePermission(operator, 'offerings.edit');
      return products.offeringViews(await repository.allOfferings(db), true);
    },
    async create(operator: OperatorPrincipal, meta: AuditMeta, input: OfferingInput) {
      requirePermission(operator, 'offerings.edit');
      checkShape(input);
      return audited(
        operator,
        meta,
        'offering.create',
        { type: 'offering', id: 0 },
        async (tx) => {
          await checkCode(tx, input);
          const [row] = await tx.insert(productOfferings).values(valuesOf(input, operator.operatorId)).returning();
          if (!row) throw new Error('offering insert returned nothing');
          return viewOf(row, tx);
        },
        async () => undefined,
      );
    },
    async update(operator: OperatorPrincipal, meta: AuditMeta, id: number, input: OfferingInput) {
      requirePermission(operator, 'offerings.edit');
      checkShape(input);
      return audited(
        operator,
        meta,
        'offering.update',
        { type: 'offering', id },
        async (tx) => {
          const row = await repository.offeringById(tx, id, { forUpdate: true });
          if (!row) throw new AppError('OFFERING_NOT_FOUND');
          if (row.status !== 'pending') throw new AppError('OFFERING_NOT_PENDING');
          await checkCode(tx, input, id);
          const [updated] = await tx
            .update(productOfferings)
            .set(valuesOf(input, operator.operatorId))
            .where(eq(productOfferings.id, id))
            .returning();
          if (!updated) throw new Error('offering vanished');
          return viewOf(updated, tx);
        },
        (tx) => repository.offeringById(tx, id),
      );
    },
    book: createBook(db, viewOf),
    preview,
    async allot(operator: OperatorPrincipal, meta: AuditMeta, id: number) {
      requirePermission(operator, 'offerings.publish');
      return audited(
        operator,
        meta,
        'offering.allot',
        { type: 'offering', id },
        async (tx) => viewOf(await products.allotNow(tx, id), tx),
        (tx) => repository.offeringById(tx, id),
      );
    },
  };
}
