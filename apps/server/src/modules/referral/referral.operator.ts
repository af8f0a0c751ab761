import {
  operatorReferralApi,
  pageInfo,
  type ReferralProgramme,
  type ReferralReward,
  type ReferralSignal,
  type ReviewFilter,
  type referralProgrammeBody,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { asc, count, desc, eq, min } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/index.ts';
import { AppError, type OperatorPrincipal, operatorRoute } from '../../platform/http/index.ts';
import { type AuditMeta, createAudited, requirePermission } from '../../platform/operators/index.ts';
import { createReview, registerReviewRoutes } from '../../platform/review/index.ts';
import { accountsByIds } from '../auth/index.ts';
import {
  defaultProgramme,
  payWithinCap,
  programmeOf,
  programmeView,
  type ReferralDependencies,
  type RewardRow,
  tellReferrer,
  termsById,
} from './referral.service.ts';
import { referralProgramme, referralRewards, referralTerms } from './referral.tables.ts';

async function rewardViews(executor: Executor, rows: RewardRow[]): Promise<ReferralReward[]> {
  const accounts = await accountsByIds(executor, [...new Set(rows.flatMap((row) => [row.referrerUserId, row.inviteeUserId]))]);
  return rows.map((row) => ({
    id: String(row.id),
    referrerId: String(row.referrerUserId),
    referrerEmail: accounts.get(row.referrerUserId)?.email ?? '',
    inviteeId: String(row.inviteeUserId),
    inviteeEmail: accounts.get(row.inviteeUserId)?.email ?? '',
    state: row.state,
    signals: row.signals as ReferralSignal[],
    amount: new Decimal(row.amount).toFixed(2),
    currency: row.currency as ReferralReward['currency'],
    reason: row.reason,
    decidedBy: row.decidedBy === null ? null : String(row.decidedBy),
    createdAtTimestamp: row.createdAt.getTime(),
    paidAtTimestamp: row.paidAt?.getTime() ?? null,
  }));
}

async function lockHeld(tx: Executor, id: number) {
  const [row] = await tx.select().from(referralRewards).where(eq(referralRewards.id, id)).for('update');
  if (!row) throw new AppError('REFERRAL_REWARD_NOT_FOUND');
  if (row.state !== 'held') throw new AppError('REFERRAL_REWARD_NOT_HELD');
  return row;
}

/** Held rewards decided by an operator: approval pays within the yearly cap, refusal keeps the reason. */
function decisions(dependencies: ReferralDependencies) {
  const one = async (tx: Executor, row: RewardRow) => (await rewardViews(tx, [row]))[0] as ReferralReward;
  async function approve(tx: Executor, operatorId: number, id: number) {
    const row = await lockHeld(tx, id);
    // The cap of the terms the invitee registered under (a reward from before terms were kept: the programme's).
    const cap = (await termsById(tx, row.termsId))?.yearlyCap ?? (await programmeOf(tx)).yearlyCap;
    const payment = await payWithinCap(dependencies, tx, row, cap);
    if (!payment) throw new AppError('REFERRAL_YEARLY_CAP');
    const [stored] = await tx
      .update(referralRewards)
      .set({ state: 'paid', decidedBy: operatorId, ...payment })
      .where(eq(referralRewards.id, id))
      .returning();
    const view = await one(tx, stored as RewardRow);
    await tellReferrer(dependencies, tx, row, view.inviteeEmail);
    return view;
  }
  async function reject(tx: Executor, operatorId: number, id: number, reason: string) {
    const row = await lockHeld(tx, id);
    const [stored] = await tx
      .update(referralRewards)
      .set({ state: 'refused', decidedBy: operatorId, reason })
      .where(eq(referralRewards.id, id))
      .returning();
    const view = await one(tx, stored as RewardRow);
    await tellReferrer(dependencies, tx, row, view.inviteeEmail, reason);
    return view;
  }
  return { approve, reject };
}

export type ReferralOperations = ReturnType<typeof createReferralOperations>;

/** The operators' side: the review of held rewards, and the programme's settings (audited). */
export function createReferralOperations(dependencies: ReferralDependencies) {
  const { db, now } = dependencies;
  const audited = createAudited(db);
  const review = createReview(db, {
    permission: 'reviews.referrals',
    targetType: 'referral_reward',
    actions: { approve: 'referral.approve', reject: 'referral.reject' },
    async queue(filter: ReviewFilter) {
      const where = filter.status === 'pending' ? eq(referralRewards.state, 'held') : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(referralRewards)
          .where(where)
          .orderBy(filter.status === 'pending' ? asc(referralRewards.id) : desc(referralRewards.id))
          .limit(filter.pageSize)
          .offset((filter.pageNum - 1) * filter.pageSize),
        db.select({ total: count() }).from(referralRewards).where(where),
      ]);
      return { list: await rewardViews(db, rows), ...pageInfo(totals[0]?.total ?? 0, filter.pageNum, filter.pageSize) };
    },
    ...decisions(dependencies),
    before: async (tx, id) => {
      const [row] = await tx.select().from(referralRewards).where(eq(referralRewards.id, id));
      return row ? { state: row.state, signals: row.signals } : undefined;
    },
  });

  return {
    review,

    /** The held rewards for the console's dashboard: how many, and since when the oldest waits. */
    async pendingSummary(): Promise<{ pending: number; oldestTimestamp: number | null }> {
      const [row] = await db
        .select({ pending: count(), oldest: min(referralRewards.createdAt) })
        .from(referralRewards)
        .where(eq(referralRewards.state, 'held'));
      return { pending: row?.pending ?? 0, oldestTimestamp: row?.oldest ? new Date(row.oldest).getTime() : null };
    },

    async programme(operator: OperatorPrincipal) {
      requirePermission(operator, 'referral.settings');
      return programmeView(await programmeOf(db));
    },

    /**
     * The programme from now on: for invitees who register after this change. Those invited before keep
     * the terms they registered under (amount, currency, deposit condition, days, cap), kept in `referral_terms`.
     */
    async updateProgramme(operator: OperatorPrincipal, meta: AuditMeta, input: z.output<typeof referralProgrammeBody>) {
      requirePermission(operator, 'referral.settings');
      if (new Decimal(input.yearlyCap).lessThan(input.rewardAmount)) throw new AppError('REFERRAL_PROGRAMME_INVALID');
      return audited<ReferralProgramme>(
        operator,
        meta,
        'referral.programme.update',
        { type: 'referral_programme', id: 1 },
        async (tx) => {
          const [row] = await tx
            .update(referralProgramme)
            .set({ ...input, updatedAt: now() })
            .where(eq(referralProgramme.id, 1))
            .returning();
          await tx.insert(referralTerms).values(input);
          const view = programmeView(row as NonNullable<typeof row>);
          return { result: view, after: view };
        },
        async (tx) => programmeView(await programmeOf(tx)),
      );
    },
  };
}

