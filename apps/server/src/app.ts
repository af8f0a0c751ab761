import { API_BASE_PATH } from '@bolsa/contracts';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createAdjustmentsService,
  createAdminService,
  createAdminUsersService,
  createInstrumentsAdminService,
  createOperatorAccountsService,
  registerAdminRoutes,
  registerOperatorAccountRoutes,
  registerOperatorOpsRoutes,
} from './modules/admin/index.ts';
import { createAuthService, createRestrictionsService, createSessionCache, registerAuthRoutes } from './modules/auth/index.ts';
import { createContentService, registerContentRoutes } from './modules/content/index.ts';
import {
  type ChainWatcher,
  createDepositsService,
  createLiveFxRates,
  createPayoutAccountsService,
  createReferenceFxRates,
  createSimulatedChainWatcher,
  createWalletService,
  createWithdrawalsService,
  type FxRates,
  registerFundingRoutes,
} from './modules/funding/index.ts';
import { createKycService, registerKycRoutes } from './modules/kyc/index.ts';
import { createLedgerService } from './modules/ledger/index.ts';
import {
  calendars,
  createMarketModule,
  type MarketModule,
  registerMarketRoutes,
  statusAt,
  type TradeSource,
} from './modules/market/index.ts';
import { createMessagesService, registerMessagesRoutes } from './modules/messages/index.ts';
import {
  createExecutionEngine,
  createTradingService,
  createTradingSettings,
  type ExecutionEngine,
  type QuoteSource,
  registerTradingRoutes,
  type TradingService,
} from './modules/trading/index.ts';
import { createUploadsService, registerUploadRoutes } from './modules/uploads/index.ts';
import { createInProcessBus, createRedisBus, type EventBus } from './platform/bus/index.ts';
import type { Config } from './platform/config.ts';
import { type DatabaseHandle, migrateDatabase, openDatabase } from './platform/db/index.ts';
import {
  createRequestIdGenerator,
  publicRoute,
  registerEnvelope,
  registerSecurityHeaders,
  registerStaticFiles,
  requestLoggerFactory,
  sendError,
} from './platform/http/index.ts';
import { createJobRunner, type JobRunner } from './platform/jobs/index.ts';
import { createMailer, type Mailer } from './platform/mail/index.ts';
import { everyoneEventsTopic, userEventsTopic } from './platform/notifications.ts';
import { defaultAdminDistDir, defaultWebDistDir } from './platform/paths.ts';
import { createLocalFileStorage, type FileStorage } from './platform/storage/index.ts';

export const DEMO_ACCOUNT = { email: 'demo@bolsa.app', password: 'demo1234' } as const;
/** The demo's operator, so the console can be tried at once; only with demo data and no ADMIN_EMAIL. */
export const DEMO_OPERATOR = { email: 'ops@bolsa.app', password: 'bolsa-ops-demo' } as const;

export type AppOptions = {
  /** Use this database instead of opening one from the configuration (tests share one per file). */
  database?: DatabaseHandle;
  /** Embedded database in memory instead of under DATA_DIR. */
  inMemoryDatabase?: boolean;
  mailer?: Mailer;
  /** Start the periodic jobs (off in most tests, which call them directly). */
  shouldStartJobs?: boolean;
  /** Replace the simulated chain or the reference FX rates (tests, vendors). */
  chainWatcher?: ChainWatcher;
  fxRates?: FxRates;
  now?: () => Date;
  /**
   * The clock of operator sign-in (TOTP steps, session expiry). Real time, never the simulated `now`:
   * authenticator apps run on real time. Tests move it to step past a used code.
   */
  operatorClock?: () => Date;
  /** Trades from this source instead of the simulated market (tests replay a file). */
  marketSource?: TradeSource;
  /** The market feed's clock instead of the system's (tests replay a file at a chosen date). */
  marketNow?: () => number;
  /** Start the market feed (on by default; tests that do not read quotes leave it off to stay light). */
  shouldStartMarketFeed?: boolean;
  /** Where trading reads quotes instead of the market feed (tests script exact bids and asks). */
  quoteSource?: QuoteSource;
  /** Start the trading execution engine (on by default). */
  shouldStartTradingEngine?: boolean;
};

export type Platform = {
  config: Config;
  database: DatabaseHandle;
  bus: EventBus;
  mailer: Mailer;
  jobs: JobRunner;
  storage: FileStorage;
};

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
    /** Stops taking requests (503) and resolves once those in flight are answered, or after the timeout. */
    drain(timeoutMs: number): Promise<void>;
    market: MarketModule;
    trading: { service: TradingService; engine: ExecutionEngine };
    /** Every route registered, with the permission an operator route declares (the operator matrix test walks it). */
    routeList: Array<{ method: string; url: string; permission: string | undefined }>;
  }
}

const embeddedAnalyzeJob = {
  name: 'embedded-analyze',
  intervalMs: 60 * 60_000,
  async run(executor: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }) {
    await executor.execute(sql`ANALYZE`);
  },
};

