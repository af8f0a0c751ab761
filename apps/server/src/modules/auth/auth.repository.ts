import { and, count, desc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import { type Executor, executePrepared } from '../../platform/db/index.ts';
import { authFailures, emailCodes, loginChallenges, recoveryCodes, sessions, users } from './auth.tables.ts';

export type UserRow = typeof users.$inferSelect;
export type FailureScope = (typeof authFailures.$inferInsert)['scope'];

export async function findUserByEmail(executor: Executor, email: string): Promise<UserRow | undefined> {
  const rows = await executor.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

export async function findUserById(executor: Executor, id: number): Promise<UserRow | undefined> {
  const rows = await executor.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function findUserIdByInvitationCode(executor: Executor, invitationCode: string): Promise<number | undefined> {
  const rows = await executor.select({ id: users.id }).from(users).where(eq(users.invitationCode, invitationCode)).limit(1);
  return rows[0]?.id;
}

export async function insertUser(executor: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const rows = await executor.insert(users).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function setPasswordHash(executor: Executor, userId: number, passwordHash: string) {
  await executor.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, userId));
}

export async function setPayPasswordHash(executor: Executor, userId: number, payPasswordHash: string) {
  await executor.update(users).set({ payPasswordHash }).where(eq(users.id, userId));
}

export async function insertSession(executor: Executor, values: typeof sessions.$inferInsert) {
  await executor.insert(sessions).values(values);
}

export type LiveSession = {
  sessionId: number;
  userId: number;
  status: UserRow['status'];
  /** When the session ends whatever happens, and when its last use (after this one) was recorded, in epoch milliseconds. */
  expiresAtMs: number;
  lastSeenAtMs: number;
};

/**
 * One round trip per request: finds the live session of a token and, at most once a minute (or every
 * quarter of the inactivity limit when that is shorter), moves its last-seen time so the inactivity
 * limit counts from the latest use.
 */
export async function touchLiveSession(executor: Executor, tokenHash: string, idleMs: number): Promise<LiveSession | undefined> {
  const touchAfterSeconds = Math.min(60, idleMs / 4 / 1000);
  const rows = await executePrepared<{
    session_id: string;
    user_id: string;
    status: UserRow['status'];
    expires_at_ms: string;
    last_seen_at_ms: string;
  }>(
    executor,
    'auth_touch_live_session',
    sql`
    WITH live AS (
      SELECT id, user_id, last_seen_at, expires_at FROM sessions
      WHERE token_hash = ${tokenHash} AND revoked_at IS NULL AND expires_at > now()
        AND last_seen_at > now() - make_interval(secs => ${idleMs / 1000})
    ), touched AS (
      UPDATE sessions SET last_seen_at = now() FROM live
      WHERE sessions.id = live.id AND live.last_seen_at < now() - make_interval(secs => ${touchAfterSeconds})
    )
    SELECT live.id AS session_id, live.user_id, users.status,
      (extract(epoch FROM live.expires_at) * 1000)::bigint AS expires_at_ms,
      (extract(epoch FROM CASE WHEN live.last_seen_at < now() - make_interval(secs => ${touchAfterSeconds}) THEN now() ELSE live.last_seen_at END) * 1000)::bigint AS last_seen_at_ms
    FROM live JOIN users ON users.id = live.user_id`,
  );
  const row = rows[0];
  return row
    ? {
        sessionId: Number(row.session_id),
        userId: Number(row.user_id),
        status: row.status,
        expiresAtMs: Number(row.expires_at_ms),
        lastSeenAtMs: Number(row.last_seen_at_ms),
      }
    : undefined;
}

export async function revokeSession(executor: Executor, sessionId: number) {
  await executor
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user except, optionally, the one making the change. */
export async function revokeSessionsOfUser(executor: Executor, userId: number, keepSessionId?: number) {
  await executor.execute(sql`
    UPDATE sessions SET revoked_at = now()
    WHERE user_id = ${userId} AND revoked_at IS NULL ${keepSessionId === undefined ? sql`` : sql`AND id <> ${keepSessionId}`}`);
}

export async function deleteExpiredSessions(executor: Executor) {
  await executor.execute(sql`DELETE FROM sessions WHERE expires_at < now() - interval '30 days'`);
}

export async function latestEmailCode(executor: Executor, email: string, purpose: 'register' | 'resetPassword', forUpdate: boolean) {
  const query = executor
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0];
}

export async function insertEmailCode(executor: Executor, values: typeof emailCodes.$inferInsert) {
  await executor.insert(emailCodes).values(values);
}

export async function recordEmailCodeAttempt(executor: Executor, id: number) {
  const rows = await executor
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.id, id))
    .returning({ attempts: emailCodes.attempts });
  return rows[0]?.attempts ?? 0;
}

