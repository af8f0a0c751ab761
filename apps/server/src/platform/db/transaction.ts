import type { Database, Executor } from './client.ts';
import { databaseErrorCode, sqlStates } from './errors.ts';

/** Callbacks waiting for the commit of a transaction that `inTransaction` opened. */
const pendingAfterCommit = new WeakMap<object, Array<() => void>>();

function runSafely(callback: () => void) {
  try {
    callback();
  } catch {
    // An after-commit callback tells others about what already happened; its failure cannot undo it.
  }
}

/**
 * Runs `callback` once the transaction of `executor` has committed (at once when `executor` is not a
 * transaction of `inTransaction`, whose statements commit as they run). Used to announce what a
 * transaction wrote, such as a new message on the bus, only when readers can already see it, and never
 * for work that was rolled back.
 */
export function afterCommit(executor: Executor, callback: () => void): void {
  const callbacks = pendingAfterCommit.get(executor);
  if (callbacks) callbacks.push(callback);
  else queueMicrotask(() => runSafely(callback));
}

/** PostgreSQL aborts these only because of what ran beside them; the same work may simply run again. */
const RETRYABLE = new Set<string>([sqlStates.deadlockDetected, sqlStates.serializationFailure]);
const ATTEMPTS_MAX = 3;

/**
 * Runs `work` (a transaction, or one statement that commits on its own) and runs it again, up to
 * `attempts` times in all, when PostgreSQL aborted it for a deadlock or a serialization failure. Retrying
 * is safe: the aborted attempt left nothing behind, and every ledger movement carries an idempotency key.
 */
export async function retryingConflicts<T>(work: () => Promise<T>, attempts = ATTEMPTS_MAX): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = databaseErrorCode(error);
      if (attempt >= attempts || code === undefined || !RETRYABLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 10));
    }
  }
}

/** Runs `work` in a transaction, again when it was aborted for a conflict (`retryingConflicts`). */
export async function inTransaction<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  return retryingConflicts(async () => {
    const callbacks: Array<() => void> = [];
    const result = await db.transaction(async (tx) => {
      pendingAfterCommit.set(tx, callbacks);
      return work(tx);
    });
    // Only the attempt that committed runs its callbacks; an aborted attempt's list is dropped with it.
    for (const callback of callbacks) runSafely(callback);
    return result;
  });
}

/**
 * Runs `work` in a savepoint of the caller's transaction: a refusal rolls back only what `work` wrote,
 * and what it registered with `afterCommit` runs when the caller's transaction commits (never for a
 * savepoint rolled back). For a job that does many independent things in its one transaction.
 */
export async function inSavepoint<T>(executor: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  const callbacks: Array<() => void> = [];
  const result = await executor.transaction(async (tx) => {
    pendingAfterCommit.set(tx, callbacks);
    return work(tx);
  });
  const outer = pendingAfterCommit.get(executor);
  if (outer) outer.push(...callbacks);
  else for (const callback of callbacks) runSafely(callback);
  return result;
}
