import type { RobotPurchase } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { type Executor, inSavepoint, inTransaction } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import {
  DAY,
  money,
  type PriceRow,
  PURCHASE_WALLET,
  type PurchaseRow,
  type RobotsDependencies,
  salesAccount,
  type TemplateRow,
} from './robots.context.ts';
import { robotEnergy, type robotEnergyPacks, robotLicences, robotPurchases, robotTemplates } from './robots.tables.ts';
import { purchaseView, templateNames } from './robots.views.ts';

/** Licences and energy, and paying for them. */

/** When the user's licences of a template end: null for a bought one (never), else the latest rental's end (undefined: none). */
export async function licenceEndOf(executor: Executor, userId: number, templateId: number): Promise<Date | null | undefined> {
  const rows = await executor
    .select()
    .from(robotLicences)
    .where(and(eq(robotLicences.userId, userId), eq(robotLicences.templateId, templateId)));
  if (rows.length === 0) return undefined;
  if (rows.some((row) => row.expiresAt === null)) return null;
  return new Date(Math.max(...rows.map((row) => row.expiresAt?.getTime() ?? 0)));
}

export async function validLicence(executor: Executor, userId: number, templateId: number, now: Date) {
  const [row] = await executor
    .select()
    .from(robotLicences)
    .where(
      and(
        eq(robotLicences.userId, userId),
        eq(robotLicences.templateId, templateId),
        or(isNull(robotLicences.expiresAt), gt(robotLicences.expiresAt, now)),
      ),
    )
    .orderBy(sql`${robotLicences.expiresAt} DESC NULLS FIRST`)
    .limit(1);
  return row;
}

export async function energyUnits(executor: Executor, userId: number) {
  const [row] = await executor.select().from(robotEnergy).where(eq(robotEnergy.userId, userId));
  return row?.units ?? 0;
}

export async function creditEnergy(executor: Executor, userId: number, units: number) {
  if (units <= 0) return;
  await executor
    .insert(robotEnergy)
    .values({ userId, units })
    .onConflictDoUpdate({ target: robotEnergy.userId, set: { units: sql`${robotEnergy.units} + ${units}` } });
}

/** Takes one unit of the user's energy; false when none is left. */
export async function takeEnergy(executor: Executor, userId: number): Promise<boolean> {
  const taken = await executor
    .update(robotEnergy)
    .set({ units: sql`${robotEnergy.units} - 1` })
    .where(and(eq(robotEnergy.userId, userId), gt(robotEnergy.units, 0)))
    .returning({ units: robotEnergy.units });
  return taken.length > 0;
}

// ---- Purchases ----

export type BuyTarget =
  | { kind: 'purchase' | 'rental'; price: PriceRow; template: TemplateRow }
  | { kind: 'energy'; pack: typeof robotEnergyPacks.$inferSelect };

async function replayPurchase(executor: Executor, userId: number, key: string) {
  const [row] = await executor
    .select()
    .from(robotPurchases)
    .where(and(eq(robotPurchases.userId, userId), eq(robotPurchases.idempotencyKey, key)));
  if (!row) return undefined;
  const names = await templateNames(executor, row.templateId === null ? [] : [row.templateId]);
  return { row, view: purchaseView(row, row.templateId === null ? null : (names.get(row.templateId) ?? null)) };
}

/** What the inbox says was bought, worded in the reader's language (messages.robotItem<Kind>); a template's name is a proper name. */
function itemOf(target: BuyTarget) {
  return {
    itemKind: { purchase: 'Purchase', rental: 'Rental', energy: 'Energy' }[target.kind],
    item: target.kind === 'energy' ? '' : target.template.name,
    days: target.kind === 'energy' ? '' : String(target.price.days ?? ''),
    units: String(target.kind === 'energy' ? target.pack.units : target.price.energyIncluded),
  };
}

/**
 * Pays a purchase, rental or energy pack from the BALANCE wallet to the robots' sales account under
 * the key `robot-buy:<user>:<key>`, records it with its licence or energy and tells the inbox "Purchase
 * successful". When the wallet cannot pay, the attempt is kept in the history as failed with its reason
 * and the inbox says "Failed purchase"; the answer is that refusal. Checks that fail before paying
 * (unknown offer, already owned, key reused) write nothing.
 */
