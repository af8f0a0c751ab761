import { type BlockApplyBody, type BlockPermission, type BlockPermissionState, type BlockRequirements, pageInfo } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { asc, count, desc, eq, min } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import type { Notifier } from '../../platform/notifications.ts';
import { blockApplications, blockPermissions, blockRequirements } from './blocktrade.tables.ts';

/** What operators have not yet changed: a verified identity, USD 50,000 of account value, 5 filled orders, 30 days before retrying. */
export const defaultRequirements: BlockRequirements = {
  identityVerified: true,
  minAccountValueUsd: '50000.00',
  minFilledOrders: 5,
  retryDays: 30,
};

/** The questionnaire's right answers: a block fills inside the band, is an ordinary position, and an expired quote is refused. */
const rightAnswers: BlockApplyBody['answers'] = { price: 'band', risk: 'ordinary', expiry: 'refused' };

export type PermissionDependencies = {
  db: Database;
  now: () => Date;
  notify: Notifier;
  isIdentityVerified: (userId: number) => Promise<boolean>;
  accountValueUsd: (userId: number) => Promise<string>;
  filledOrderCount: (userId: number) => Promise<number>;
  emailsByUserId: (userIds: number[]) => Promise<Map<number, string>>;
};

type ApplicationRow = typeof blockApplications.$inferSelect;
const DAY_MS = 86_400_000;

export async function requirementsOf(executor: Executor): Promise<BlockRequirements> {
  const [row] = await executor.select().from(blockRequirements).where(eq(blockRequirements.id, 1));
  if (!row) return defaultRequirements;
  const { identityVerified, minAccountValueUsd, minFilledOrders, retryDays } = row;
  return { identityVerified, minAccountValueUsd, minFilledOrders, retryDays };
}

export function applicationView(row: ApplicationRow, userEmail: string) {
  return {
    id: String(row.id),
    userId: String(row.userId),
    userEmail,
    status: row.status,
    accountValueUsd: row.accountValueUsd,
    filledOrders: row.filledOrders,
    identityVerified: row.identityVerified,
    reason: row.reason,
    appliedAtTimestamp: row.createdAt.getTime(),
    decidedAtTimestamp: row.decidedAt?.getTime() ?? null,
  };
}

async function standingOf(dependencies: PermissionDependencies, userId: number) {
  const [identityVerified, accountValueUsd, filledOrders] = await Promise.all([
    dependencies.isIdentityVerified(userId),
    dependencies.accountValueUsd(userId),
    dependencies.filledOrderCount(userId),
  ]);
  return { identityVerified, accountValueUsd, filledOrders };
}

function meets(requirements: BlockRequirements, standing: Awaited<ReturnType<typeof standingOf>>) {
  return (
    (!requirements.identityVerified || standing.identityVerified) &&
    new Decimal(standing.accountValueUsd).greaterThanOrEqualTo(requirements.minAccountValueUsd) &&
    standing.filledOrders >= requirements.minFilledOrders
  );
}

async function latestApplication(executor: Executor, userId: number) {
  const [row] = await executor
    .select()
    .from(blockApplications)
    .where(eq(blockApplications.userId, userId))
    .orderBy(desc(blockApplications.id))
    .limit(1);
  return row;
}

async function permissionRow(executor: Executor, userId: number) {
  const [row] = await executor.select().from(blockPermissions).where(eq(blockPermissions.userId, userId));
  return row;
}

/** The user's state: granted (active or suspended), under review, refused until its retry date, or whether they may apply. */
async function stateOf(dependencies: PermissionDependencies, userId: number): Promise<BlockPermission> {
  const { db, now } = dependencies;
  const [requirements, standing, application, permission] = await Promise.all([
    requirementsOf(db),
    standingOf(dependencies, userId),
    latestApplication(db, userId),
    permissionRow(db, userId),
  ]);
  const base = { requirements, standing, appliedAtTimestamp: application?.createdAt.getTime() ?? null };
  const answer = (state: BlockPermissionState, reason: string | null = null, retryAt: Date | null = null) => ({
    ...base,
    state,
    reason,
    retryAtTimestamp: retryAt?.getTime() ?? null,
  });
  if (permission) return answer(permission.status, permission.status === 'suspended' ? permission.reason : null);
  if (application?.status === 'pending') return answer('underReview');
  if (application?.status === 'rejected' && application.retryAt && application.retryAt > now())
    return answer('refused', application.reason, application.retryAt);
  return answer(meets(requirements, standing) ? 'mayApply' : 'notOpen');
}

