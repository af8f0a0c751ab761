import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { migrateDatabase } from '../db/index.ts';
import { createJobRunner } from './index.ts';

const quietLogger = { error: () => undefined, debug: () => undefined };

describe('the job runner', () => {
  it('runs a job once per interval across several runners on one database', async () => {
    const { database, dispose } = await openTestDatabase();
    try {
      await migrateDatabase(database);
      await database.db.execute(sql`CREATE TABLE job_probe (ran_at timestamptz NOT NULL DEFAULT now())`);
      const job = {
        name: 'probe',
        intervalMs: 60_000,
        async run(executor: typeof database.db) {
          await executor.execute(sql`INSERT INTO job_probe DEFAULT VALUES`);
        },
      };
      const runners = [
        createJobRunner(database.db, quietLogger),
        createJobRunner(database.db, quietLogger),
        createJobRunner(database.db, quietLogger),
      ];
      for (const runner of runners) runner.register(job);
      const results = await Promise.all(runners.flatMap((runner) => [runner.runIfDue('probe'), runner.runIfDue('probe')]));
      expect(results.filter(Boolean)).toHaveLength(1);
      const count = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM job_probe`);
      expect(count.rows[0]?.n).toBe(1);

      // Once the interval has passed, it is due again, and again only one runner runs it.
      await database.db.execute(sql`UPDATE platform_job_runs SET last_run_at = now() - interval '2 minutes'`);
      const later = await Promise.all(runners.map((runner) => runner.runIfDue('probe')));
      expect(later.filter(Boolean)).toHaveLength(1);
    } finally {
      await dispose();
    }
  });
});
