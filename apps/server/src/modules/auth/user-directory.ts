import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';

/** One account as the console's user list shows it, with the kinds frozen (text form {a,b} on the embedded database). */
export type UserDirectoryRow = { id: string; email: string; createdAt: Date | string; restrictions: string[] | string | null };

/**
 * Accounts, newest first, a page at a time: one user by id, or those whose email contains the text, whose
 * id is the text, or who are among `alsoUserIds` (matched by another module, e.g. by their verified name).
 * An empty text without `userId` lists everyone.
 */
export async function findUsers(
  executor: Executor,
  input: { userId?: number; text: string; pattern: string; alsoUserIds: readonly number[]; limit: number; offset: number },
): Promise<{ total: number; rows: UserDirectoryRow[] }> {
  const { text, pattern } = input;
  const filter =
    input.userId !== undefined
      ? sql`u.id = ${input.userId}`
      : text === ''
        ? sql`TRUE`
        : sql`(u.email ILIKE ${pattern} OR u.id::text = ${text} OR u.id = ANY(string_to_array(${input.alsoUserIds.join(',')}, ',')::bigint[]))`;
  const result = await executor.execute<{
    id: string;
    email: string;
    created_at: Date | string;
    restrictions: string[] | string | null;
    total: string;
  }>(sql`
    SELECT u.id::text, u.email, u.created_at,
      (SELECT array_agg(r.kind ORDER BY r.kind) FROM user_restrictions r WHERE r.user_id = u.id) AS restrictions,
      count(*) OVER () AS total
    FROM users u
    WHERE ${filter}
    ORDER BY u.id DESC
    LIMIT ${input.limit} OFFSET ${input.offset}`);
  return {
    total: Number(result.rows[0]?.total ?? 0),
    rows: result.rows.map((row) => ({ id: row.id, email: row.email, createdAt: row.created_at, restrictions: row.restrictions })),
  };
}
