import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { leverageQuestionsVersion } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../platform/config.ts';
import { type DatabaseHandle, openDatabase } from '../platform/db/index.ts';
import { createMailer, type Mailer } from '../platform/mail/index.ts';

/**
 * Test support: the real app on a real database. By default embedded PGlite in memory; when the
 * project runs with TEST_DATABASE_KIND=postgres, a fresh database on TEST_DATABASE_URL's server.
 */
export type TestApp = {
  app: FastifyInstance;
  mailer: Mailer;
  config: Config;
  database: DatabaseHandle;
  /** POST (or GET) under /web with JSON, returning the parsed envelope and HTTP status. */
  call<T = unknown>(path: string, options?: CallOptions): Promise<{ status: number; body: { code: number; msg: string; data: T } }>;
  /** The 6-digit code in the newest mail to an address. */
  lastCodeFor(email: string): string;
  close(): Promise<void>;
};

type CallOptions = {
  body?: unknown;
  token?: string;
  language?: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  raw?: string;
  /** Path under /admin/api instead of /web. */
  isOperatorApi?: boolean;
  /** The client's address (127.0.0.1 unless given): sessions record it. */
  remoteAddress?: string;
};

export const databaseKind = process.env.TEST_DATABASE_KIND === 'postgres' ? 'postgres' : 'pglite';

