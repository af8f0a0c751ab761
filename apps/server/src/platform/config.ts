import { resolve } from 'node:path';
import { z } from 'zod';

const booleanFromText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const urlWithProtocols = (protocols: string[]) =>
  z.url({ error: `must be a URL starting with ${protocols.join(' or ')}` }).refine((value) => protocols.some((p) => value.startsWith(p)), {
    error: `must start with ${protocols.join(' or ')}`,
  });

/** Every setting of the server, read from the environment and checked once at start. */
const environmentSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(8080),
  /** Default: 127.0.0.1 with demo data on (its passwords are public), else every interface (issue 15 §10). */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres://', 'postgresql://']).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: urlWithProtocols(['redis://', 'rediss://']).optional(),
  SMTP_URL: urlWithProtocols(['smtp://', 'smtps://']).optional(),
  MAIL_FROM: z.string().min(3).default('Bolsa <no-reply@bolsa.local>'),
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(12, { error: 'must have at least 12 characters' }).optional(),
  MARKET_CLOCK: z.enum(['real', 'always-open'], { error: 'must be real or always-open' }).default('real'),
  MARKET_SEED: z.coerce.number({ error: 'must be a whole number' }).int().min(0).default(20_260_101),
  MARKET_INSTRUMENTS: z
    .string()
    .regex(/^[A-Za-z0-9.]+(,[A-Za-z0-9.]+)*$/, { error: 'must be a comma-separated list of instrument codes' })
    .optional(),
  MARKET_TICK_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(50).max(60_000).default(500),
  PUSH_UPDATES_PER_SECOND: z.coerce.number({ error: 'must be a number' }).int().min(1).max(50).default(4),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level' }).default('info'),
  DEMO_DATA: booleanFromText.optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 60),
  SESSION_LIFETIME_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(30 * 24),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be seconds' }).int().min(1).max(600).default(30),
  HTTP_KEEP_ALIVE_SECONDS: z.coerce.number({ error: 'must be seconds' }).int().min(1).max(600).default(72),
  UPLOAD_SIZE_MAX_MB: z.coerce.number().int().min(1).max(50).default(5),
  UPLOAD_DAILY_MAX_FILES: z.coerce.number().int().min(1).default(50),
  UPLOAD_DAILY_MAX_MB: z.coerce.number().int().min(1).default(100),
  UPLOAD_TOTAL_MAX_FILES: z.coerce.number().int().min(1).default(1000),
  UPLOAD_TOTAL_MAX_MB: z.coerce.number().int().min(1).default(1000),
  CHAIN_BLOCK_SECONDS: z.coerce.number().min(0.01).max(3600).default(10),
  WITHDRAWAL_DAILY_MAX_USD: z.coerce.number({ error: 'must be a number' }).min(0).default(50_000),
  WITHDRAWAL_MONTHLY_MAX_USD: z.coerce.number({ error: 'must be a number' }).min(0).default(200_000),
  EMAIL_CODES_PER_CLIENT_HOUR: z.coerce.number().int().min(1).default(30),
  ADJUSTMENT_MAX_AMOUNT: z.coerce.number({ error: 'must be a number' }).min(0).max(1e12).default(10_000),
  ADJUSTMENT_ADMIN_MAX_AMOUNT: z.coerce.number({ error: 'must be a number' }).min(0).max(1e12).default(1_000_000),
  WEB_DIST_DIR: z.string().optional(),
  ADMIN_DIST_DIR: z.string().optional(),
});

