import type { Database, Executor } from './client.ts';
import { databaseErrorCode } from './errors.ts';

/** PostgreSQL aborts these transactions only because of what ran beside them; the same work may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS_MAX = 3;

/**
 * Runs `work` in a transaction and runs it again, up to three times, when PostgreSQL aborted it for a
 * deadlock or a serialization failure. Retrying is safe: the aborted attempt left nothing behind, and
 * every ledger movement inside carries an idempotency key.
 */
export async function inTransaction<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = databaseErrorCode(error);
      if (attempt >= ATTEMPTS_MAX || code === undefined || !RETRYABLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 10));
    }
  }
}
