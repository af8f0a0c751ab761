import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';

/** The name and state of a user's latest identity submission, as the console's user list shows them. */
export type LatestSubmission = { firstName: string; lastName: string; status: string };

const idList = (userIds: readonly number[]) => sql`string_to_array(${userIds.join(',')}, ',')::bigint[]`;

/** Each user's latest submission (its name and status), for the users given; a user without one is absent. */
export async function latestSubmissionsOf(executor: Executor, userIds: readonly number[]): Promise<Map<number, LatestSubmission>> {
  if (userIds.length === 0) return new Map();
  const result = await executor.execute<{ user_id: string; first_name: string; last_name: string; status: string }>(sql`
    SELECT DISTINCT ON (user_id) user_id::text, first_name, last_name, status
    FROM kyc_submissions WHERE user_id = ANY(${idList(userIds)})
    ORDER BY user_id, id DESC`);
  return new Map(
    result.rows.map((row) => [Number(row.user_id), { firstName: row.first_name, lastName: row.last_name, status: row.status }]),
  );
}

/** The users whose latest submission's "first last" name matches an ILIKE pattern (the caller escapes it). */
export async function userIdsNamedLike(executor: Executor, pattern: string): Promise<number[]> {
  const result = await executor.execute<{ user_id: string }>(sql`
    SELECT user_id::text FROM (
      SELECT DISTINCT ON (user_id) user_id, first_name, last_name FROM kyc_submissions ORDER BY user_id, id DESC
    ) latest
    WHERE (first_name || ' ' || last_name) ILIKE ${pattern}`);
  return result.rows.map((row) => Number(row.user_id));
}
