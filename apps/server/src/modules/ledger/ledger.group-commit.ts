import { createGroupQueue, type Database, type GroupQueueOptions, retryingConflicts } from '../../platform/db/index.ts';
import * as repository from './ledger.repository.ts';

export type GroupCommitOptions = GroupQueueOptions;

/**
 * Measured on the 2-core reference machine (bench/README.md, ADR 0009): groups of 16 posted set-based
 * ran 1.5–1.7× pgbench, groups of 4 1.1×. A group holds its accounts' locks for one statement (about 2 ms).
 */
export const defaultGroupCommitOptions: GroupCommitOptions = { maxItems: 16, maxGroupsInFlight: 4 };

type Result = { journalId: number; isReplay: boolean };

/**
 * One movement alone, with exactly ledger_post's errors. A deadlock is retried: a lone movement holds no
 * lock while it waits for its idempotency key, but a group holding that key can be waiting for an
 * account the lone movement has just locked; PostgreSQL aborts one of them and nothing was written.
 */
const postAlone = (db: Database, movement: repository.PostInput): Promise<Result> =>
  retryingConflicts(() => repository.post(db, movement), 5);

/**
 * Group commit for movements that stand alone (not part of a caller's transaction): movements that
 * arrive while the groups in flight are busy are posted together, set-based, in one statement and one
 * transaction (`ledger_post_set`, ADR 0009), so they share one commit and one execution of each of its
 * statements instead of paying them each. Every movement keeps its own idempotency key, its own result
 * and its own refusal: a group in which any movement would be refused, or whose key was used before,
 * writes nothing and its movements are posted one by one (`ledger_post`), which is always correct
 * because every movement is idempotent. Nothing is weakened: each group commits durably
 * (synchronous_commit stays on) before any of its callers is answered.
 */
export function createGroupCommit(db: Database, options: GroupCommitOptions = defaultGroupCommitOptions) {
  const queue = createGroupQueue<repository.PostInput, Result>(options, {
    keyOf: (movement) => movement.key,
    sendGroup: async (movements) => (await repository.postSet(db, movements)).map((journalId) => ({ journalId, isReplay: false })),
    sendAlone: (movement) => postAlone(db, movement),
  });
  return {
    /** How many groups were sent and how big they were: what the benchmarks print. */
    stats: () => {
      const { items, ...rest } = queue.stats();
      return { ...rest, movements: items };
    },
    post: (movement: repository.PostInput) => queue.submit(movement),
  };
}
