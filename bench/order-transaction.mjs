// Budget (trading issue): the order transaction alone, as a ratio to pgbench TPC-B (prepared) in the same
// run; goal ≥ 1.2×. Market orders placed and filled through the trading service (no HTTP, no session),
// 32 virtual users (BENCH_CLIENTS; support.mjs), each a funded user of its own buying one share at the ask of one
// of 8 instruments, on a scratch database of the local PostgreSQL. The market is always open and the
// quotes are scripted (fixed bid and ask), so every order fills in its own call, as in `orders.mjs`.
// The pgbench reference is taken in turns with the measurement (support.mjs). Ends with a reconciliation.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import {
  againstPgbench,
  clients,
  databasePoolSize,
  interleavedWithPgbench,
  load,
  ordersAfterRun,
  pgbenchInitialise,
  turnsTaken,
  withScratchDatabase,
} from './support.mjs';

register();
const serverSource = new URL('../apps/server/src/', import.meta.url);
const { loadConfig } = await import(new URL('platform/config.ts', serverSource).href);
const { openDatabase } = await import(new URL('platform/db/index.ts', serverSource).href);
const { buildApp } = await import(new URL('app.ts', serverSource).href);
const { createLedgerService } = await import(new URL('modules/ledger/index.ts', serverSource).href);

const instruments = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM'];

/** Fixed quotes, every market open: the service reads its touch here instead of the simulated feed. */
function fixedQuotes() {
  const tick = (code) => ({
    code,
    price: '100.00',
    change: '0',
    changeRatio: '0',
    volume: '0',
    open: '100.00',
    high: '100.00',
    low: '100.00',
    prevClose: '100.00',
    bid: '99.98',
    ask: '100.00',
    bidVolume: '100',
    askVolume: '100',
    marketStatus: 'open',
    fall: false,
    tradeDate: new Date().toISOString().slice(0, 10),
    timestamp: Date.now(),
  });
  const ticks = new Map(instruments.map((code) => [code, tick(code)]));
  return { latest: (code) => ticks.get(code), subscribe: () => () => undefined };
}

const result = await withScratchDatabase('bolsa_order_tx', async (url) => {
  pgbenchInitialise(url);
  const config = loadConfig({
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: String(databasePoolSize),
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bolsa-order-tx-')),
    MARKET_CLOCK: 'always-open',
    MARKET_INSTRUMENTS: instruments.join(','),
    DEMO_DATA: 'false',
  });
  const database = await openDatabase(config);
  // The whole server as it runs (execution engine included, watching every new position), without
  // the simulated feed and the jobs; nobody calls its HTTP side.
  const app = await buildApp(config, { database, shouldStartJobs: false, shouldStartMarketFeed: false, quoteSource: fixedQuotes() });
  const pool = database.pool;
  const inserted = await pool.query(
    `INSERT INTO users (email, password_hash, invitation_code)
     SELECT 'ordertx' || g || '@example.com', 'x', 'OT' || lpad(g::text, 6, '0') FROM generate_series(1, $1) g RETURNING id`,
    [clients],
  );
  const userIds = inserted.rows.map((row) => Number(row.id));
  await pool.query(
    `SELECT ledger_post('ordertx-seed-' || u, 'deposit', NULL, 'ordertx-seed-' || u,
       jsonb_build_array(jsonb_build_object('system', 'DEPOSIT_CLEARING', 'currency', 'USD', 'amount', '-10000000.00'),
                         jsonb_build_object('user', u, 'wallet', 'STOCK', 'currency', 'USD', 'amount', '10000000.00')))
     FROM unnest($1::bigint[]) AS u`,
    [userIds],
  );
  const trading = app.trading.service;
  const placeOrders = (round, seconds) =>
    load(async (client, index) => {
      const order = await trading.create({ userId: String(userIds[client]), sessionId: 'bench' }, 'stock', {
        code: instruments[(client + index) % instruments.length],
        direction: 0,
        type: 0,
        quantity: '1',
        leverage: 1,
        timeInForce: 'day',
        idempotencyKey: `ordertx-${round}-${client}-${index}`,
      });
      if (order.status !== 1) throw new Error(`order ${order.id} did not fill (status ${order.status})`);
    }, seconds);
  // A second of orders first, then fresh statistics: the tables the orders write to (journals, entries,
  // orders, positions, fills) hold thousands of rows, as on a running system, when the planner's cached
  // plans are made. Analysed while still empty, a plan may scan them whole (the foreign-key checks of
  // ledger entries did, until ADR 0012 removed them), slower with every row the run adds.
  await placeOrders('warmup', 1);
  await app.trading.engine.idle();
  await pool.query('ANALYZE');

  let round = 0;
  const service = await interleavedWithPgbench(url, (seconds) => {
    round += 1;
    return placeOrders(round, seconds);
  });
  await app.trading.engine.idle();
  const groups = trading.filledOrderGroupStats() ?? { groups: 0, items: 0, largestGroup: 0, fallbacks: 0 };
  const filled = await pool.query('SELECT status, count(*)::int AS n FROM trading_orders GROUP BY status ORDER BY status');
  await app.close();
  const ledger = createLedgerService({ db: database.db, logger: { error() {}, info() {} } });
  const report = await ledger.reconcile();
  await database.close();
  return { service, groups, filled: filled.rows, isBalanced: report.isBalanced };
});

const { service } = result;
console.log(turnsTaken);
console.log(againstPgbench('market orders through the trading service (no HTTP)', service, '≥ 1.20'));
const { groups } = result;
console.log(
  `orders placed in ${groups.groups} groups (${(groups.items / Math.max(1, groups.groups)).toFixed(1)} per group on average, largest ${groups.largestGroup}); ${groups.fallbacks} groups placed one by one`,
);
console.log(ordersAfterRun(result.filled, result.isBalanced));