/** Applies: refused (writing nothing) unless the state allows it, the requirements are met and every answer is right. */
async function apply(dependencies: PermissionDependencies, principal: Principal, body: BlockApplyBody): Promise<BlockPermission> {
  const { db, now } = dependencies;
  const userId = Number(principal.userId);
  const current = await stateOf(dependencies, userId);
  if (current.state === 'underReview' || current.state === 'active') throw new AppError('BLOCK_APPLICATION_PENDING');
  if (current.state === 'suspended') throw new AppError('BLOCK_NOT_PERMITTED');
  if (current.state === 'refused')
    throw new AppError('BLOCK_RETRY_TOO_SOON', { date: new Date(current.retryAtTimestamp ?? 0).toISOString().slice(0, 10) });
  if (current.state === 'notOpen') throw new AppError('BLOCK_REQUIREMENTS_NOT_MET');
  const answers = body.answers;
  if (answers.price !== rightAnswers.price || answers.risk !== rightAnswers.risk || answers.expiry !== rightAnswers.expiry)
    throw new AppError('BLOCK_QUESTIONNAIRE_FAILED');
  const { standing } = current;
  // One pending application per user (a unique index): a second sent at once is refused like the first's retry.
  const inserted = await db
    .insert(blockApplications)
    .values({ userId, ...standing, createdAt: now() })
    .onConflictDoNothing()
    .returning({ id: blockApplications.id });
  if (inserted.length === 0) throw new AppError('BLOCK_APPLICATION_PENDING');
  return stateOf(dependencies, userId);
}

async function pendingFor(executor: Executor, id: number) {
  const [row] = await executor.select().from(blockApplications).where(eq(blockApplications.id, id)).for('update');
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('REVIEW_NOT_PENDING');
  return row;
}

/** The decided application; its email is not looked up inside the decision's transaction (the embedded database has one connection). */
function decided(row: ApplicationRow) {
  return applicationView(row, '');
}

async function approve(dependencies: PermissionDependencies, executor: Executor, operatorId: number, id: number) {
  const { now, notify } = dependencies;
  const row = await pendingFor(executor, id);
  const at = now();
  const [done] = await executor
    .update(blockApplications)
    .set({ status: 'approved', decidedByOperatorId: operatorId, decidedAt: at })
    .where(eq(blockApplications.id, id))
    .returning();
  await executor
    .insert(blockPermissions)
    .values({ userId: row.userId, status: 'active', applicationId: id, updatedAt: at })
    .onConflictDoUpdate({ target: blockPermissions.userId, set: { status: 'active', reason: null, applicationId: id, updatedAt: at } });
  await notify(executor, row.userId, 'blockApproved', {});
  return decided(done ?? row);
}

async function reject(dependencies: PermissionDependencies, executor: Executor, operatorId: number, id: number, reason: string) {
  const { now, notify } = dependencies;
  await pendingFor(executor, id);
  const at = now();
  const { retryDays } = await requirementsOf(executor);
  const retryAt = new Date(at.getTime() + retryDays * DAY_MS);
  const [done] = await executor
    .update(blockApplications)
    .set({ status: 'rejected', reason, retryAt, decidedByOperatorId: operatorId, decidedAt: at })
    .where(eq(blockApplications.id, id))
    .returning();
  if (!done) throw new AppError('RECORD_NOT_FOUND');
  await notify(executor, done.userId, 'blockRejected', { reason, date: retryAt.toISOString().slice(0, 10) });
  return decided(done);
}