/** The largest amount one adjustment may move, by the operator's role. */
export type AdjustmentMax = { admin: number; other: number };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  marketClock: 'real' | 'always-open';
  /** Seed of the simulated market: the same seed gives the same prices. */
  marketSeed: number;
  /** Only these instruments (tests and benchmarks); every instrument when unset. */
  marketInstruments: string[] | undefined;
  /** How often the feed produces a round of quotes. */
  marketTickMs: number;
  /** Push conflation: at most this many updates per instrument per second to one client. */
  pushUpdatesPerSecond: number;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  /** Seed the demo account: on by default with the embedded database, off with DATABASE_URL unless asked. */
  isDemoDataEnabled: boolean;
  sessionIdleMs: number;
  sessionLifetimeMs: number;
  rateLimitPerMinute: number;
  /** Registration and reset code mails one client address may ask for per hour. */
  emailCodesPerClientHour: number;
  /** A request must arrive whole (headers and body) within this time, and a silent connection is closed after it. */
  httpRequestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  httpKeepAliveMs: number;
  uploadSizeMaxBytes: number;
  /** What one user may upload per UTC day and keep in total, counted in stored (re-encoded) bytes. */
  uploadQuota: UploadQuota;
  /** Block time of the simulated chain that confirms crypto deposits. */
  chainBlockMs: number;
  /** Withdrawal limits of a verified identity (the one verification level), in USD. */
  withdrawalDailyMaxUsd: number;
  withdrawalMonthlyMaxUsd: number;
  /** The largest manual adjustment, in the wallet's currency: an admin's bound, and every other role's. */
  adjustmentMax: AdjustmentMax;
  webDistDir: string | undefined;
  adminDistDir: string | undefined;
};

export type UploadQuota = { dailyFiles: number; dailyMb: number; totalFiles: number; totalMb: number };

export class ConfigError extends Error {}

/** Reads the configuration; a wrong value stops the start with one line per problem, naming the variable. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(cleaned[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  if ((value.ADMIN_EMAIL === undefined) !== (value.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  return {
    port: value.PORT,
    host: value.HOST ?? ((value.DEMO_DATA ?? value.DATABASE_URL === undefined) ? '127.0.0.1' : '0.0.0.0'),
    dataDir: resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    databasePoolSize: value.DATABASE_POOL_SIZE,
    redisUrl: value.REDIS_URL,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    adminEmail: value.ADMIN_EMAIL,
    adminPassword: value.ADMIN_PASSWORD,
    marketClock: value.MARKET_CLOCK,
    marketSeed: value.MARKET_SEED,
    marketInstruments: value.MARKET_INSTRUMENTS?.split(',').map((code) => code.toUpperCase()),
    marketTickMs: value.MARKET_TICK_MS,
    pushUpdatesPerSecond: value.PUSH_UPDATES_PER_SECOND,
    logLevel: value.LOG_LEVEL,
    isDemoDataEnabled: value.DEMO_DATA ?? value.DATABASE_URL === undefined,
    sessionIdleMs: value.SESSION_IDLE_MINUTES * 60_000,
    sessionLifetimeMs: value.SESSION_LIFETIME_HOURS * 3_600_000,
    rateLimitPerMinute: value.RATE_LIMIT_PER_MINUTE,
    emailCodesPerClientHour: value.EMAIL_CODES_PER_CLIENT_HOUR,
    httpRequestTimeoutMs: value.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    httpKeepAliveMs: value.HTTP_KEEP_ALIVE_SECONDS * 1000,
    uploadSizeMaxBytes: value.UPLOAD_SIZE_MAX_MB * 1024 * 1024,
    uploadQuota: {
      dailyFiles: value.UPLOAD_DAILY_MAX_FILES,
      dailyMb: value.UPLOAD_DAILY_MAX_MB,
      totalFiles: value.UPLOAD_TOTAL_MAX_FILES,
      totalMb: value.UPLOAD_TOTAL_MAX_MB,
    },
    chainBlockMs: value.CHAIN_BLOCK_SECONDS * 1000,
    withdrawalDailyMaxUsd: value.WITHDRAWAL_DAILY_MAX_USD,
    adjustmentMax: { admin: value.ADJUSTMENT_ADMIN_MAX_AMOUNT, other: value.ADJUSTMENT_MAX_AMOUNT },
    withdrawalMonthlyMaxUsd: value.WITHDRAWAL_MONTHLY_MAX_USD,
    webDistDir: value.WEB_DIST_DIR,
    adminDistDir: value.ADMIN_DIST_DIR,
  };
}
