// Budget (trading issue): market orders/s through HTTP on PostgreSQL with many virtual users, as a ratio
// to pgbench TPC-B (prepared) in the same run; goal ≥ 0.8× with p99 ≤ 25 ms. The market is always open
// and the feed runs, so every order fills at the ask in its own request.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import {
  againstPgbench,
  clients,
  databasePoolSize,
  httpLoad,
  interleavedWithPgbench,
  ordersAfterRun,
  pgbenchInitialise,
  seedLoggedInUsers,
  serverDatabasePoolSize,
  serverProcesses,
  startPrivateRedis,
  startServerProcesses,
  turnsTaken,
  withScratchDatabase,
} from './support.mjs';

register();
const serverSource = new URL('../apps/server/src/', import.meta.url);
const { loadConfig } = await import(new URL('platform/config.ts', serverSource).href);
const { openDatabase, migrateDatabase } = await import(new URL('platform/db/index.ts', serverSource).href);
const { createLedgerService } = await import(new URL('modules/ledger/index.ts', serverSource).href);

const instruments = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM'];

const result = await withScratchDatabase('bolsa_orders', async (url) => {
  pgbenchInitialise(url);
  const config = loadConfig({
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: String(databasePoolSize),
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bolsa-orders-')),
    MARKET_CLOCK: 'always-open',
    MARKET_INSTRUMENTS: instruments.join(','),
    RATE_LIMIT_PER_MINUTE: '100000000',
    DEMO_DATA: 'false',
  });
  const database = await openDatabase(config);
  await migrateDatabase(database);
  // The server runs as its own processes (bench/server-processes.mjs) with a private Redis for their bus;
  // the clients run in another (bench/http-load.mjs).
  const redis = await startPrivateRedis();
  const server = await startServerProcesses({
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: String(serverDatabasePoolSize),
    DATA_DIR: config.dataDir,
    MARKET_CLOCK: 'always-open',
    MARKET_INSTRUMENTS: instruments.join(','),
    RATE_LIMIT_PER_MINUTE: '100000000',
    DEMO_DATA: 'false',
    REDIS_URL: redis.url,
  });
  const origin = server.origin;
  const ledger = createLedgerService({ db: database.db, logger: { error() {}, info() {} } });
  const tokens = await seedLoggedInUsers({
    db: database.db,
    pool: database.pool,
    ledger,
    origin,
    count: clients,
    walletType: 'STOCK',
    prefix: 'orders',
  });
  // A second of orders first, then fresh statistics, as in order-transaction.mjs: the planner's cached
  // plans see tables of a running system, not empty ones.
  await httpLoad({ origin, path: '/web/stock/create', tokens, kind: 'order', instruments, durationSeconds: 1 });
  await database.pool.query('ANALYZE');
  const http = await interleavedWithPgbench(url, (seconds) =>
    httpLoad({ origin, path: '/web/stock/create', tokens, kind: 'order', instruments, durationSeconds: seconds }),
  );
  const filled = await database.pool.query('SELECT status, count(*)::int AS n FROM trading_orders GROUP BY status ORDER BY status');
  await server.stop();
  redis.stop();
  const report = await ledger.reconcile();
  await database.close();
  return { http, filled: filled.rows, isBalanced: report.isBalanced };
});

const { http } = result;
console.log(turnsTaken);
console.log(
  againstPgbench(
    `market orders through HTTP (${serverProcesses} server processes, clients in their own process)`,
    http,
    '≥ 0.80, p99 ≤ 25 ms',
  ),
);
console.log(ordersAfterRun(result.filled, result.isBalanced));
