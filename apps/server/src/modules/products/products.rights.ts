import type { MessageTemplate, RightsEntitlement, RightsState } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, desc, eq, isNull, lte } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import type * as repository from './products.repository.ts';
import { productApplications, productOfferings, productRights } from './products.tables.ts';

/**
 * Rights issues (issue 18 §4) on the kernel: on the record date every holder of the stock is credited
 * ⌊held × ratio⌋ rights (one new share each); a holder exercises all or part of them through one
 * application (`apply` with kind 'rights', its money held); the allotment gives every exercise in full
 * (supply is the rights credited) and lapses what was not exercised; the listing date delivers the shares.
 */
export type RightsDependencies = {
  /** The user's inbox (messages module), written in the caller's transaction. */
  notify(executor: Executor, userId: number, template: MessageTemplate, values: Record<string, string>): Promise<unknown>;
  now: () => Date;
  /** Every user's long holding of a stock at an instant (trading's positions). */
  holdingsAt(executor: Executor, code: string, at: Date): Promise<Array<{ userId: number; quantity: string }>>;
};

type RightsRow = typeof productRights.$inferSelect;

const dateText = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ');

/** Credits every holder on the record date, in the caller's transaction; supply becomes the rights credited. */
export async function creditRights(dependencies: RightsDependencies, tx: Executor, offering: repository.OfferingRow) {
  if (!offering.recordDate || !offering.rightsRatio) throw new Error(`rights issue ${offering.id} without ratio or record date`);
  const holdings = await dependencies.holdingsAt(tx, offering.code, offering.recordDate);
  let total = 0;
  for (const holding of holdings) {
    const rights = new Decimal(holding.quantity).times(offering.rightsRatio).floor().toNumber();
    if (rights <= 0) continue;
    const inserted = await tx
      .insert(productRights)
      .values({ offeringId: offering.id, userId: holding.userId, heldQuantity: holding.quantity, rights })
      .onConflictDoNothing()
      .returning({ id: productRights.id });
    total += rights;
    if (!inserted[0]) continue;
    await dependencies.notify(tx, holding.userId, 'rightsCredited', {
      code: offering.code,
      held: holding.quantity,
      rights: String(rights),
      price: new Decimal(offering.price).toFixed(2),
      until: dateText(offering.closesAt),
    });
  }
  await tx
    .update(productOfferings)
    .set({ sharesOffered: Math.max(total, 1), maxQuantity: Math.max(total, 1), entitledAt: dependencies.now() })
    .where(eq(productOfferings.id, offering.id));
}

/** At the allotment: what was not exercised lapses (whole rights without an application, or the rest of a partial one). */
export async function lapseRights(dependencies: Omit<RightsDependencies, 'holdingsAt'>, tx: Executor, offering: repository.OfferingRow) {
  const rows = await tx.select().from(productRights).where(eq(productRights.offeringId, offering.id));
  const applications = await tx.select().from(productApplications).where(eq(productApplications.offeringId, offering.id));
  const exercisedBy = new Map(applications.map((row) => [row.userId, row.lots * offering.lotSize]));
  for (const row of rows) {
    const left = row.rights - (exercisedBy.get(row.userId) ?? 0);
    if (left <= 0) continue;
    if (!exercisedBy.has(row.userId))
      await tx.update(productRights).set({ status: 'lapsed', lapsedAt: dependencies.now() }).where(eq(productRights.id, row.id));
    await dependencies.notify(tx, row.userId, 'rightsLapsed', { code: offering.code, rights: String(left) });
  }
}

/** Refuses an exercise without rights, or of more than were credited. */
export async function checkExercise(executor: Executor, offeringId: number, userId: number, quantity: number) {
  const [row] = await executor
    .select()
    .from(productRights)
    .where(and(eq(productRights.offeringId, offeringId), eq(productRights.userId, userId)));
  if (!row) throw new AppError('RIGHTS_NONE');
  if (quantity > row.rights) throw new AppError('RIGHTS_EXCEEDED', { num: row.rights });
}

/** The scheduled credit: every published rights issue whose record date has come and whose rights are not credited yet. */
export function createRightsJob(dependencies: RightsDependencies): JobDefinition {
  return {
    name: 'products-rights',
    intervalMs: 60_000,
    async run(executor: Executor) {
      const due = await executor
        .select()
        .from(productOfferings)
        .where(
          and(
            eq(productOfferings.kind, 'rights'),
            eq(productOfferings.status, 'published'),
            isNull(productOfferings.entitledAt),
            lte(productOfferings.recordDate, dependencies.now()),
          ),
        );
      for (const offering of due) await creditRights(dependencies, executor, offering);
    },
  };
}

function stateOf(row: RightsRow, subscription: RightsEntitlement['subscription']): RightsState {
  if (row.status === 'lapsed') return 'lapsed';
  if (subscription?.state === 'listed') return 'listed';
  return subscription ? 'exercised' : 'credited';
}

/** A user's rights, newest first, each with its offering and the exercise's subscription when there is one. */
export async function rightsOfUser(
  db: Database,
  userId: number,
  views: {
    offeringViews(rows: repository.OfferingRow[]): Promise<RightsEntitlement['offering'][]>;
    subscriptionsOf(rows: repository.ApplicationRow[]): Promise<NonNullable<RightsEntitlement['subscription']>[]>;
  },
): Promise<RightsEntitlement[]> {
  const rows = await db
    .select({ rights: productRights, offering: productOfferings })
    .from(productRights)
    .innerJoin(productOfferings, eq(productOfferings.id, productRights.offeringId))
    .where(eq(productRights.userId, userId))
    .orderBy(desc(productRights.id))
    .limit(100);
  const applications = await db.select().from(productApplications).where(eq(productApplications.userId, userId));
  const offeringViews = await views.offeringViews(rows.map((row) => row.offering));
  const subscriptions = await views.subscriptionsOf(applications.filter((row) => rows.some((each) => each.offering.id === row.offeringId)));
  return rows.flatMap(({ rights }, index) => {
    const offering = offeringViews[index];
    if (!offering) return [];
    const subscription = subscriptions.find((each) => each.offering.id === offering.id) ?? null;
    return [
      {
        id: String(rights.id),
        offering,
        state: stateOf(rights, subscription),
        heldQuantity: new Decimal(rights.heldQuantity).toString(),
        rights: rights.rights,
        exercisedQuantity: subscription?.quantity ?? null,
        subscription,
        createdTimestamp: rights.createdAt.getTime(),
      },
    ];
  });
}
