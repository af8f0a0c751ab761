import { API_BASE_PATH } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { seedDemoReceivingAccounts, startDemoSeeding } from './demo/seed-demo.ts';
import { DEMO_OPERATOR, registerOperatorAuthentication } from './modules/admin/index.ts';
import type { AlertEngine } from './modules/alerts/index.ts';
import { DEMO_ACCOUNT } from './modules/auth/index.ts';
import { modules } from './modules/index.ts';
import type { MarketModule } from './modules/market/index.ts';
import { seedDemoRightsIssue } from './modules/products/index.ts';
import type { ExecutionEngine, TradingService } from './modules/trading/index.ts';
import type { Config } from './platform/config.ts';
import { migrateDatabase } from './platform/db/index.ts';
import { registerDrain } from './platform/http/drain.ts';
import {
  answerFrameworkError,
  createRequestIdGenerator,
  loggerRedaction,
  registerEnvelope,
  requestLoggerFactory,
  serverTimeouts,
  validatorCompiler,
} from './platform/http/index.ts';
import { registerHealthRoute, registerHttpPlugins, registerStaticApps } from './platform/http/plugins.ts';
import { type OptionsOf, wireModules } from './platform/module.ts';
import { closePlatform, openPlatform, type Platform, type PlatformOptions } from './platform/platform.ts';

export { DEMO_OPERATOR } from './modules/admin/index.ts';
export { DEMO_ACCOUNT } from './modules/auth/index.ts';
export type { Platform } from './platform/platform.ts';

/** The platform's options and those each module reads (see the options type of each module's descriptor). */
export type AppOptions = PlatformOptions & OptionsOf<typeof modules>;

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
    market: MarketModule;
    trading: { service: TradingService; engine: ExecutionEngine };
    /** The price alert engine (tests wait for its firings; the bench counts what it indexes). */
    alerts: { engine: AlertEngine };
    /** Every route registered, with the permission an operator route declares (the operator matrix test walks it). */
    routeList: Array<{ method: string; url: string; permission: string | undefined }>;
    /** With demo data: settles when this start's background seeding of the demo account has finished (tests wait on it). */
    demoSeeding: Promise<void>;
  }
}

function createFastify(config: Config): FastifyInstance {
  const app = Fastify({
    logger: { level: config.logLevel, ...loggerRedaction },
    // Both per request, so both cheap: a counter behind a random per-process prefix, and a child logger
    // made only when the request writes a line (platform/http).
    genReqId: createRequestIdGenerator(),
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    frameworkErrors: answerFrameworkError,
    ...serverTimeouts({ requestTimeoutMs: config.httpRequestTimeoutMs, keepAliveMs: config.httpKeepAliveMs }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeList: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url, permission: route.config?.permission });
  });
  return app;
}

/**
 * Builds the whole server (for tests and for real): the platform, the HTTP plugins, then every module of
 * `modules/index.ts` in its order (ADR 0014): created, its routes under /web and /admin/api, seeded, started.
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = createFastify(config);
  const platform = await openPlatform(config, options, app.log);
  app.decorate('platform', platform);
  registerDrain(app);
  const wiring = wireModules(modules, platform, options);
  app.addHook('onClose', async () => {
    await wiring.stop();
    await closePlatform(platform, options);
  });
  try {
    await migrateDatabase(platform.database);
  } catch (error) {
    await app.close();
    throw error;
  }

  registerEnvelope(app);
  await registerHttpPlugins(app, config);
  const services = await wiring.create();
  app.decorate('market', services.market);
  app.decorate('trading', { service: services.trading.service, engine: services.trading.engine });
  app.decorate('alerts', { engine: services.alerts.engine });
  await app.register(
    async (web) => {
      registerHealthRoute(web, platform.database);
      await wiring.registerUserRoutes(web);
    },
    { prefix: API_BASE_PATH },
  );
  await app.register(
    async (operatorApi) => {
      registerOperatorAuthentication(operatorApi, services.admin.admin);
      await wiring.registerOperatorRoutes(operatorApi);
    },
    { prefix: '/admin/api' },
  );
  await registerStaticApps(app, config);

  await wiring.seed();
  if (config.isDemoDataEnabled && platform.database.kind === 'embedded') await platform.database.db.execute(sql`ANALYZE`);
  if (options.shouldStartJobs ?? true) platform.jobs.start();
  await wiring.start();
  if (config.isDemoDataEnabled) {
    const { ledger, market, trading } = services;
    const { db } = platform.database;
    await seedDemoReceivingAccounts(db, services.funding.receivingAccounts);
    const seeding = startDemoSeeding(app, {
      db,
      ledger,
      trading: trading.service,
      quotes: trading.quotes,
      catalog: market.catalog,
      now: platform.now,
      email: DEMO_ACCOUNT.email,
      extras: {
        operator: await services.admin.admin.operatorOf(config.adminEmail ?? DEMO_OPERATOR.email),
        market: market.service,
        instrumentOf: (code) => market.catalog.byCode.get(code),
        kyc: services.kyc,
        uploads: services.uploads,
        messages: services.messages,
        content: services.content.operations,
        loans: services.loans,
        twap: services.twap.service,
        funds: services.funds.service,
        support: services.support,
        rightsIssue: () => seedDemoRightsIssue(db, services.products.service, platform.now),
      },
    });
    app.decorate('demoSeeding', seeding);
  }
  return app;
}
