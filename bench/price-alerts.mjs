// Budget (issue 17 §4): 100,000 armed price alerts add no more than 5 ms to the p99 of tick to fill.
// The tick-to-fill harness (bench/tick-to-fill.mjs: resting buy limits over 8 instruments on a scratch
// database of the local PostgreSQL, a scripted quote source lowering one instrument's ask a cent a tick,
// each fill's 'order' event timed to its owner's signed-in push socket), run side by side in alternating
// phases on the same database: without alerts (the alert engine not started), then with 100,000 armed
// alerts (BENCH_ALERTS) on the same 8 instruments indexed by the alert engine, and so on
// (BENCH_ALERT_PHASES pairs, default 2). The alerts' levels lie outside the run's prices (above 100.01
// to 150, below 50 to 89.99, a day's change of 3 to 50 %), so every tick passes the alert index and
// crosses none: the figure is what armed alerts cost the tick path. Prints both p99s, their difference
// against the 5 ms budget and their ratio, and the alert engine's own time per tick.
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import WebSocket from 'ws';
import { scriptedQuotes } from './scripted-quotes.mjs';
import { percentile, withScratchDatabase } from './support.mjs';

register();
const serverSource = new URL('../apps/server/src/', import.meta.url);
const { loadConfig } = await import(new URL('platform/config.ts', serverSource).href);
const { openDatabase } = await import(new URL('platform/db/index.ts', serverSource).href);
const { buildApp } = await import(new URL('app.ts', serverSource).href);

const restingCount = Number(process.env.BENCH_RESTING_ORDERS ?? 100_000);
const alertCount = Number(process.env.BENCH_ALERTS ?? 100_000);
const phasePairs = Number(process.env.BENCH_ALERT_PHASES ?? 2);
const ticksPerInstrument = Number(process.env.BENCH_TICKS_PER_INSTRUMENT ?? 12);
const instruments = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM'];
const userCount = 100;

