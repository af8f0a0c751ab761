// Budget (ledger issue): ledger transfers/s through the service and through HTTP, each as a ratio to
// pgbench TPC-B (prepared) on the same PostgreSQL in the same run; goals ≥ 1.2× (service), ≥ 0.8× (HTTP),
// p99 ≤ 25 ms. Uses a scratch database on BENCH_DATABASE_URL's server (default: the local PostgreSQL).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import {
  againstPgbench,
  clients,
  databasePoolSize,
  durationSeconds,
  httpLoad,
  interleavedWithPgbench,
  load,
  pgbenchInitialise,
  rounds,
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
const { openDatabase, migrateDatabase } = await import(new URL('platform/db/index.ts', serverSource).href);
const { loadConfig } = await import(new URL('platform/config.ts', serverSource).href);
const { createLedgerService, defaultGroupCommitOptions } = await import(new URL('modules/ledger/index.ts', serverSource).href);

const userCount = 1000;
// BENCH_PARTS=service or BENCH_PARTS=http measures one of the two (default both), e.g. while profiling one.
const parts = new Set((process.env.BENCH_PARTS ?? 'service,http').split(','));

const result = await withScratchDatabase('bolsa_bench', async (url) => {
  pgbenchInitialise(url);
  const config = loadConfig({
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: String(databasePoolSize),
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bolsa-bench-')),
  });
  const database = await openDatabase(config);
  await migrateDatabase(database);
  // Group commit is on by default (ADR 0009): BENCH_GROUP_COMMIT=off measures the service without it,
  // BENCH_GROUP_MOVEMENTS and BENCH_GROUPS_IN_FLIGHT override its group size and concurrency.
  const groupCommit =
    process.env.BENCH_GROUP_COMMIT === 'off'
      ? false
      : {
          maxItems: Number(process.env.BENCH_GROUP_MOVEMENTS ?? defaultGroupCommitOptions.maxItems),
          maxGroupsInFlight: Number(process.env.BENCH_GROUPS_IN_FLIGHT ?? defaultGroupCommitOptions.maxGroupsInFlight),
        };
  const ledger = createLedgerService({ db: database.db, logger: { error() {}, info() {} }, groupCommit });
  for (let user = 1; user <= userCount; user += 1) {
    await ledger.post(database.db, {
      idempotencyKey: `bench-seed-${user}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: 'USD' }, amount: '-1000000.00' },
        { account: { userId: user, walletType: 'BALANCE' }, amount: '1000000.00' },
      ],
    });
  }
  await database.pool.query('ANALYZE');

  const noGroups = { groups: 0, movements: 0, largestGroup: 0, fallbacks: 0 };
  const groupsBefore = ledger.groupCommitStats() ?? noGroups;
  let round = 0;
  const service = !parts.has('service')
    ? undefined
    : await interleavedWithPgbench(url, (seconds) => {
        round += 1;
        return load(async (client, index) => {
          const from = 1 + ((client * 7919 + index * 104729) % userCount);
          const to = 1 + ((from + 1 + (index % (userCount - 1))) % userCount);
          await ledger.post(database.db, {
            idempotencyKey: `bench-service-${round}-${client}-${index}`,
            reason: 'transfer',
            legs: [
              { account: { userId: from, walletType: 'BALANCE' }, amount: '-0.01', requireFunds: true },
              { account: { userId: to === from ? (to % userCount) + 1 : to, walletType: 'BALANCE' }, amount: '0.01' },
            ],
          });
        }, seconds);
      });

  const groupsAfter = ledger.groupCommitStats() ?? noGroups;
  const groups = {
    groups: groupsAfter.groups - groupsBefore.groups,
    movements: groupsAfter.movements - groupsBefore.movements,
    largestGroup: groupsAfter.largestGroup,
    fallbacks: groupsAfter.fallbacks - groupsBefore.fallbacks,
  };
  // Through HTTP: each client is a logged-in user moving money between their own wallets. The server
  // runs as its own processes (bench/server-processes.mjs), the clients as another (bench/http-load.mjs),
  // with a private Redis for the processes' bus, as a deployment of several processes has. The market is
  // restricted to a few instruments, as in orders.mjs: with all of them the feed's leader wrote about
  // 1.5 million candles of history into the same PostgreSQL while transfers were measured, and
  // server-processes.mjs now also waits until that start-up work is done before the measurement.
  if (!parts.has('http')) {
    const report = await ledger.reconcile();
    await database.close();
    return { service, http: undefined, groups, isBalanced: report.isBalanced };
  }
  const redis = await startPrivateRedis();
  const server = await startServerProcesses({
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: String(serverDatabasePoolSize),
    DATA_DIR: config.dataDir,
    MARKET_INSTRUMENTS: 'AAPL,MSFT,NVDA,AMZN,GOOGL,META,TSLA,JPM',
    RATE_LIMIT_PER_MINUTE: '100000000',
    DEMO_DATA: 'false',
    REDIS_URL: redis.url,
  });
  const origin = server.origin;
  const tokens = await seedLoggedInUsers({
    db: database.db,
    pool: database.pool,
    ledger,
    origin,
    count: clients,
    walletType: 'BALANCE',
    prefix: 'benchhttp',
  });
  const http = await interleavedWithPgbench(url, (seconds) =>
    httpLoad({ origin, path: '/web/wallet/transfer', tokens, kind: 'transfer', durationSeconds: seconds }),
  );
  // The floor of the same server processes and load generator: GET /web/health (one `SELECT 1`, no
  // session, no body), one slice; it says how much of the HTTP figure is the server's own per-request cost.
  const health = await httpLoad({
    origin,
    path: '/web/health',
    tokens,
    kind: 'health',
    durationSeconds: Math.max(1, Math.round(durationSeconds / rounds)),
  });
  await server.stop();
  redis.stop();
  const report = await ledger.reconcile();
  await database.close();
  return { service, http, health, groups, isBalanced: report.isBalanced };
});

const { service, http, health } = result;
console.log(`each figure is ${turnsTaken}`);
if (service) console.log(againstPgbench('ledger transfers through the service', service, '≥ 1.20, p99 ≤ 25 ms'));
if (http)
  console.log(
    againstPgbench(
      `ledger transfers through HTTP (${serverProcesses} server processes, clients in their own process)`,
      http,
      '≥ 0.80, p99 ≤ 25 ms',
    ),
  );
if (health)
  console.log(
    `reference, GET /web/health through the same server processes and load generator (${health.seconds.toFixed(0)} s): ${health.tps.toFixed(0)}/s, p50 ${health.p50.toFixed(2)} ms, p99 ${health.p99.toFixed(2)} ms, failures ${health.failures}`,
  );
console.log(
  `group commit (service run): ${result.groups.movements} movements in ${result.groups.groups} transactions, ${(result.groups.movements / Math.max(1, result.groups.groups)).toFixed(1)} per transaction on average, largest ${result.groups.largestGroup}, fallbacks ${result.groups.fallbacks}`,
);
console.log(`ledger reconciliation after the run: ${result.isBalanced ? 'balanced' : 'NOT BALANCED'}`);
