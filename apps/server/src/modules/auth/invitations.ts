import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';

/**
 * Who invited whom (the invitation code given at registration) and where accounts signed in from: the
 * facts the referral module reads, on the caller's executor, without naming auth's tables.
 */

export type InvitedUser = { id: number; email: string; invitedByUserId: number; createdAt: Date };
export type SessionTrace = { userId: number; ipAddress: string | null; userAgent: string | null; createdAt: Date };

const idList = (userIds: readonly number[]) => sql`string_to_array(${userIds.join(',')}, ',')::bigint[]`;

type InvitedRow = { id: string; email: string; invited_by_user_id: string; created_at: Date | string; total?: string };
const invitedUserOf = (row: InvitedRow): InvitedUser => ({
  id: Number(row.id),
  email: row.email,
  invitedByUserId: Number(row.invited_by_user_id),
  createdAt: new Date(row.created_at),
});

/** The users a referrer invited, newest first, a page at a time. */
export async function inviteesOf(executor: Executor, referrerId: number, limit: number, offset: number) {
  const result = await executor.execute<InvitedRow>(sql`
    SELECT id::text, email, invited_by_user_id::text, created_at, count(*) OVER ()::text AS total
    FROM users WHERE invited_by_user_id = ${referrerId}
    ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`);
  return { total: Number(result.rows[0]?.total ?? 0), rows: result.rows.map(invitedUserOf) };
}

/** Invited users by id order after `afterId`, for a job that walks them all in batches. */
export async function invitedUsersAfter(executor: Executor, afterId: number, limit: number): Promise<InvitedUser[]> {
  const result = await executor.execute<InvitedRow>(sql`
    SELECT id::text, email, invited_by_user_id::text, created_at FROM users
    WHERE invited_by_user_id IS NOT NULL AND id > ${afterId} ORDER BY id LIMIT ${limit}`);
  return result.rows.map(invitedUserOf);
}

export type InvitationAccount = { email: string; invitationCode: string; invitedByUserId: number | null };

/** Accounts by id: their email, their own invitation code and who invited them (null for none). */
export async function accountsByIds(executor: Executor, userIds: readonly number[]): Promise<Map<number, InvitationAccount>> {
  if (userIds.length === 0) return new Map();
  const result = await executor.execute<{ id: string; email: string; invitation_code: string; invited_by_user_id: string | null }>(sql`
    SELECT id::text, email, invitation_code, invited_by_user_id::text FROM users WHERE id = ANY(${idList(userIds)})`);
  return new Map(
    result.rows.map((row) => [
      Number(row.id),
      {
        email: row.email,
        invitationCode: row.invitation_code,
        invitedByUserId: row.invited_by_user_id === null ? null : Number(row.invited_by_user_id),
      },
    ]),
  );
}

/** Every session the users opened (registration opens the first), oldest first, with its address and user agent. */
export async function sessionTracesOf(executor: Executor, userIds: readonly number[]): Promise<SessionTrace[]> {
  if (userIds.length === 0) return [];
  const result = await executor.execute<{
    user_id: string;
    ip_address: string | null;
    user_agent: string | null;
    created_at: Date | string;
  }>(sql`
    SELECT user_id::text, ip_address, user_agent, created_at FROM sessions
    WHERE user_id = ANY(${idList(userIds)}) ORDER BY created_at, id`);
  return result.rows.map((row) => ({
    userId: Number(row.user_id),
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    createdAt: new Date(row.created_at),
  }));
}
