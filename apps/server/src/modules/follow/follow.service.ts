import {
  type appropriatenessBody,
  appropriatenessQuestions,
  FOLLOW_AMOUNT_MAX,
  FOLLOW_AMOUNT_MIN,
  type followAddBody,
  type Locale,
  pageInfo,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/index.ts';
import { inTransaction } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import { type FollowDependencies, institutionById } from './follow.context.ts';
import { createFollowJob } from './follow.jobs.ts';
import { type FollowOrderRow, followAppropriateness, followInstitutions, followOrders, type InstitutionRow } from './follow.tables.ts';
import { institutionViews, orderViewOf } from './follow.views.ts';

type AddInput = z.output<typeof followAddBody>;
type AppropriatenessInput = z.output<typeof appropriatenessBody>;

const userIdOf = (principal: Principal) => Number(principal.userId);

/** The refusals of a follow that need no write, in the order a user meets them. */
function checkFollow(institution: InstitutionRow | undefined, input: AddInput): asserts institution is InstitutionRow {
  if (institution?.status !== 'active') throw new AppError('FOLLOW_INSTITUTION_NOT_FOUND');
  const amount = new Decimal(input.amount);
  if (amount.lessThan(FOLLOW_AMOUNT_MIN) || amount.greaterThan(FOLLOW_AMOUNT_MAX))
    throw new AppError('FOLLOW_AMOUNT_OUT_OF_RANGE', { min: FOLLOW_AMOUNT_MIN, max: FOLLOW_AMOUNT_MAX, currency: 'USD' });
  if (!institution.periodsMinutes.includes(input.periodMinutes)) throw new AppError('FOLLOW_PERIOD_NOT_OFFERED');
}

async function appropriatenessOf(executor: Executor, userId: number) {
  const [row] = await executor.select().from(followAppropriateness).where(eq(followAppropriateness.userId, userId));
  return {
    isDone: row !== undefined,
    acceptedTimestamp: row?.acceptedAt.getTime() ?? null,
    questions: appropriatenessQuestions.map((question) => ({ id: question.id, answers: [...question.answers] })),
  };
}

/** Holds the amount on FOLLOW and writes the follow in one transaction (wait confirm), or neither. */
function createAdd(dependencies: FollowDependencies, viewOf: (row: FollowOrderRow) => Promise<ReturnType<typeof orderViewOf>>) {
  const { db, ledger, notify } = dependencies;
  return async function add(principal: Principal, input: AddInput) {
    const userId = userIdOf(principal);
    const [replayed] = await db
      .select()
      .from(followOrders)
      .where(and(eq(followOrders.userId, userId), eq(followOrders.idempotencyKey, input.idempotencyKey)));
    if (replayed) {
      const isSame = replayed.institutionId === input.institutionId && new Decimal(replayed.amount).equals(input.amount);
      if (!isSame) throw new AppError('FOLLOW_KEY_REUSED');
      return viewOf(replayed);
    }
    const institution = await institutionById(db, input.institutionId);
    checkFollow(institution, input);
    if (!(await appropriatenessOf(db, userId)).isDone) throw new AppError('FOLLOW_APPROPRIATENESS_REQUIRED');
    const amount = new Decimal(input.amount).toFixed(2);
    const row = await inTransaction(db, async (tx) => {
      const { holdId } = await ledger.placeHold(tx, {
        idempotencyKey: `follow:${userId}:${input.idempotencyKey}`,
        userId,
        walletType: 'FOLLOW',
        amount,
        reason: 'follow',
      });
      const [inserted] = await tx
        .insert(followOrders)
        .values({
          userId,
          institutionId: institution.id,
          idempotencyKey: input.idempotencyKey,
          amount,
          periodMinutes: input.periodMinutes,
          stopLossPercent: input.stopLossPercent,
          // The fee terms the user saw and follows under; an operator's later change does not reach this follow.
          managementFeeRate: institution.managementFeeRate,
          performanceFeeRate: institution.performanceFeeRate,
          holdId,
          createdAt: dependencies.now(),
        })
        .returning();
      if (!inserted) throw new Error('follow not written');
      await notify(tx, userId, 'followHeld', { amount, currency: 'USD', institution: institution.name });
      return inserted;
    });
    return viewOf(row);
  };
}

export type FollowService = ReturnType<typeof createFollowService>;

/** Follow-invest, the user's side (issue 20 §1): institutions, following, the lock, the appropriateness check. */
export function createFollowService(dependencies: FollowDependencies) {
  const { db, now, nameOf } = dependencies;

  async function viewOf(row: FollowOrderRow) {
    const institution = await institutionById(db, row.institutionId);
    if (!institution) throw new AppError('FOLLOW_INSTITUTION_NOT_FOUND');
    return orderViewOf(row, institution);
  }

  async function ownOrder(principal: Principal, id: number) {
    const [row] = await db
      .select()
      .from(followOrders)
      .where(and(eq(followOrders.id, id), eq(followOrders.userId, userIdOf(principal))));
    if (!row) throw new AppError('FOLLOW_NOT_FOUND');
    return row;
  }

  return {
    async agencies(locale?: Locale) {
      const rows = await db
        .select()
        .from(followInstitutions)
        .where(eq(followInstitutions.status, 'active'))
        .orderBy(asc(followInstitutions.id));
      return institutionViews(db, rows, nameOf, now(), locale);
    },
    add: createAdd(dependencies, viewOf),
    async orders(principal: Principal, page: { pageNum: number; pageSize: number }) {
      const where = eq(followOrders.userId, userIdOf(principal));
      const [rows, totals, institutions] = await Promise.all([
        db
          .select()
          .from(followOrders)
          .where(where)
          .orderBy(desc(followOrders.id))
          .limit(page.pageSize)
          .offset((page.pageNum - 1) * page.pageSize),
        db.select({ total: count() }).from(followOrders).where(where),
        db.select().from(followInstitutions),
      ]);
      const byId = new Map(institutions.map((row) => [row.id, row]));
      const list = rows.flatMap((row) => {
        const institution = byId.get(row.institutionId);
        return institution ? [orderViewOf(row, institution)] : [];
      });
      return { list, ...pageInfo(totals[0]?.total ?? 0, page.pageNum, page.pageSize) };
    },
    /** Spec §5: a follow cannot be sold after ordering; the answer says until when, and nothing is written. */
    async sell(principal: Principal, id: number): Promise<never> {
      const row = await ownOrder(principal, id);
      if (row.status === 'settled') throw new AppError('FOLLOW_ALREADY_SETTLED');
      const ends = row.endsAt ?? new Date(row.createdAt.getTime() + row.periodMinutes * 60_000);
      throw new AppError('FOLLOW_LOCKED', { date: ends.toISOString().slice(0, 16).replace('T', ' ') });
    },
    appropriateness: (principal: Principal) => appropriatenessOf(db, userIdOf(principal)),
    async answerAppropriateness(principal: Principal, input: AppropriatenessInput) {
      const isUnderstood = appropriatenessQuestions.every((question) => input.answers[question.id] === question.expected);
      if (!isUnderstood) throw new AppError('FOLLOW_APPROPRIATENESS_FAILED');
      const userId = userIdOf(principal);
      await db.insert(followAppropriateness).values({ userId, answers: input.answers, acceptedAt: now() }).onConflictDoNothing();
      return appropriatenessOf(db, userId);
    },
    navJob: createFollowJob(dependencies),
  };
}