export function registerReferralOperatorRoutes(app: FastifyInstance, operations: ReferralOperations) {
  const tags = ['operator'];
  registerReviewRoutes(app, operatorReferralApi, operations.review, {
    queue: 'Referral rewards held by an abuse signal, with both parties',
    approve: 'Pay a held referral reward (within the yearly cap)',
    reject: 'Refuse a held referral reward with a reason',
  });
  operatorRoute(app, operatorReferralApi.programme, { summary: 'The referral programme', tags }, ({ operator }) =>
    operations.programme(operator),
  );
  operatorRoute(
    app,
    operatorReferralApi.updateProgramme,
    { summary: 'Change the referral programme: reward, deposit kept for how many days, yearly cap', tags },
    ({ operator, body, request }) => operations.updateProgramme(operator, { ipAddress: request.ip }, body),
  );
}

/** The programme a deployment starts with (added once; operators change it after), and its first terms. */
export async function seedReferralProgramme(executor: Executor) {
  await executor
    .insert(referralProgramme)
    .values({ id: 1, ...defaultProgramme })
    .onConflictDoNothing();
  const [first] = await executor.select({ id: referralTerms.id }).from(referralTerms).limit(1);
  if (first) return;
  const programme = await programmeOf(executor);
  // In force for everyone invited so far (registered before any change).
  await executor.insert(referralTerms).values({
    isEnabled: programme.isEnabled,
    rewardAmount: programme.rewardAmount,
    currency: programme.currency,
    minDeposit: programme.minDeposit,
    holdDays: programme.holdDays,
    yearlyCap: programme.yearlyCap,
    effectiveFrom: new Date(0),
  });
}
