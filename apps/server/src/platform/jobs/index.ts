import { sql } from 'drizzle-orm';
import { type Database, type Executor, inTransaction } from '../db/index.ts';

export type JobDefinition = {
  name: string;
  intervalMs: number;
  run(executor: Executor): Promise<void>;
};

type Logger = { error(object: object, message: string): void; debug(object: object, message: string): void };

export type JobRunner = {
  register(job: JobDefinition): void;
  /** Runs the job now if it is due and no other process holds it; true when it ran here. */
  runIfDue(name: string): Promise<boolean>;
  start(): void;
  stop(): Promise<void>;
};

/**
 * Periodic jobs that run once per deployment: each run takes a transaction-scoped advisory lock
 * and checks the job's last run, so with several server processes exactly one runs it per interval.
 */
export function createJobRunner(db: Database, logger: Logger): JobRunner {
  const jobs = new Map<string, JobDefinition>();
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();

  async function runIfDue(name: string): Promise<boolean> {
    const job = jobs.get(name);
    if (!job) throw new Error(`Unknown job ${name}`);
    // Through inTransaction so what a job announces after commit (afterCommit: messages, order events)
    // is sent once its run has committed, never before nor for a rolled-back run.
    return inTransaction(db, async (tx) => {
      const lock = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(hashtext(${`job:${name}`})) AS locked`);
      if (!lock.rows[0]?.locked) return false;
      const due = await tx.execute<{ due: boolean }>(
        sql`SELECT NOT EXISTS (SELECT 1 FROM platform_job_runs WHERE name = ${name} AND last_run_at > now() - make_interval(secs => ${job.intervalMs / 1000})) AS due`,
      );
      if (!due.rows[0]?.due) return false;
      await job.run(tx);
      await tx.execute(
        sql`INSERT INTO platform_job_runs (name, last_run_at) VALUES (${name}, now()) ON CONFLICT (name) DO UPDATE SET last_run_at = excluded.last_run_at`,
      );
      return true;
    });
  }

  function tick(name: string) {
    const run = runIfDue(name)
      .then((didRun) => logger.debug({ job: name, didRun }, 'job tick'))
      .catch((error: unknown) => logger.error({ err: error, job: name }, 'job failed'));
    running.add(run);
    void run.finally(() => running.delete(run));
  }

  return {
    register(job) {
      jobs.set(job.name, job);
    },
    runIfDue,
    start() {
      for (const job of jobs.values()) {
        const timer = setInterval(() => tick(job.name), job.intervalMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