async function queue(dependencies: PermissionDependencies, filter: { status: 'pending' | 'all'; pageNum: number; pageSize: number }) {
  const { db } = dependencies;
  const where = filter.status === 'pending' ? eq(blockApplications.status, 'pending') : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(blockApplications)
      .where(where)
      .orderBy(filter.status === 'pending' ? asc(blockApplications.id) : desc(blockApplications.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ total: count() }).from(blockApplications).where(where),
  ]);
  const emails = await dependencies.emailsByUserId([...new Set(rows.map((row) => row.userId))]);
  return {
    list: rows.map((row) => applicationView(row, emails.get(row.userId) ?? '')),
    ...pageInfo(totals[0]?.total ?? 0, filter.pageNum, filter.pageSize),
  };
}

function permissionView(row: typeof blockPermissions.$inferSelect, userEmail: string) {
  return { userId: String(row.userId), userEmail, status: row.status, reason: row.reason, updatedAtTimestamp: row.updatedAt.getTime() };
}

/** Suspends a granted permission (in the audited operator's transaction) and tells the user. */
async function suspend(dependencies: PermissionDependencies, executor: Executor, userId: number, reason: string) {
  const { now, notify } = dependencies;
  const [row] = await executor
    .update(blockPermissions)
    .set({ status: 'suspended', reason, updatedAt: now() })
    .where(eq(blockPermissions.userId, userId))
    .returning();
  if (!row) throw new AppError('BLOCK_PERMISSION_NOT_FOUND');
  await notify(executor, userId, 'blockSuspended', { reason });
  // No email lookup inside the operator's transaction (the embedded database has one connection).
  return permissionView(row, '');
}

async function permissions(dependencies: PermissionDependencies, filter: { pageNum: number; pageSize: number }) {
  const { db } = dependencies;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(blockPermissions)
      .orderBy(desc(blockPermissions.updatedAt))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ total: count() }).from(blockPermissions),
  ]);
  const emails = await dependencies.emailsByUserId(rows.map((row) => row.userId));
  return {
    list: rows.map((row) => permissionView(row, emails.get(row.userId) ?? '')),
    ...pageInfo(totals[0]?.total ?? 0, filter.pageNum, filter.pageSize),
  };
}

/** Whether the user may trade blocks now; refuses otherwise. */
async function assertActive(executor: Executor, userId: number) {
  const row = await permissionRow(executor, userId);
  if (row?.status !== 'active') throw new AppError('BLOCK_NOT_PERMITTED');
}

const beforeOf = async (executor: Executor, id: number) =>
  (await executor.select({ status: blockApplications.status }).from(blockApplications).where(eq(blockApplications.id, id)))[0];
const permissionBefore = async (executor: Executor, userId: number) =>
  (
    await executor
      .select({ status: blockPermissions.status, reason: blockPermissions.reason })
      .from(blockPermissions)
      .where(eq(blockPermissions.userId, userId))
  )[0];

/**
 * The block-trading permission (issue 19 §1): its state for the user, the application (checked against
 * the requirements in force and the questionnaire), and the review's two decisions and the suspension,
 * each telling the user.
 */
export function createBlockPermissions(dependencies: PermissionDependencies) {
  return {
    state: (principal: Principal) => stateOf(dependencies, Number(principal.userId)),
    apply: (principal: Principal, body: BlockApplyBody) => apply(dependencies, principal, body),
    approve: (executor: Executor, operatorId: number, id: number) => approve(dependencies, executor, operatorId, id),
    reject: (executor: Executor, operatorId: number, id: number, reason: string) => reject(dependencies, executor, operatorId, id, reason),
    queue: (filter: Parameters<typeof queue>[1]) => queue(dependencies, filter),
    suspend: (executor: Executor, userId: number, reason: string) => suspend(dependencies, executor, userId, reason),
    permissions: (filter: Parameters<typeof permissions>[1]) => permissions(dependencies, filter),
    /** Applications waiting for a review and the oldest one's time: the console dashboard's count. */
    async pendingSummary(): Promise<{ pending: number; oldestTimestamp: number | null }> {
      const [row] = await dependencies.db
        .select({ pending: count(), oldest: min(blockApplications.createdAt) })
        .from(blockApplications)
        .where(eq(blockApplications.status, 'pending'));
      return { pending: row?.pending ?? 0, oldestTimestamp: row?.oldest ? new Date(row.oldest).getTime() : null };
    },
    assertActive,
    beforeOf,
    permissionBefore,
  };
}

export type BlockPermissions = ReturnType<typeof createBlockPermissions>;
