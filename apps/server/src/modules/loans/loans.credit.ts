import type { CreditScore } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { loans } from './loans.tables.ts';
import { DAY_MS } from './loans.terms.ts';

/**
 * The facts the score reads, each held by the platform (identity by kyc, account age by auth, deposits by the
 * ledger), read on the caller's executor: inside a decision's transaction nothing else may be waited for.
 */
export type CreditFacts = {
  isVerified(executor: Executor, userId: number): Promise<boolean>;
  accountCreatedAt(executor: Executor, userId: number): Promise<Date | undefined>;
  depositsCredited(executor: Executor, userId: number): Promise<number>;
};

/** The published weights (points out of 100) and how each factor earns them. */
export const creditWeights = { identity: 30, accountAge: 20, deposits: 25, repayments: 25 } as const;
const AGE_FULL_DAYS = 180;
const POINTS_PER_DEPOSIT = 5;
const POINTS_PER_REPAID = 10;
const POINTS_OFF_PER_LATE = 15;
/** The limit is the score's share of the largest product amount, in whole tens of dollars. */
const LIMIT_STEP = 10;

async function repaymentRecord(executor: Executor, userId: number) {
  const result = await executor
    .select({
      onTime: sql<string>`count(*) FILTER (WHERE ${loans.status} = 'repaid' AND ${loans.defaultsTime} IS NULL)`,
      late: sql<string>`count(*) FILTER (WHERE ${loans.defaultsTime} IS NOT NULL)`,
    })
    .from(loans)
    .where(eq(loans.userId, userId));
  return { onTime: Number(result[0]?.onTime ?? 0), late: Number(result[0]?.late ?? 0) };
}

/** Principal the user owes or has asked for: pending applications and loans in use. */
export async function principalUsed(executor: Executor, userId: number): Promise<Decimal> {
  const result = await executor
    .select({
      total: sql<string>`coalesce(sum(CASE WHEN ${loans.status} = 'pending' THEN ${loans.amount} ELSE ${loans.principalOutstanding} END), 0)::text`,
    })
    .from(loans)
    .where(and(eq(loans.userId, userId), inArray(loans.status, ['pending', 'in_use'])));
  return new Decimal(result[0]?.total ?? 0);
}

/**
 * The score from facts the platform holds, each factor with its points and weight (the app shows both and
 * what raises it). The score sets the limit; it decides nothing else (withdrawals never read it).
 */
export async function creditScoreOf(
  executor: Executor,
  facts: CreditFacts,
  input: { userId: number; now: Date; largestAmount: Decimal.Value },
): Promise<CreditScore> {
  const { userId, now } = input;
  const [verified, createdAt, deposits, record, used] = await Promise.all([
    facts.isVerified(executor, userId),
    facts.accountCreatedAt(executor, userId),
    facts.depositsCredited(executor, userId),
    repaymentRecord(executor, userId),
    principalUsed(executor, userId),
  ]);
  const ageDays = createdAt ? Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS)) : 0;
  const factors: CreditScore['factors'] = [
    { name: 'identity', weight: creditWeights.identity, value: verified ? 1 : 0, points: verified ? creditWeights.identity : 0 },
    {
      name: 'accountAge',
      weight: creditWeights.accountAge,
      value: ageDays,
      points: Math.floor((creditWeights.accountAge * Math.min(ageDays, AGE_FULL_DAYS)) / AGE_FULL_DAYS),
    },
    {
      name: 'deposits',
      weight: creditWeights.deposits,
      value: deposits,
      points: Math.min(creditWeights.deposits, deposits * POINTS_PER_DEPOSIT),
    },
    {
      name: 'repayments',
      weight: creditWeights.repayments,
      value: record.onTime,
      penaltyCount: record.late,
      points: Math.max(0, Math.min(creditWeights.repayments, record.onTime * POINTS_PER_REPAID) - record.late * POINTS_OFF_PER_LATE),
    },
  ];
  const score = factors.reduce((sum, factor) => sum + factor.points, 0);
  const limit = new Decimal(input.largestAmount)
    .times(score)
    .dividedBy(100 * LIMIT_STEP)
    .floor()
    .times(LIMIT_STEP);
  const available = Decimal.max(limit.minus(used), 0);
  return { score, factors, limit: limit.toFixed(2), used: used.toFixed(2), available: available.toFixed(2) };
}
