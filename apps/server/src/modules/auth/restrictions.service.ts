import type { RestrictionKind } from '@bolsa/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterCommit, type Database, type Executor } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { revokeSessionsOfUser } from './auth.repository.ts';
import { sessions, users } from './auth.tables.ts';
import { userRestrictions } from './restrictions.tables.ts';
import type { SessionCache } from './session-cache.ts';

export type Restriction = { kind: RestrictionKind; reason: string; operatorId: number | null; createdAt: Date };
export type RestrictionsService = ReturnType<typeof createRestrictionsService>;

/**
 * Freezes of login, trading or withdrawals, each with its reason. The functions take the caller's
 * executor so an operator's freeze commits together with its audit row and the message to the user.
 */
export function createRestrictionsService(dependencies: { db: Database; sessionCache: SessionCache }) {
  const { db, sessionCache } = dependencies;

  /**
   * Call before the caller's transaction commits: every process stops answering the user from its cache
   * before the commit, and caches the user again once it is announced (session-cache.ts).
   */
  async function announceSessionsEnding(executor: Executor, userId: number) {
    const ending = await sessionCache.sessionsEnding(userId);
    afterCommit(executor, () => void sessionCache.sessionsEnded(userId, ending).catch(() => undefined));
  }

  async function restrictionsOf(executor: Executor, userId: number): Promise<Restriction[]> {
    return executor
      .select({
        kind: userRestrictions.kind,
        reason: userRestrictions.reason,
        operatorId: userRestrictions.operatorId,
        createdAt: userRestrictions.createdAt,
      })
      .from(userRestrictions)
      .where(eq(userRestrictions.userId, userId))
      .orderBy(userRestrictions.kind);
  }

  return {
    restrictionsOf,

    /** Freezes one kind (again: the reason is replaced). A login freeze also ends every session at once. */
    async freeze(executor: Executor, input: { userId: number; kind: RestrictionKind; reason: string; operatorId: number }) {
      await executor
        .insert(userRestrictions)
        .values(input)
        .onConflictDoUpdate({
          target: [userRestrictions.userId, userRestrictions.kind],
          set: { reason: input.reason, operatorId: input.operatorId, createdAt: new Date() },
        });
      if (input.kind === 'login') {
        await announceSessionsEnding(executor, input.userId);
        await executor.update(users).set({ status: 'frozen' }).where(eq(users.id, input.userId));
        await revokeSessionsOfUser(executor, input.userId);
      }
      return restrictionsOf(executor, input.userId);
    },

    /** Lifts one kind; lifting what is not frozen changes nothing. */
    async unfreeze(executor: Executor, input: { userId: number; kind: RestrictionKind }) {
      await executor.delete(userRestrictions).where(and(eq(userRestrictions.userId, input.userId), eq(userRestrictions.kind, input.kind)));
      if (input.kind === 'login') await executor.update(users).set({ status: 'active' }).where(eq(users.id, input.userId));
      return restrictionsOf(executor, input.userId);
    },

    /** Refuses money leaving a user whose withdrawals are frozen. */
    async assertWithdrawalsAllowed(executor: Executor, userId: number) {
      const rows = await executor
        .select({ kind: userRestrictions.kind })
        .from(userRestrictions)
        .where(and(eq(userRestrictions.userId, userId), eq(userRestrictions.kind, 'withdrawals')));
      if (rows.length > 0) throw new AppError('WITHDRAWALS_FROZEN');
    },

    /** Ends every live session of a user; answers how many were live. */
    async revokeSessions(executor: Executor, userId: number): Promise<number> {
      await announceSessionsEnding(executor, userId);
      const result = await executor.execute<{ n: number }>(sql`
        WITH revoked AS (
          UPDATE sessions SET revoked_at = now()
          WHERE user_id = ${userId} AND revoked_at IS NULL AND expires_at > now()
          RETURNING id
        ) SELECT count(*)::int AS n FROM revoked`);
      return result.rows[0]?.n ?? 0;
    },

    /** A user's sessions, newest first: where (IP, user agent) and when they were used. */
    async sessionsOf(userId: number, limit = 100) {
      return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastSeenAt)).limit(limit);
    },
  };
}
