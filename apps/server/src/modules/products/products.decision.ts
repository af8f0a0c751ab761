import type { MessageTemplate } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import type { AccountRef, HoldResolution, LedgerService } from '../ledger/index.ts';
import type { NewListing } from '../market/index.ts';
import type { AllottedShares } from '../trading/index.ts';
import { allot, costOf, settlementOf } from './products.allotment.ts';
import * as repository from './products.repository.ts';
import { lapseRights } from './products.rights.ts';
import { productApplications, productOfferings } from './products.tables.ts';

export type DecisionDependencies = {
  db: Database;
  ledger: LedgerService;
  listStock(listing: NewListing): Promise<void>;
  openAllottedPosition(tx: Executor, input: AllottedShares): Promise<number>;
  /** The user's inbox (messages module): written in the allotment's transaction. */
  notify(executor: Executor, userId: number, template: MessageTemplate, values: Record<string, string>): Promise<unknown>;
  notifyMany(
    executor: Executor,
    notices: ReadonlyArray<{ userId: number; template: MessageTemplate; values: Record<string, string> }>,
  ): Promise<unknown>;
  now: () => Date;
  logger: { error(object: object, message: string): void; info(object: object, message: string): void };
};

/** One application's allotment: its hold's resolution (allotted amount to the house, its fee to fees, the rest back), its row's figures and the user's message. */
function resolutionOf(offering: repository.OfferingRow, application: repository.ApplicationRow, lots: number) {
  const owner = { userId: application.userId, walletType: 'SUBSCRIPTION' as const };
  const held = new Decimal(application.amount).plus(application.fee);
  const { amount, fee, refund } = settlementOf({
    price: offering.price,
    lotSize: offering.lotSize,
    feeRate: offering.feeRate,
    held,
    allottedLots: lots,
  });
  const counter: Array<{ account: AccountRef; amount: Decimal }> = [
    { account: { system: 'HOUSE', currency: 'USD', spreadKey: application.userId }, amount },
    { account: { system: 'FEES', currency: 'USD', spreadKey: application.userId }, amount: fee },
    { account: owner, amount: refund },
  ];
  const resolution: HoldResolution = {
    holdId: application.holdId,
    idempotencyKey: `subscription:${application.id}:allotment`,
    reason: 'subscription',
    memo: `subscription ${application.id} ${offering.code} ${lots} lots`,
    counter: lots === 0 ? null : counter,
    owner,
  };
  const paid = amount.plus(fee).toFixed(2);
  const notice = {
    userId: application.userId,
    template: (lots === 0 ? 'subscriptionNotAllotted' : 'subscriptionAllotted') as MessageTemplate,
    values: { code: offering.code, quantity: String(lots * offering.lotSize), paid, refunded: refund.toFixed(2) },
  };
  return { resolution, row: { id: application.id, lots, paid, refunded: refund.toFixed(2) }, notice };
}

/** Messages per INSERT: set-based, under PostgreSQL's 65,535 parameters a statement. */
const STATEMENT_ROWS = 10_000;

/** A PostgreSQL array literal of numbers or decimal text, sent as one parameter. */
const arrayOf = (values: ReadonlyArray<number | string>) => `{${values.join(',')}}`;

/** Every application's row takes its allotment in one UPDATE (not one per application). */
async function markAllotted(tx: Executor, rows: ReadonlyArray<{ id: number; lots: number; paid: string; refunded: string }>, at: Date) {
  await tx.execute(sql`
    UPDATE product_applications a
    SET status = CASE WHEN t.lots = 0 THEN 'not_allotted' ELSE 'allotted' END, allotted_lots = t.lots,
        paid = t.paid, refunded = t.refunded, allotted_at = ${at.toISOString()}
    FROM unnest(${arrayOf(rows.map((row) => row.id))}::bigint[], ${arrayOf(rows.map((row) => row.lots))}::integer[],
                ${arrayOf(rows.map((row) => row.paid))}::numeric[], ${arrayOf(rows.map((row) => row.refunded))}::numeric[])
      AS t(id, lots, paid, refunded)
    WHERE a.id = t.id AND a.status = 'held'`);
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
  // Set-based (issue 18 §6): every hold in one ledger call, every row in one UPDATE, every message in one INSERT (per chunk).
  const allotments = applications.map((application, index) => resolutionOf(offering, application, outcome.allotted[index] ?? 0));
  await dependencies.ledger.resolveHolds(
    tx,
    allotments.map((each) => each.resolution),
  );
  await markAllotted(
    tx,
    allotments.map((each) => each.row),
    dependencies.now(),
  );
  for (let start = 0; start < allotments.length; start += STATEMENT_ROWS)
    await dependencies.notifyMany(
      tx,
      allotments.slice(start, start + STATEMENT_ROWS).map((each) => each.notice),
    );
  if (offering.kind === 'rights') await lapseRights(dependencies, tx, offering);
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
 * Settlement on the listing date: an IPO's stock joins the catalog (quoted by the feed from now on; the
 * stock of a placing or a rights issue is listed already) and each allotment becomes a position, placed shares locked until
 * their market date, each in its own savepoint: one refusal (a user whose trading is frozen) leaves the
 * offering allotted, retried at the next run, and the others settled.
 */
export async function listOffering(dependencies: DecisionDependencies, executor: Executor, offering: repository.OfferingRow) {
  if (offering.kind === 'ipo') await dependencies.listStock(listingOf(offering));
  const applications = await repository.applicationsOf(executor, offering.id);
  for (const application of applications) {
    const allottedLots = application.allottedLots ?? 0;
    if (application.status !== 'allotted' || allottedLots === 0) continue;
    try {
      await executor.transaction(async (tx) => {
        const quantity = allottedLots * offering.lotSize;
        const price = new Decimal(offering.price);
        const { amount, fee } = costOf(price, quantity, offering.feeRate);
        const positionId = await dependencies.openAllottedPosition(tx, {
          userId: application.userId,
          code: offering.code,
          quantity,
          price: price.toFixed(Math.max(2, price.decimalPlaces())),
          amount: amount.toFixed(2),
          fee: fee.toFixed(2),
          idempotencyKey: `subscription:${application.id}`,
          lockedUntil: offering.marketDate,
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