export async function consumeEmailCode(executor: Executor, id: number) {
  await executor.update(emailCodes).set({ consumedAt: new Date() }).where(eq(emailCodes.id, id));
}

export async function deleteOldEmailCodes(executor: Executor) {
  await executor.execute(sql`DELETE FROM email_codes WHERE expires_at < now() - interval '1 day'`);
}

export async function clearFailures(executor: Executor, scope: FailureScope, subject: string) {
  await executor.delete(authFailures).where(and(eq(authFailures.scope, scope), eq(authFailures.subject, subject)));
}

/**
 * When the subject may try again: if it has `limit` or more failures inside the window, the moment
 * the oldest of its latest `limit` failures leaves the window; otherwise undefined.
 */
export async function lockedUntil(executor: Executor, scope: FailureScope, subject: string, limit: number, windowMs: number) {
  const since = new Date(Date.now() - windowMs);
  const rows = await executor
    .select({ createdAt: authFailures.createdAt })
    .from(authFailures)
    .where(and(eq(authFailures.scope, scope), eq(authFailures.subject, subject), gt(authFailures.createdAt, since)))
    .orderBy(desc(authFailures.createdAt))
    .offset(limit - 1)
    .limit(1);
  const row = rows[0];
  return row ? new Date(row.createdAt.getTime() + windowMs) : undefined;
}

/**
 * `limit` failures inside `windowMs` lock the subject until the oldest leaves the window; with `slowdown`,
 * `limit` failures are free and each one past them only makes the subject wait longer after its latest
 * failure (doubling from `baseDelayMs` up to `maxDelayMs`): slowed, never locked for everyone.
 */
export type AttemptBudget = {
  scope: FailureScope;
  subject: string;
  limit: number;
  windowMs: number;
  slowdown?: { baseDelayMs: number; maxDelayMs: number };
};

/** When a slowed subject may try again: its latest failure plus a delay that doubles with each failure past the free ones. */
async function slowedUntil(executor: Executor, budget: AttemptBudget & { slowdown: { baseDelayMs: number; maxDelayMs: number } }) {
  const since = new Date(Date.now() - budget.windowMs);
  const [row] = await executor
    .select({ failures: count(), latest: max(authFailures.createdAt) })
    .from(authFailures)
    .where(and(eq(authFailures.scope, budget.scope), eq(authFailures.subject, budget.subject), gt(authFailures.createdAt, since)));
  const failures = Number(row?.failures ?? 0);
  if (!row?.latest || failures < budget.limit) return undefined;
  const delayMs = Math.min(budget.slowdown.maxDelayMs, budget.slowdown.baseDelayMs * 2 ** (failures - budget.limit));
  const until = new Date(new Date(row.latest).getTime() + delayMs);
  return until.getTime() > Date.now() ? until : undefined;
}

function budgetUntil(executor: Executor, budget: AttemptBudget) {
  if (budget.slowdown) return slowedUntil(executor, { ...budget, slowdown: budget.slowdown });
  return lockedUntil(executor, budget.scope, budget.subject, budget.limit, budget.windowMs);
}

/** Failures of a subject inside a window (the owner is told when they reach a threshold). */
export async function failuresWithin(executor: Executor, scope: FailureScope, subject: string, windowMs: number) {
  const [row] = await executor
    .select({ failures: count() })
    .from(authFailures)
    .where(
      and(eq(authFailures.scope, scope), eq(authFailures.subject, subject), gt(authFailures.createdAt, new Date(Date.now() - windowMs))),
    );
  return Number(row?.failures ?? 0);
}

/**
 * Reserves one attempt against every budget before the secret is verified, so that attempts running at
 * once cannot all pass a count read before any of them failed: each budget's count and reservation run
 * under a transaction-scoped advisory lock (taken in a fixed order), which holds across processes.
 * The reservation is written as a failure, committed before the secret is verified, and released if it was
 * right. Answers the moment the subject may try again when a budget is spent, and writes nothing then.
 */