export async function buy(dependencies: RobotsDependencies, principal: Principal, target: BuyTarget, key: string): Promise<RobotPurchase> {
  const { db, ledger, notify, now } = dependencies;
  const userId = Number(principal.userId);
  const expectKey = (earlier: { row: PurchaseRow; view: RobotPurchase }) => {
    const same =
      target.kind === 'energy'
        ? earlier.row.packId === target.pack.id
        : earlier.row.priceId === target.price.id && earlier.row.kind === target.kind;
    if (!same) throw new AppError('ROBOT_KEY_REUSED');
    if (earlier.row.status === 'failed') throw new AppError((earlier.row.failReason ?? 'INSUFFICIENT_FUNDS') as 'INSUFFICIENT_FUNDS');
    return earlier.view;
  };
  const earlier = await replayPurchase(db, userId, key);
  if (earlier) return expectKey(earlier);
  const price = target.kind === 'energy' ? target.pack.price : target.price.price;
  const item = itemOf(target);
  const base = {
    userId,
    idempotencyKey: key,
    kind: target.kind,
    templateId: target.kind === 'energy' ? null : target.template.id,
    priceId: target.kind === 'energy' ? null : target.price.id,
    packId: target.kind === 'energy' ? target.pack.id : null,
    days: target.kind === 'energy' ? null : target.price.days,
    energyUnits: target.kind === 'energy' ? target.pack.units : target.price.energyIncluded,
    price,
  };
  let failure: AppError | undefined;
  const result = await inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`robots:user:${userId}`}))`);
    const again = await replayPurchase(tx, userId, key);
    if (again) return expectKey(again);
    const at = now();
    let startsAt = at;
    let expiresAt: Date | null = null;
    if (target.kind !== 'energy') {
      const end = await licenceEndOf(tx, userId, target.template.id);
      if (end === null) throw new AppError('ROBOT_ALREADY_LICENSED');
      if (target.kind === 'rental') {
        // A rental of a template still rented starts where the current one ends.
        if (end && end.getTime() > at.getTime()) startsAt = end;
        expiresAt = new Date(startsAt.getTime() + (target.price.days ?? 0) * DAY);
      }
    }
    try {
      await inSavepoint(tx, (savepoint) =>
        ledger.post(savepoint, {
          idempotencyKey: `robot-buy:${userId}:${key}`,
          reason: 'robot_purchase',
          legs: [
            { account: { userId, walletType: PURCHASE_WALLET }, amount: new Decimal(price).negated(), requireFunds: true },
            { account: salesAccount, amount: price },
          ],
        }),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failure = error;
      const [failed] = await tx
        .insert(robotPurchases)
        .values({ ...base, status: 'failed', failReason: error.result, createdAt: at })
        .returning();
      await notify(tx, userId, 'robotPurchaseFailed', { ...item, reason: error.result, price: money(price), currency: 'USD' });
      return purchaseView(failed as PurchaseRow, target.kind === 'energy' ? null : target.template.name);
    }
    const [row] = await tx
      .insert(robotPurchases)
      .values({ ...base, status: 'successful', expiresAt, createdAt: at })
      .returning();
    if (!row) throw new Error('purchase not stored');
    if (target.kind !== 'energy')
      await tx
        .insert(robotLicences)
        .values({ userId, templateId: target.template.id, purchaseId: row.id, kind: target.kind, startsAt, expiresAt });
    await creditEnergy(tx, userId, base.energyUnits);
    await notify(tx, userId, 'robotPurchaseSuccessful', { ...item, price: money(price), currency: 'USD' });
    return purchaseView(row, target.kind === 'energy' ? null : target.template.name);
  });
  if (failure) throw failure;
  return result;
}

export async function enabledTemplate(executor: Executor, id: number) {
  const [row] = await executor.select().from(robotTemplates).where(eq(robotTemplates.id, id));
  if (!row?.isEnabled) throw new AppError('ROBOT_TEMPLATE_NOT_FOUND');
  return row;
}
