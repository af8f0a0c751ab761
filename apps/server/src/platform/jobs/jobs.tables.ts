import { pgTable, text } from 'drizzle-orm/pg-core';
import { at } from '../db/columns.ts';

/** When each periodic job last ran, so that several server processes run it once per interval. */
export const jobRuns = pgTable('platform_job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: at('last_run_at').notNull(),
});
