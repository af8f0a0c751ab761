import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createInProcessBus, createRedisBus, type EventBus } from './bus/index.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, type Executor, openDatabase } from './db/index.ts';
import { createJobRunner, type JobRunner } from './jobs/index.ts';
import { createMailer, type Mailer } from './mail/index.ts';
import { createLocalFileStorage, type FileStorage } from './storage/index.ts';

/** What every module is given: the configuration and the shared infrastructure of this process. */
export type Platform = {
  config: Config;
  database: DatabaseHandle;
  bus: EventBus;
  mailer: Mailer;
  jobs: JobRunner;
  storage: FileStorage;
  logger: FastifyBaseLogger;
  /** The clock of the money flows (tests move it); real time unless the app was built with another. */
  now: () => Date;
};

export type PlatformOptions = {
  /** Use this database instead of opening one from the configuration (tests share one per file). */
  database?: DatabaseHandle;
  /** Embedded database in memory instead of under DATA_DIR. */
  inMemoryDatabase?: boolean;
  mailer?: Mailer;
  /** Start the periodic jobs (off in most tests, which call them directly). */
  shouldStartJobs?: boolean;
  now?: () => Date;
};

const embeddedAnalyzeJob = {
  name: 'embedded-analyze',
  intervalMs: 60 * 60_000,
  async run(executor: Executor) {
    await executor.execute(sql`ANALYZE`);
  },
};

/** Opens the database (unless given one), the mailer, the bus, the job runner and the file storage. */
export async function openPlatform(config: Config, options: PlatformOptions, logger: FastifyBaseLogger): Promise<Platform> {
  const database = options.database ?? (await openDatabase(config, { inMemory: options.inMemoryDatabase ?? false }));
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  const bus = config.redisUrl ? await createRedisBus(config.redisUrl) : createInProcessBus();
  const jobs = createJobRunner(database.db, logger);
  if (database.kind === 'embedded') jobs.register(embeddedAnalyzeJob);
  const storage = createLocalFileStorage(config.dataDir);
  return { config, database, bus, mailer, jobs, storage, logger, now: options.now ?? (() => new Date()) };
}

/** Closes what `openPlatform` opened, the database only when it opened it (a test's own stays open). */
export async function closePlatform(platform: Platform, options: PlatformOptions) {
  await platform.jobs.stop();
  await platform.bus.close();
  await platform.mailer.close();
  if (options.database === undefined) await platform.database.close();
}
