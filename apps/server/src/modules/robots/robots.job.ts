import { and, asc, eq } from 'drizzle-orm';
import { type Executor, inTransaction } from '../../platform/db/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { advanceRun, type RobotsDependencies } from './robots.service.ts';
import { robotRuns } from './robots.tables.ts';

/** Runs one job run advances (every run in progress at the budget of 1,000 robots). */
const PER_RUN = 2_000;

/** Locks one run still in progress (`SKIP LOCKED`: one being stopped is left to the next run) and advances it. */
async function advanceOne(dependencies: RobotsDependencies, executor: Executor, id: number) {
  const [row] = await executor
    .select()
    .from(robotRuns)
    .where(and(eq(robotRuns.id, id), eq(robotRuns.status, 'in_progress')))
    .for('update', { skipLocked: true });
  if (row) await advanceRun(dependencies, executor, row);
}

/**
 * The job that drives robots (every 5 s, on one process at a time): each run in progress is billed its
 * energy up to now and moved one strategy round at the current quote. On PostgreSQL each run is its own
 * short transaction, so a round over a thousand robots never holds a user's wallet (which the execution
 * engine's fills need) for longer than one run: one transaction for the whole round added seconds to
 * the tick-to-fill p99 (bench/robots.mjs). Embedded PGlite has one connection, which the job's own
 * transaction holds, so there the runs share it.
 */
export function createRunsJob(dependencies: RobotsDependencies, options: { isOneConnection: boolean }): JobDefinition {
  return {
    name: 'robot-runs',
    intervalMs: 5_000,
    async run(tx) {
      const running = await tx
        .select({ id: robotRuns.id })
        .from(robotRuns)
        .where(eq(robotRuns.status, 'in_progress'))
        .orderBy(asc(robotRuns.id))
        .limit(PER_RUN);
      for (const { id } of running) {
        if (options.isOneConnection) await advanceOne(dependencies, tx, id);
        else await inTransaction(dependencies.db, (runTx) => advanceOne(dependencies, runTx, id));
      }
    },
  };
}
