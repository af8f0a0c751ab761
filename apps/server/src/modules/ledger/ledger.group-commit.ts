import { type Database, databaseErrorCode } from '../../platform/db/index.ts';
import * as repository from './ledger.repository.ts';

export type GroupCommitOptions = {
  /** Most movements in one transaction; a bigger group holds its accounts' locks longer. */
  maxMovements: number;
  /** Groups in flight at once (each uses one pooled connection); while all are busy, new movements queue and join the next group. */
  maxGroupsInFlight: number;
};

/** Small groups: a group holds its accounts' locks until it commits. */
export const defaultGroupCommitOptions: GroupCommitOptions = { maxMovements: 4, maxGroupsInFlight: 8 };

type Result = { journalId: number; isReplay: boolean };

/** PostgreSQL aborted the statement only because of what ran beside it; it left nothing behind. */
const isDeadlock = (error: unknown) => databaseErrorCode(error) === '40P01';

/**
 * One movement alone, with exactly ledger_post's errors. A deadlock is retried: a lone movement holds no
 * lock while it waits for its idempotency key, but a group holding that key can be waiting for an
 * account the lone movement has just locked; PostgreSQL aborts one of them and nothing was written.
 */
async function postAlone(db: Database, movement: repository.PostInput): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await repository.post(db, movement);
    } catch (error) {
      if (attempt >= 5 || !isDeadlock(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

type Waiting = {
  movement: repository.PostInput;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
};

/**
 * Group commit for movements that stand alone (not part of a caller's transaction): movements that
 * arrive while the groups in flight are busy are posted together in one round trip and one
 * transaction (`ledger_post_batch`), so they share one commit instead of paying one each. Every
 * movement keeps its own idempotency key, its own result and its own refusal. Nothing is weakened:
 * each group commits durably (synchronous_commit stays on) before any of its callers is answered.
 *
 * The wait is never a timer: a movement that finds a free slot is sent at once (after the current
 * turn of the event loop, so movements issued together travel together); only under load, when every
 * slot is busy, do movements queue, and then the queue is exactly the group the next free slot sends.
 */
export function createGroupCommit(db: Database, options: GroupCommitOptions = defaultGroupCommitOptions) {
  const queue: Waiting[] = [];
  let inFlight = 0;
  let isScheduled = false;
  const stats = { groups: 0, movements: 0, largestGroup: 0, fallbacks: 0 };
  // Idempotency keys queued or in flight here: a repeat waits for the first to finish before it is
  // posted (then it replays). Two groups each holding one of two keys the other wants would deadlock.
  const keysInFlight = new Map<string, Promise<unknown>>();

  function schedule() {
    if (isScheduled || queue.length === 0 || inFlight >= options.maxGroupsInFlight) return;
    isScheduled = true;
    setImmediate(() => {
      isScheduled = false;
      while (queue.length > 0 && inFlight < options.maxGroupsInFlight) {
        void send(queue.splice(0, options.maxMovements));
      }
    });
  }

  async function send(group: Waiting[]) {
    inFlight += 1;
    stats.groups += 1;
    stats.movements += group.length;
    stats.largestGroup = Math.max(stats.largestGroup, group.length);
    try {
      if (group.length === 1) {
        // Alone: the plain function, with exactly its errors.
        const [only] = group as [Waiting];
        await postAlone(db, only.movement).then(only.resolve, only.reject);
        return;
      }
      let results: repository.BatchResult[];
      try {
        results = await repository.postBatch(
          db,
          group.map((waiting) => waiting.movement),
        );
      } catch {
        stats.fallbacks += 1;
        // The whole group rolled back (a malformed movement, a deadlock): nothing of it was written, so
        // each movement is posted alone and meets its own result or error.
        await Promise.all(group.map((waiting) => postAlone(db, waiting.movement).then(waiting.resolve, waiting.reject)));
        return;
      }
      group.forEach((waiting, index) => {
        const result = results[index];
        if (!result) waiting.reject(new Error('ledger_post_batch returned fewer rows than movements'));
        else if (result.error) waiting.reject(result.error);
        else waiting.resolve({ journalId: result.journalId, isReplay: result.isReplay });
      });
    } finally {
      inFlight -= 1;
      schedule();
    }
  }

  return {
    /** How many groups were sent and how big they were: what the benchmarks print. */
    stats: () => ({ ...stats }),
    post(movement: repository.PostInput): Promise<Result> {
      const enqueue = () =>
        new Promise<Result>((resolve, reject) => {
          queue.push({ movement, resolve, reject });
          schedule();
        });
      const earlier = keysInFlight.get(movement.key);
      const posted = earlier ? earlier.then(enqueue, enqueue) : enqueue();
      const settled = posted.then(
        () => undefined,
        () => undefined,
      );
      keysInFlight.set(movement.key, settled);
      void settled.then(() => {
        if (keysInFlight.get(movement.key) === settled) keysInFlight.delete(movement.key);
      });
      return posted;
    },
  };
}