export async function reserveAttempt(
  tx: Executor,
  budgets: AttemptBudget[],
): Promise<{ lockedUntil: Date; ids?: undefined } | { lockedUntil?: undefined; ids: number[] }> {
  const ordered = [...budgets].sort((a, b) => `${a.scope}:${a.subject}`.localeCompare(`${b.scope}:${b.subject}`));
  for (const budget of ordered) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`auth-failures:${budget.scope}:${budget.subject}`}))`);
  }
  const untils = await Promise.all(ordered.map((budget) => budgetUntil(tx, budget)));
  const latest = untils.filter((moment) => moment !== undefined).sort((a, b) => b.getTime() - a.getTime())[0];
  if (latest) return { lockedUntil: latest };
  const rows = await tx
    .insert(authFailures)
    .values(ordered.map((budget) => ({ scope: budget.scope, subject: budget.subject })))
    .returning({ id: authFailures.id });
  return { ids: rows.map((row) => row.id) };
}

/** Gives back reserved attempts whose secret turned out right. */
export async function releaseAttempts(executor: Executor, ids: number[]) {
  if (ids.length > 0) await executor.delete(authFailures).where(inArray(authFailures.id, ids));
}

export async function deleteOldFailures(executor: Executor) {
  await executor.execute(sql`DELETE FROM auth_failures WHERE created_at < now() - interval '1 day'`);
}

export async function emailsByUserId(executor: Executor, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await executor.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** The live sessions of a user, latest use first (the devices list). */
export async function liveSessionsOfUser(executor: Executor, userId: number, idleMs: number) {
  return executor
    .select({
      id: sessions.id,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        sql`${sessions.lastSeenAt} > now() - make_interval(secs => ${idleMs / 1000})`,
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends one live session of a user; false when it is not theirs or already ended. */
export async function revokeOwnSession(executor: Executor, userId: number, sessionId: number): Promise<boolean> {
  const rows = await executor
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every other live session of a user and says how many. */
export async function revokeOtherSessions(executor: Executor, userId: number, keepSessionId: number): Promise<number> {
  const rows = await executor
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.id} <> ${keepSessionId}`,
        sql`${sessions.expiresAt} > now()`,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** Whether the user has signed in before from a browser with exactly this user agent (any session still kept). */
export async function hasSessionWithAgent(executor: Executor, userId: number, userAgent: string | undefined): Promise<boolean> {
  const rows = await executor
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), userAgent === undefined ? isNull(sessions.userAgent) : eq(sessions.userAgent, userAgent)))
    .limit(1);
  return rows.length > 0;
}

export async function setTotp(executor: Executor, userId: number, values: Partial<typeof users.$inferInsert>) {
  await executor.update(users).set(values).where(eq(users.id, userId));
}

/**
 * Records `step` as the last accepted one only if it is later than the one before: two requests with the same
 * code at once cannot both pass. False when the step (or a later one) was already used.
 */
export async function advanceTotpStep(executor: Executor, userId: number, step: number): Promise<boolean> {
  const rows = await executor
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), sql`(${users.totpLastStep} IS NULL OR ${users.totpLastStep} < ${step})`))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(executor: Executor, userId: number, codeHashes: string[]) {
  await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0) await executor.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function unusedRecoveryCodes(executor: Executor, userId: number) {
  return executor
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
}

/** Marks a recovery code used; false when another request used it first. */
export async function consumeRecoveryCode(executor: Executor, id: number): Promise<boolean> {
  const rows = await executor
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function insertLoginChallenge(executor: Executor, values: typeof loginChallenges.$inferInsert) {
  await executor.insert(loginChallenges).values(values);
}

export async function findLoginChallenge(executor: Executor, tokenHash: string) {
  const rows = await executor.select().from(loginChallenges).where(eq(loginChallenges.tokenHash, tokenHash)).limit(1);
  return rows[0];
}

/** Uses a challenge up; false when another request did first. */
export async function consumeLoginChallenge(executor: Executor, id: number): Promise<boolean> {
  const rows = await executor
    .update(loginChallenges)
    .set({ consumedAt: new Date() })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.consumedAt)))
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}

export async function deleteOldLoginChallenges(executor: Executor) {
  await executor.execute(sql`DELETE FROM login_challenges WHERE expires_at < now() - interval '1 day'`);
}
