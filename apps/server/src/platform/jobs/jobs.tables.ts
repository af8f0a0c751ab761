import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** When each periodic job last ran, so that several server processes run it once per interval. */
export const jobRuns = pgTable('platform_job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }).notNull(),
});
