import { and, count, eq, gte, min, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { toMoney } from '../ledger/index.ts';
import { balanceAdjustments } from './adjustments.tables.ts';
import { deposits, withdrawals } from './funding.tables.ts';

export type PendingQueue = { pending: number; oldestTimestamp: number | null };
type MoneyByCurrency = Array<{ currency: string; count: number; amount: string }>;

const pendingOf = (row: { pending: number; oldest: Date | string | null } | undefined): PendingQueue => ({
  pending: row?.pending ?? 0,
  oldestTimestamp: row?.oldest ? new Date(row.oldest).getTime() : null,
});

const byCurrency = (rows: Array<{ currency: string; count: number; amount: string | null }>): MoneyByCurrency =>
  rows.map((row) => ({ currency: row.currency, count: row.count, amount: toMoney(row.amount ?? '0') }));

/**
 * Funding's part of the console's dashboard (issue 15 §12): the deposit, withdrawal and adjustment
 * queues with their oldest waiting request, and what moved since a moment (the start of the day).
 */
export function createFundingDaySummary(db: Database) {
  return {
    async pendingQueues(): Promise<{ deposits: PendingQueue; withdrawals: PendingQueue; adjustments: PendingQueue }> {
      const [deposit, withdrawal, adjustment] = await Promise.all([
        db
          .select({ pending: count(), oldest: min(deposits.createdAt) })
          .from(deposits)
          .where(eq(deposits.status, 'pending')),
        db
          .select({ pending: count(), oldest: min(withdrawals.createdAt) })
          .from(withdrawals)
          .where(eq(withdrawals.status, 'pending')),
        db
          .select({ pending: count(), oldest: min(balanceAdjustments.requestedAt) })
          .from(balanceAdjustments)
          .where(eq(balanceAdjustments.status, 'pending')),
      ]);
      return { deposits: pendingOf(deposit[0]), withdrawals: pendingOf(withdrawal[0]), adjustments: pendingOf(adjustment[0]) };
    },

    /** Deposits asked and credited, withdrawals asked and paid, since `since`; amounts per currency. */
    async since(since: Date) {
      const [depositsAsked, credited, withdrawalsAsked, paid] = await Promise.all([
        db.select({ total: count() }).from(deposits).where(gte(deposits.createdAt, since)),
        db
          .select({ currency: deposits.currency, count: count(), amount: sql<string>`sum(${deposits.amount})::text` })
          .from(deposits)
          .where(and(eq(deposits.status, 'credited'), gte(deposits.updatedAt, since)))
          .groupBy(deposits.currency),
        db.select({ total: count() }).from(withdrawals).where(gte(withdrawals.createdAt, since)),
        db
          .select({ currency: withdrawals.currency, count: count(), amount: sql<string>`sum(${withdrawals.amount})::text` })
          .from(withdrawals)
          .where(and(eq(withdrawals.status, 'paid'), gte(withdrawals.decidedAt, since)))
          .groupBy(withdrawals.currency),
      ]);
      return {
        deposits: { requested: depositsAsked[0]?.total ?? 0, credited: byCurrency(credited) },
        withdrawals: { requested: withdrawalsAsked[0]?.total ?? 0, paid: byCurrency(paid) },
      };
    },
  };
}

export type FundingDaySummary = ReturnType<typeof createFundingDaySummary>;