/** One phase: a fresh app on the database (with or without its alert engine), 100 signed-in sockets, ticks from `firstStep`. */
async function runPhase({ config, database, quotes, isWithAlerts, firstStep }) {
  const app = await buildApp(config, {
    database,
    shouldStartJobs: false,
    shouldStartMarketFeed: false,
    shouldStartAlertEngine: isWithAlerts,
    quoteSource: quotes,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${app.server.address().port}`;
  const pushed = [];
  const sockets = [];
  let waitingPush;
  for (let index = 1; index <= userCount; index += 1) {
    const login = await fetch(`${origin}/web/loginByUsername`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `tick${index}@example.com`, password: 'bench-password' }),
    }).then((response) => response.json());
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/web/push`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const signedIn = new Promise((resolve) => {
      socket.on('message', function onFirst(data) {
        const message = JSON.parse(String(data));
        if (message.type !== 'authenticated') return;
        socket.off('message', onFirst);
        resolve();
      });
    });
    socket.send(JSON.stringify({ op: 'authenticate', token: login.data.token }));
    await signedIn;
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type !== 'order' || message.data.status !== 1 || !waitingPush) return;
      pushed.push(performance.now() - waitingPush.startedAt);
      waitingPush.remaining -= 1;
      if (waitingPush.remaining === 0) waitingPush.done();
    });
    sockets.push(socket);
  }
  // The quote before the first step: a cent above every limit still resting and below every alert's level.
  for (const code of instruments) quotes.emit(code, 100 - firstStep / 100);
  await app.trading.engine.idle();
  const alertsIndexed = app.alerts.engine.armedCount();
  for (let step = firstStep; step < firstStep + ticksPerInstrument; step += 1) {
    for (const code of instruments) {
      const ask = 99.99 - step / 100;
      const expected = await database.pool
        .query(`SELECT count(*)::int AS n FROM trading_orders WHERE code = $1 AND status = 0 AND limit_price >= $2`, [code, ask])
        .then((answer) => answer.rows[0].n);
      const startedAt = performance.now();
      const delivered = new Promise((resolve) => {
        waitingPush = { startedAt, remaining: expected, done: resolve };
      });
      quotes.emit(code, ask);
      if (expected > 0) await Promise.race([delivered, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      waitingPush = undefined;
      await app.trading.engine.idle();
    }
  }
  for (const socket of sockets) socket.close();
  await app.alerts.engine.idle();
  const fired = await database.pool.query(`SELECT count(*)::int AS n FROM price_alerts WHERE status = 'fired'`);
  await app.close();
  return { pushed, alertsIndexed, fired: fired.rows[0].n };
}

const result = await withScratchDatabase('bolsa_alerts', async (url) => {
  const config = loadConfig({
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: '8',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bolsa-alerts-')),
    MARKET_CLOCK: 'always-open',
    MARKET_INSTRUMENTS: instruments.join(','),
    DEMO_DATA: 'false',
  });
  const database = await openDatabase(config);
  const quotes = scriptedQuotes();
  const seedApp = await buildApp(config, {
    database,
    shouldStartJobs: false,
    shouldStartMarketFeed: false,
    shouldStartTradingEngine: false,
    shouldStartAlertEngine: false,
    quoteSource: quotes,
  });
  await seedApp.close();

  const pool = database.pool;
  const { hash } = await import('@node-rs/argon2');
  await pool.query(
    `INSERT INTO users (email, password_hash, invitation_code)
     SELECT 'tick' || g || '@example.com', $2, 'TK' || lpad(g::text, 6, '0') FROM generate_series(1, $1) g`,
    [userCount, await hash('bench-password')],
  );
  await pool.query(
    `SELECT ledger_post('tick-seed-' || u.id, 'deposit', NULL, 'seed-' || u.id,
       jsonb_build_array(jsonb_build_object('system', 'DEPOSIT_CLEARING', 'currency', 'USD', 'amount', '-100000000.00'),
                         jsonb_build_object('user', u.id, 'wallet', 'STOCK', 'currency', 'USD', 'amount', '100000000.00')))
     FROM users u WHERE u.email LIKE 'tick%'`,
  );
  // Resting buy limits: limit = 90.00 + (n mod 1000) cents, so every cent of 90.00–99.99 has its orders.
  // The orders of one instrument at one cent (the ones a tick crosses) belong to as many different users;
  // BENCH_ONE_OWNER_PER_LEVEL=1 gives them all to one user (the layout of the runs before 2026-11-24 03:00).
  const ownerOf =
    process.env.BENCH_ONE_OWNER_PER_LEVEL === '1'
      ? `g % ${userCount}`
      : `(g / ${instruments.length * 1000} + g / ${instruments.length}) % ${userCount}`;
  await pool.query(
    `INSERT INTO trading_orders (user_id, idempotency_key, code, source, wallet_type, direction, order_type, open_close, status,
                                 quantity, limit_price, leverage, time_in_force, created_at)
     SELECT u.id, 'tick-rest-' || g, (ARRAY[${instruments.map((code) => `'${code}'`).join(',')}])[1 + g % ${instruments.length}], '0', 'STOCK', 0, 1, 0, 0,
            1, 90.00 + ((g / ${instruments.length}) % 1000) / 100.0, 1, 'gtc', now()
     FROM generate_series(0, $1 - 1) g JOIN LATERAL (SELECT id FROM users WHERE email = 'tick' || (1 + ${ownerOf}) || '@example.com') u ON true`,
    [restingCount],
  );
  // Each order's margin + fee is held as the service would (fee: the 1.00 minimum at these prices).
  for (let chunk = 0; chunk < restingCount; chunk += 10_000) {
    await pool.query(
      `UPDATE trading_orders o SET hold_id = h.hold_id, held_amount = o.limit_price + 1
       FROM (SELECT id, (SELECT hold_id FROM ledger_place_hold('order:' || id || ':hold', user_id, 'STOCK', 'USD', limit_price + 1, 'trade_margin')) AS hold_id
             FROM trading_orders WHERE hold_id IS NULL AND idempotency_key LIKE 'tick-rest-%' ORDER BY id LIMIT 10000) h
       WHERE o.id = h.id`,
    );
  }
  await pool.query('ANALYZE');

  // Armed alerts of the same users on the same instruments, at levels this run's prices never reach.
  await pool.query(
    `INSERT INTO price_alerts (user_id, code, kind, threshold)
     SELECT u.id, (ARRAY[${instruments.map((code) => `'${code}'`).join(',')}])[1 + g % ${instruments.length}],
            k.kind,
            CASE k.kind WHEN 'above' THEN 100.01 + (g % 4999) / 100.0 WHEN 'below' THEN 50 + (g % 3999) / 100.0 ELSE 3 + (g % 4700) / 100.0 END
     FROM generate_series(0, $1 - 1) g
     JOIN LATERAL (SELECT (ARRAY['above', 'below', 'change'])[1 + (g / 8) % 3] AS kind) k ON true
     JOIN LATERAL (SELECT id FROM users WHERE email = 'tick' || (1 + g % ${userCount}) || '@example.com') u ON true`,
    [alertCount],
  );
  await pool.query('ANALYZE');

  const phases = [];
  let step = 0;
  for (let pair = 0; pair < phasePairs; pair += 1) {
    for (const isWithAlerts of [false, true]) {
      const phase = await runPhase({ config, database, quotes, isWithAlerts, firstStep: step });
      phases.push({ isWithAlerts, ...phase });
      step += ticksPerInstrument;
    }
  }
  await database.close();
  return phases;
});

// The alert index alone, in this process: the same number of alerts over the same instruments, and the
// time one quote takes to pass it without crossing anything (what every tick of an instrument with alerts pays).
const { createAlertIndex } = await import(new URL('modules/alerts/alerts.index.ts', serverSource).href);
const index = createAlertIndex();
const kinds = ['above', 'below', 'change'];
index.addAll(
  Array.from({ length: alertCount }, (_, g) => {
    const kind = kinds[Math.floor(g / 8) % 3];
    const level = kind === 'above' ? 100.01 + (g % 4999) / 100 : kind === 'below' ? 50 + (g % 3999) / 100 : 3 + (g % 4700) / 100;
    return { id: g + 1, userId: 1, code: instruments[g % instruments.length], kind, threshold: level.toFixed(2) };
  }),
);
const passes = 200_000;
const passStarted = performance.now();
for (let pass = 0; pass < passes; pass += 1)
  index.take(instruments[pass % instruments.length], (99 + (pass % 100) / 100).toFixed(2), '0.50');
const microsPerTick = ((performance.now() - passStarted) * 1000) / passes;

const without = result.filter((phase) => !phase.isWithAlerts).flatMap((phase) => phase.pushed);
const withAlerts = result.filter((phase) => phase.isWithAlerts).flatMap((phase) => phase.pushed);
const indexed = Math.max(...result.map((phase) => phase.alertsIndexed));
const p99Without = percentile(without, 99);
const p99With = percentile(withAlerts, 99);
const added = p99With - p99Without;
console.log(
  `armed alerts indexed: ${indexed} over ${instruments.length} instruments (fired during the run: ${result.at(-1)?.fired ?? 0}); resting orders: ${restingCount}; ${phasePairs} pairs of phases, alternating without and with`,
);
console.log(
  `tick to limit-order fill pushed to the owner's websocket, without alerts: ${without.length} fills, p50 ${percentile(without, 50).toFixed(2)} ms, p99 ${p99Without.toFixed(2)} ms`,
);
console.log(
  `the same with ${indexed} armed alerts: ${withAlerts.length} fills, p50 ${percentile(withAlerts, 50).toFixed(2)} ms, p99 ${p99With.toFixed(2)} ms`,
);
console.log(`alert index alone: ${microsPerTick.toFixed(2)} µs per quote with ${index.count()} armed (none crossed)`);
console.log(
  `p99 with / without: ${(p99With / p99Without).toFixed(2)}; added ${added.toFixed(2)} ms, ratio to budget ${(Math.max(0, added) / 5).toFixed(2)} (goal ≤ 1.00: ≤ 5 ms added); load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
