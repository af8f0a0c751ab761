import { and, asc, eq } from 'drizzle-orm';
import { inTransaction } from '../../platform/db/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { advanceRun, type RobotsDependencies } from './robots.service.ts';
import { robotRuns } from './robots.tables.ts';

/** Runs one job run advances (every run in progress at the budget of 1,000 robots). */
const PER_RUN = 2_000;

/**
 * The job that drives robots (every 5 s, on one process at a time): each run in progress is advanced in
 * its own short transaction — locked (`SKIP LOCKED`: one being stopped is left to the next run), billed
 * its energy up to now, and moved one strategy round at the current quote — so a round over a thousand
 * robots never holds a user's wallet (which the execution engine's fills need) for longer than one run.
 */
export function createRunsJob(dependencies: RobotsDependencies): JobDefinition {
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
      for (const { id } of running)
        await inTransaction(dependencies.db, async (runTx) => {
          const [row] = await runTx
            .select()
            .from(robotRuns)
            .where(and(eq(robotRuns.id, id), eq(robotRuns.status, 'in_progress')))
            .for('update', { skipLocked: true });
          if (row) await advanceRun(dependencies, runTx, row);
        });
    },
  };
}
