import { asc, eq } from 'drizzle-orm';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { advanceRun, type RobotsDependencies } from './robots.service.ts';
import { robotRuns } from './robots.tables.ts';

/** Runs one job run advances (every run in progress at the budget of 1,000 robots). */
const PER_RUN = 2_000;

/**
 * The job that drives robots (every 5 s, on one process at a time): each run in progress is locked
 * (`SKIP LOCKED`: one being stopped is left to the next run), billed its energy up to now, and moved one
 * strategy round at the current quote.
 */
export function createRunsJob(dependencies: RobotsDependencies): JobDefinition {
  return {
    name: 'robot-runs',
    intervalMs: 5_000,
    async run(tx) {
      const running = await tx
        .select()
        .from(robotRuns)
        .where(eq(robotRuns.status, 'in_progress'))
        .orderBy(asc(robotRuns.id))
        .limit(PER_RUN)
        .for('update', { skipLocked: true });
      for (const row of running) await advanceRun(dependencies, tx, row);
    },
  };
}
