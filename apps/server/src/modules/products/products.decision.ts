import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import type { AccountRef, LedgerService } from '../ledger/index.ts';
import type { NewListing } from '../market/index.ts';
import type { AllottedShares } from '../trading/index.ts';
import { allot, costOf, settlementOf } from './products.allotment.ts';
import * as repository from './products.repository.ts';
import { productApplications, productOfferings } from './products.tables.ts';

export type DecisionDependencies = {
  db: Database;
  ledger: LedgerService;
  listStock(listing: NewListing): Promise<void>;
  openAllottedPosition(tx: Executor, input: AllottedShares): Promise<number>;
  now: () => Date;
  logger: { error(object: object, message: string): void; info(object: object, message: string): void };
};

/** Resolves one application's hold: the allotted amount to the house, its fee to fees, the rest back, in one journal. */
async function resolveApplication(
  ledger: LedgerService,
  tx: Executor,
  offering: repository.OfferingRow,
  application: repository.ApplicationRow,
  lots: number,
) {
  const owner = { userId: application.userId, walletType: 'SUBSCRIPTION' as const };
  const held = new Decimal(application.amount).plus(application.fee);
  const { amount, fee, refund } = settlementOf({
    price: offering.price,
    lotSize: offering.lotSize,
    feeRate: offering.feeRate,
    held,
    allottedLots: lots,
  });
  const key = `subscription:${application.id}:allotment`;
  if (lots === 0) {
    await ledger.voidHold(tx, { holdId: application.holdId, idempotencyKey: key, reason: 'subscription', owner });
  } else {
    const legs: Array<{ account: AccountRef; amount: Decimal }> = [
      { account: { system: 'HOUSE', currency: 'USD', spreadKey: application.userId }, amount },
      { account: { system: 'FEES', currency: 'USD', spreadKey: application.userId }, amount: fee },
      { account: owner, amount: refund },
    ];
    await ledger.postHold(tx, {
      holdId: application.holdId,
      idempotencyKey: key,
      reason: 'subscription',
      memo: `subscription ${application.id} ${offering.code} ${lots} lots`,
      counter: legs.filter((leg) => !leg.amount.isZero()),
      owner,
    });
  }
  await tx
    .update(productApplications)
    .set({
      status: lots === 0 ? 'not_allotted' : 'allotted',
      allottedLots: lots,
      paid: amount.plus(fee).toFixed(2),
      refunded: refund.toFixed(2),
      allottedAt: new Date(),
    })
    .where(and(eq(productApplications.id, application.id), eq(productApplications.status, 'held')));
}

/**
 * The decision (issue 18 §1): in the caller's transaction, the offering's rule runs over every
 * application with the committed seed; each hold is posted for the allotted part and the rest returned
 * (or voided whole), and the seed is revealed with the counts anyone needs to check the draw.
 */
export async function allotOffering(dependencies: DecisionDependencies, tx: Executor, offeringId: number) {
  const offering = await repository.offeringById(tx, offeringId, { forUpdate: true });
  if (!offering) throw new AppError('OFFERING_NOT_FOUND');
  if (offering.status !== 'published' || dependencies.now() < offering.closesAt || !offering.seed)
    throw new AppError('OFFERING_NOT_ALLOTTABLE');
  const applications = await repository.applicationsOf(tx, offeringId, { forUpdate: true });
  const totalLots = Math.floor(offering.sharesOffered / offering.lotSize);
  const outcome = allot(
    offering.allocationRule,
    totalLots,
    applications.map((row) => ({ applicationNo: row.id, lots: row.lots })),
    offering.seed,
  );
  for (const [index, application] of applications.entries()) {
    await resolveApplication(dependencies.ledger, tx, offering, application, outcome.allotted[index] ?? 0);
  }
  const [updated] = await tx
    .update(productOfferings)
    .set({
      status: 'allotted',
      demandLots: outcome.demandLots,
      applicationCount: applications.length,
      winnerCount: outcome.allotted.filter((lots) => lots > 0).length,
      allottedAt: dependencies.now(),
    })
    .where(eq(productOfferings.id, offeringId))
    .returning();
  if (!updated) throw new Error('offering vanished');
  return updated;
}

export function listingOf(offering: repository.OfferingRow): NewListing {
  return {
    code: offering.code,
    name: offering.name,
    market: offering.exchangeCode,
    price: Number(offering.price),
    shares: offering.sharesOffered,
    listedOn: offering.listsAt.toISOString().slice(0, 10),
    listedAtMs: offering.listsAt.getTime(),
  };
}

/**
 * Settlement on the listing date: the stock joins the catalog (quoted by the feed from now on) and each
 * allotment becomes a position, each in its own savepoint: one refusal (a user whose trading is frozen)
 * leaves the offering allotted, retried at the next run, and the others settled.
 */
export async function listOffering(dependencies: DecisionDependencies, executor: Executor, offering: repository.OfferingRow) {
  await dependencies.listStock(listingOf(offering));
  const applications = await repository.applicationsOf(executor, offering.id);
  for (const application of applications) {
    const allottedLots = application.allottedLots ?? 0;
    if (application.status !== 'allotted' || allottedLots === 0) continue;
    try {
      await executor.transaction(async (tx) => {
        const quantity = allottedLots * offering.lotSize;
        const positionId = await dependencies.openAllottedPosition(tx, {
          userId: application.userId,
          code: offering.code,
          quantity,
          price: new Decimal(offering.price).toString(),
          amount: costOf(offering.price, quantity, 0).amount.toFixed(2),
          idempotencyKey: `subscription:${application.id}`,
        });
        await tx.update(productApplications).set({ status: 'settled', positionId }).where(eq(productApplications.id, application.id));
      });
    } catch (error) {
      dependencies.logger.error(
        { err: error, applicationId: application.id },
        'products: settling an allotment failed; retried at the next run',
      );
      return;
    }
  }
  await executor
    .update(productOfferings)
    .set({ status: 'listed', listedAt: dependencies.now() })
    .where(and(eq(productOfferings.id, offering.id), eq(productOfferings.status, 'allotted')));
}