/** Creates an empty database on the PostgreSQL server of TEST_DATABASE_URL and returns its URL and a drop function. */
export async function createScratchPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_KIND=postgres needs TEST_DATABASE_URL');
  const name = `bolsa_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Two app instances on one scratch PostgreSQL database and the Redis of REDIS_URL, as two server
 * processes (the server-redis project). Jobs do not run; `listen` puts each on a port of its own (for
 * push sockets), otherwise they are only made ready for `inject`.
 */
export async function startTwoProcesses(
  options: { configOverrides?: Record<string, string>; appOptions?: AppOptions; listen?: boolean } = {},
): Promise<{ apps: [FastifyInstance, FastifyInstance]; mailers: [Mailer, Mailer]; close(): Promise<void> }> {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl || !process.env.TEST_DATABASE_URL) throw new Error('two server processes need REDIS_URL and TEST_DATABASE_URL');
  const scratch = await createScratchPostgresDatabase();
  const apps: FastifyInstance[] = [];
  const mailers: Mailer[] = [];
  for (let index = 0; index < 2; index += 1) {
    const config = testConfig({ DATABASE_URL: scratch.url, REDIS_URL: redisUrl, ...options.configOverrides });
    const database = await openDatabase(config);
    const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, logger: { info: () => undefined } });
    const app = await buildApp(config, { database, mailer, shouldStartJobs: false, ...options.appOptions });
    app.addHook('onClose', async () => database.close());
    if (options.listen) await app.listen({ port: 0, host: '127.0.0.1' });
    else await app.ready();
    apps.push(app);
    mailers.push(mailer);
  }
  return {
    apps: apps as [FastifyInstance, FastifyInstance],
    mailers: mailers as [Mailer, Mailer],
    async close() {
      for (const app of apps) await app.close();
      await scratch.drop();
    },
  };
}

/** The instruments of test apps: one or two of every source and calendar. */
export const testInstrumentCodes = ['AAPL', 'MSFT', 'GEV', 'IMO', 'GGAL', '2330', 'ESZ6', 'GCG7', 'EURUSD', 'USDTWD', 'SPX', 'N225'];

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bolsa-test-')),
    DEMO_DATA: 'false',
    RATE_LIMIT_PER_MINUTE: '100000',
    EMAIL_CODES_PER_CLIENT_HOUR: '100000',
    // A small market keeps every test app's start and history backfill to a second or so.
    MARKET_INSTRUMENTS: testInstrumentCodes.join(','),
    MARKET_CLOCK: 'always-open',
    ...overrides,
  });
}

export async function openTestDatabase(): Promise<{ database: DatabaseHandle; config: Config; dispose(): Promise<void> }> {
  if (databaseKind === 'postgres') {
    const scratch = await createScratchPostgresDatabase();
    const config = testConfig({ DATABASE_URL: scratch.url });
    const database = await openDatabase(config);
    return {
      database,
      config,
      async dispose() {
        await database.close();
        await scratch.drop();
      },
    };
  }
  const config = testConfig();
  const database = await openDatabase(config, { inMemory: true });
  return { database, config, dispose: () => database.close() };
}

export async function startTestApp(
  options: { configOverrides?: Record<string, string>; appOptions?: AppOptions; shouldStartMarketFeed?: boolean } = {},
): Promise<TestApp> {
  const { database, config: baseConfig, dispose } = await openTestDatabase();
  const config = {
    ...baseConfig,
    ...(options.configOverrides ? testConfig(options.configOverrides) : {}),
    databaseUrl: baseConfig.databaseUrl,
  };
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, logger: { info: () => undefined } });
  const app = await buildApp(config, {
    database,
    mailer,
    shouldStartJobs: false,
    shouldStartMarketFeed: options.shouldStartMarketFeed ?? false,
    ...options.appOptions,
  });
  await app.ready();
  return {
    app,
    mailer,
    config,
    database,
    async call(path, callOptions = {}) {
      const headers: Record<string, string> = { ...callOptions.headers };
      if (callOptions.token) headers.authorization = callOptions.token;
      if (callOptions.language) headers.languages = callOptions.language;
      const request: InjectOptions = {
        method: callOptions.method ?? 'POST',
        url: `${callOptions.isOperatorApi ? '/admin/api' : '/web'}${path}`,
        headers,
      };
      if (callOptions.remoteAddress) request.remoteAddress = callOptions.remoteAddress;
      if (callOptions.raw !== undefined) {
        request.payload = callOptions.raw;
        headers['content-type'] ??= 'application/json';
      } else if (callOptions.body !== undefined) {
        request.payload = callOptions.body as InjectOptions['payload'];
      }
      const response = await app.inject(request);
      return { status: response.statusCode, body: response.json() };
    },
    lastCodeFor(email) {
      const mail = mailer.outbox().find((entry) => entry.to === email);
      const code = mail?.text.match(/\b\d{6}\b/)?.[0];
      if (!code) throw new Error(`No code mailed to ${email}`);
      return code;
    },
    async close() {
      await app.close();
      await dispose();
    },
  };
}

let emailCounter = 0;
/** A fresh address per call, so scenarios never collide. */
export function uniqueEmail(prefix = 'user') {
  emailCounter += 1;
  return `${prefix}.${Date.now().toString(36)}.${emailCounter}@example.com`;
}

/** The right answers of the leverage check (issue 15 §11), as a user who understood would send them. */
export const rightLeverageAnswers = {
  answers: { loss: 'allMargin', effect: 'tenPercent', stopOut: 'closed' },
  acceptsRisk: true,
} as const;

/**
 * Registers a user through the real code flow and returns the session. The user has answered the leverage
 * check (its stored answers) unless `hasLeverageCheck: false`: most scenarios trade with leverage and are
 * not about that check; the ones that are register users without it.
 */
export async function registerUser(
  testApp: TestApp,
  email = uniqueEmail(),
  password = 'secret123',
  options: { hasLeverageCheck?: boolean } = {},
) {
  const codeResponse = await testApp.call('/getEmailCode', { body: { email, type: 'register' } });
  if (codeResponse.body.code !== 200) throw new Error(`getEmailCode failed: ${codeResponse.body.msg}`);
  const code = testApp.lastCodeFor(email);
  const response = await testApp.call<{ token: string; user: { id: string; email: string; invitationCode: string } }>('/register', {
    body: { email, password, confirmPassword: password, code },
  });
  if (response.body.code !== 200) throw new Error(`register failed: ${response.body.msg}`);
  const { token } = response.body.data;
  if (options.hasLeverageCheck !== false) {
    // Stored as the endpoint stores it, but without an authenticated request: a request would put the new
    // session in the process's session cache, and the session tests change sessions behind that cache.
    await testApp.database.db.execute(
      sql`INSERT INTO trading_leverage_acknowledgements (user_id, questions_version, answers)
          VALUES (${Number(response.body.data.user.id)}, ${leverageQuestionsVersion}, ${JSON.stringify(rightLeverageAnswers.answers)}::jsonb)`,
    );
  }
  return { email, password, token, user: response.body.data.user };
}

/** One of `startTwoProcesses`' apps: a call under /web with a token, and a new user registered on it. */
export function webCallerOf(app: FastifyInstance) {
  const call = async <T>(path: string, token: string, body: unknown) =>
    (
      await app.inject({ method: 'POST', url: `/web${path}`, headers: { authorization: token, languages: 'en' }, payload: body as object })
    ).json<{ code: number; msg: string; data: T }>();
  async function register(prefix: string) {
    const email = uniqueEmail(prefix);
    await call('/getEmailCode', '', { email, type: 'register' });
    const code = /\b(\d{6})\b/.exec(app.platform.mailer.outbox().find((entry) => entry.to === email)?.text ?? '')?.[1] ?? '';
    const registered = await call<{ token: string; user: { id: string } }>('/register', '', {
      email,
      password: 'secret123',
      confirmPassword: 'secret123',
      code,
    });
    if (registered.code !== 200) throw new Error(`register failed: ${registered.msg}`);
    return { token: registered.data.token, userId: Number(registered.data.user.id) };
  }
  return { call, register };
}

export const TEST_OPERATOR = { email: 'ops@example.com', password: 'operator-password-1' } as const;

/** Config for an app with the bootstrap operator. */
export const withOperator = { ADMIN_EMAIL: TEST_OPERATOR.email, ADMIN_PASSWORD: TEST_OPERATOR.password };

export async function operatorToken(testApp: TestApp): Promise<string> {
  const response = await testApp.call<{ token: string }>('/auth/login', { isOperatorApi: true, body: TEST_OPERATOR });
  if (response.body.code !== 200) throw new Error(`operator login failed: ${response.body.msg}`);
  return response.body.data.token;
}

/**
 * An operator sets a market's most leverage through the audited console route, as an operator of a platform
 * offering more than the retail default would (issue 15 §11). Needs an app started `withOperator`.
 */
export async function setMarketLeverageMax(testApp: TestApp, source: string, leverageMax: number) {
  const token = await operatorToken(testApp);
  const response = await testApp.call(`/markets/${source}/settings`, { isOperatorApi: true, token, body: { leverageMax } });
  if (response.body.code !== 200) throw new Error(`market settings failed: ${response.body.msg}`);
}

/**
 * A 1×1 PNG, the smallest real image, for upload tests. Exactly what the server's re-encoding writes for
 * it, so the stored copy has the same bytes. (The earlier fixture had an IDAT length that disagreed
 * with its data: it only looked like a PNG by its first bytes, and a decoder refuses it.)
 */
export const tinyPng = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a494441547801630001000005000136d088dd0000000049454e44ae426082',
  'hex',
);

/** Sends a multipart upload with one `file` part. */
export async function upload(testApp: TestApp, token: string, bytes: Buffer, filename = 'screenshot.png', contentType = 'image/png') {
  const boundary = `----bolsa${Date.now().toString(16)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/web/file/upload',
    headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}`, languages: 'en' },
    payload,
  });
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: { url: string } | null } };
}

/** Takes a user through identity verification for real: document images uploaded, submitted, approved by the operator. */
export async function verifyIdentity(testApp: TestApp, user: { token: string }, operator: string, idNumber = '30123456') {
  const front = await upload(testApp, user.token, tinyPng);
  const back = await upload(testApp, user.token, tinyPng);
  const submitted = await testApp.call<{ status: string }>('/updateReal', {
    token: user.token,
    body: {
      documentType: 'idcard',
      countryCode: 'AR',
      firstName: 'Ana',
      lastName: 'Pérez',
      idNumber,
      frontImageUrl: front.body.data?.url,
      backImageUrl: back.body.data?.url,
    },
  });
  if (submitted.body.code !== 200) throw new Error(`updateReal failed: ${submitted.body.msg}`);
  const queue = await testApp.call<{ list: Array<{ id: string; userEmail: string }> }>('/kyc?status=pending&pageSize=100', {
    isOperatorApi: true,
    token: operator,
    method: 'GET',
  });
  const mine = queue.body.data.list.at(-1);
  if (!mine) throw new Error('the submission is not in the review queue');
  const approved = await testApp.call(`/kyc/${mine.id}/approve`, { isOperatorApi: true, token: operator });
  if (approved.body.code !== 200) throw new Error(`approve failed: ${approved.body.msg}`);
}