/** Builds the whole server (for tests and for real): external plugins, then the platform, then the routes. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
    // Both per request, so both cheap: a counter behind a random per-process prefix, and a child logger
    // made only when the request writes a line (platform/http).
    genReqId: createRequestIdGenerator(),
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeList: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url, permission: route.config?.permission });
  });

  const isDatabaseOwned = options.database === undefined;
  const database = options.database ?? (await openDatabase(config, { inMemory: options.inMemoryDatabase ?? false }));
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log });
  const bus = config.redisUrl ? await createRedisBus(config.redisUrl) : createInProcessBus();
  const jobs = createJobRunner(database.db, app.log);
  const storage = createLocalFileStorage(config.dataDir);
  app.decorate('platform', { config, database, bus, mailer, jobs, storage });
  const market = createMarketModule({
    config,
    db: database.db,
    bus,
    logger: app.log,
    ...(options.marketSource ? { source: options.marketSource } : {}),
    ...(options.marketNow ? { now: options.marketNow } : {}),
  });
  app.decorate('market', market);

  // Graceful shutdown: drain() answers new requests 503 and resolves when the in-flight ones have finished,
  // before app.close() tears down connections and closes the database.
  let inFlight = 0;
  let isDraining = false;
  let onDrained: (() => void) | undefined;
  const settle = () => {
    inFlight -= 1;
    if (inFlight === 0) onDrained?.();
  };
  // Hooks of every request take a callback rather than being async: no promise per request.
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight += 1;
    if (!isDraining) return done();
    // Answered here: the hook chain stops without done().
    reply.header('connection', 'close');
    sendError(reply, 'SERVICE_UNAVAILABLE');
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    settle();
    done();
  });
  // Fastify requires exactly one parameter on an async onRequestAbort hook.
  app.addHook('onRequestAbort', async (_request) => settle());
  app.decorate('drain', async (timeoutMs: number) => {
    // A request whose headers reached the socket before the signal is in flight too, but a busy event
    // loop may not have parsed it yet: give it a moment to be counted before new ones are turned away.
    // The moment ends with an immediate, which runs only after the loop's next poll for input: a process
    // the machine did not run for longer than the timer wakes up in the timers phase, before it has read
    // the sockets, and would otherwise find nothing in flight and close the port under that request.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setImmediate(resolve));
    isDraining = true;
    if (inFlight === 0) return;
    await new Promise<void>((resolve) => {
      onDrained = resolve;
      setTimeout(resolve, timeoutMs).unref();
    });
  });

  let tradingEngine: ExecutionEngine | undefined;
  app.addHook('onClose', async () => {
    await tradingEngine?.stop();
    await market.feed.stop();
    await jobs.stop();
    await bus.close();
    await mailer.close();
    if (isDatabaseOwned) await database.close();
  });

  try {
    await migrateDatabase(database);
  } catch (error) {
    await app.close();
    throw error;
  }

  registerEnvelope(app);
  // Helmet's headers, worked out once at start rather than on every request (security-headers.ts).
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        // Plain-HTTP deployments (a LAN address, localhost) must keep working; TLS is the proxy's job.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    // The limit guards the APIs; the app's own static files (a dozen chunks per page load) do not count.
    allowList: (request) => !request.url.startsWith(API_BASE_PATH) && !request.url.startsWith('/admin/api'),
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: `rate limit, retry in ${context.after}` }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bolsa API', version: '1.0.0', description: 'Every answer is the envelope {code, msg, data}.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_BASE_PATH}/docs` });

  const db = database.db;
  const now = options.now ?? (() => new Date());
  // Sessions checked recently are answered from memory where every process that can end one shares the
  // bus: embedded PGlite (one process) or Redis (ADR 0006). PostgreSQL without Redis asks on every request.
  const sessions = createSessionCache({ bus, isEnabled: database.kind === 'embedded' || config.redisUrl !== undefined });
  app.addHook('onClose', async () => sessions.close());
  const auth = createAuthService({ db, mailer, settings: config, sessions });
  const restrictions = createRestrictionsService({ db, sessionCache: sessions });
  const messages = createMessagesService({ db, auth, bus, logger: app.log });
  const uploads = createUploadsService({ db, storage });
  const ledger = createLedgerService({ db, logger: app.log });
  const fx =
    options.fxRates ??
    createLiveFxRates({
      convert: (amount, from, to, decimals) => market.service.convert(amount, from, to, decimals),
      isForexOpen: (now) => statusAt(calendars.FX, now.getTime(), config.marketClock) === 'open',
      fallback: createReferenceFxRates({ isAlwaysOpen: config.marketClock === 'always-open' }),
    });
  const wallet = createWalletService({ db, ledger, fx, now });
  const chain = options.chainWatcher ?? createSimulatedChainWatcher({ blockIntervalMs: config.chainBlockMs });
  const deposits = createDepositsService({ db, auth, ledger, uploads, chain, notify: messages.notify, now });
  const kyc = createKycService({ db, auth, uploads, notify: messages.notify });
  const withdrawals = createWithdrawalsService({
    db,
    auth,
    restrictions,
    kyc,
    ledger,
    limits: { dailyMaxUsd: config.withdrawalDailyMaxUsd, monthlyMaxUsd: config.withdrawalMonthlyMaxUsd },
    notify: messages.notify,
    now,
  });
  const payoutAccounts = createPayoutAccountsService({ db });
  const quotes = options.quoteSource ?? market.feed;
  const tradingSettings = createTradingSettings({ db, bus, logger: app.log });
  await tradingSettings.load();
  const trading = createTradingService({
    settings: tradingSettings,
    db,
    ledger,
    catalog: market.catalog,
    quotes,
    convert: (amount, from, to, decimals) => market.service.convert(amount, from, to, decimals),
    clock: config.marketClock,
    now,
    onResting: (order) => engine.resting(order),
    onOrderCancelled: (order) => engine.cancelled(order),
    onPositionChanged: (position) => engine.positionChanged(position),
    logger: app.log,
    notify: messages.notify,
    notifyMany: messages.notifyMany,
    bus,
  });
  const engine = createExecutionEngine({ service: trading, quotes, bus, logger: app.log });
  tradingEngine = engine;
  app.decorate('trading', { service: trading, engine });
  const content = createContentService({ db });
  const admin = createAdminService({ db, ledger, uploads, kyc, messages, content, mailer, deposits, withdrawals });
  const operatorAccounts = createOperatorAccountsService({ db, loginThrottle: auth.loginThrottle, now: options.operatorClock });
  const operatorOps = {
    users: createAdminUsersService({ db, restrictions, kyc, ledger, trading, messages }),
    adjustments: createAdjustmentsService({ db, auth, ledger, messages }),
    instruments: createInstrumentsAdminService({ db, catalog: market.catalog, settings: tradingSettings }),
  };
  for (const job of [
    auth.housekeepingJob,
    ledger.reconciliationJob,
    deposits.chainWatcherJob,
    wallet.pendingTransfersJob,
    trading.dayOrderExpiryJob,
    trading.futuresSettlementJob,
    market.futuresListingJob,
  ])
    jobs.register(job);
  if (database.kind === 'embedded') jobs.register(embeddedAnalyzeJob);

  await app.register(
    async (web) => {
      publicRoute(
        web,
        { method: 'GET', path: '/health', data: z.object({ status: z.literal('ok'), database: z.enum(['embedded', 'postgres']) }) },
        { summary: 'Liveness and database reachability', tags: ['platform'] },
        async () => {
          await database.db.execute(sql`SELECT 1`);
          return { status: 'ok' as const, database: database.kind };
        },
      );
      registerAuthRoutes(web, auth);
      await registerUploadRoutes(web, uploads, { sizeMaxBytes: config.uploadSizeMaxBytes });
      registerKycRoutes(web, kyc);
      registerFundingRoutes(web, { wallet, deposits, withdrawals, payoutAccounts });
      registerTradingRoutes(web, trading);
      registerContentRoutes(web, content);
      registerMessagesRoutes(web, messages);
      await registerMarketRoutes(web, {
        service: market.service,
        feed: market.feed,
        catalog: market.catalog,
        authenticate: (token) => auth.authenticate(token),
        push: {
          updatesPerSecondMax: config.pushUpdatesPerSecond,
          // A signed-in socket hears its own user's topic and the everyone topic, nothing else.
          userEvents: {
            authenticate: (token) => auth.authenticate(token),
            subscribe: (userId, listener) => {
              const stopOwn = bus.subscribe(userEventsTopic(userId), listener);
              const stopEveryone = bus.subscribe(everyoneEventsTopic, listener);
              return () => {
                stopOwn();
                stopEveryone();
              };
            },
          },
        },
      });
    },
    { prefix: API_BASE_PATH },
  );
  await app.register(
    async (operatorApi) => {
      registerAdminRoutes(operatorApi, admin);
      registerOperatorAccountRoutes(operatorApi, operatorAccounts);
      registerOperatorOpsRoutes(operatorApi, operatorOps);
    },
    { prefix: '/admin/api' },
  );

  // The app at /, the console at /admin/ (its API is /admin/api above), precompressed and cached; and
  // the APIs' larger JSON answers compressed (platform/http/static-files.ts).
  await registerStaticFiles(app, {
    webDistDir: config.webDistDir ?? defaultWebDistDir,
    adminDistDir: config.adminDistDir ?? defaultAdminDistDir,
  });

  if (config.adminEmail && config.adminPassword) await admin.ensureBootstrapOperator(config.adminEmail, config.adminPassword);
  if (config.isDemoDataEnabled) {
    await auth.ensureDemoAccount(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    if (!config.adminEmail) await admin.ensureBootstrapOperator(DEMO_OPERATOR.email, DEMO_OPERATOR.password);
    if (database.kind === 'embedded') await database.db.execute(sql`ANALYZE`);
  }
  if (options.shouldStartJobs ?? true) jobs.start();
  // The feed starts in the background: the server answers at once, market reads say "starting"
  // for the moment it takes to place every instrument where its stored history ends.
  if (options.shouldStartMarketFeed ?? true) await market.feed.start();
  if (options.shouldStartTradingEngine ?? true) await engine.start();
  return app;
}
