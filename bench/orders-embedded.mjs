// Budget (trading issue): market orders/s on the embedded database (PGlite), with no event-loop stall
// over 50 ms. The built server (apps/server/dist) runs on a fresh DATA_DIR with every market open and
// 8 instruments; 32 logged-in users (BENCH_CLIENTS; support.mjs), each funded, place market buys of one share through
// HTTP (`POST /web/stock/create`) from a load process of their own (http-load.mjs) for BENCH_SECONDS.
// The server's own event-loop delay is measured inside it (loop-delay-probe.mjs, preloaded with
// --import: monitorEventLoopDelay at 10 ms resolution) over the measurement only. Run `npm run build` first.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { startMarketServer } from './market-server.mjs';
import { clients, durationSeconds, httpLoad } from './support.mjs';

register();
const serverSource = new URL('../apps/server/src/', import.meta.url);
const { loadConfig } = await import(new URL('platform/config.ts', serverSource).href);
const { openDatabase, migrateDatabase } = await import(new URL('platform/db/index.ts', serverSource).href);
const { createLedgerService } = await import(new URL('modules/ledger/index.ts', serverSource).href);
const { hash } = await import('@node-rs/argon2');

const instruments = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM'];
const dataDir = mkdtempSync(join(tmpdir(), 'bolsa-orders-embedded-'));
const delayFile = join(dataDir, 'loop-delay.json');
const password = 'bench-password';

// Users are written to the embedded database before the server opens it (one process at a time).
const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', DEMO_DATA: 'false' });
const database = await openDatabase(config);
await migrateDatabase(database);
const ledger = createLedgerService({ db: database.db, logger: { error() {}, info() {} } });
const passwordHash = await hash(password);
const emails = [];
for (let index = 0; index < clients; index += 1) {
  const email = `embedded${index}@example.com`;
  const inserted = await database.pool.query('INSERT INTO users (email, password_hash, invitation_code) VALUES ($1, $2, $3) RETURNING id', [
    email,
    passwordHash,
    `EMB${String(index).padStart(5, '0')}`,
  ]);
  await ledger.post(database.db, {
    idempotencyKey: `embedded-seed-${index}`,
    reason: 'deposit',
    legs: [
      { account: { system: 'DEPOSIT_CLEARING', currency: 'USD' }, amount: '-10000000.00' },
      { account: { userId: Number(inserted.rows[0].id), walletType: 'STOCK' }, amount: '10000000.00' },
    ],
  });
  emails.push(email);
}
await database.close();

const server = await startMarketServer({
  port: 18_000 + Math.floor(Math.random() * 1000),
  instruments,
  extraEnv: {
    DATA_DIR: dataDir,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${new URL('./loop-delay-probe.mjs', import.meta.url).pathname}`,
    BENCH_LOOP_DELAY_FILE: delayFile,
  },
});
let result;
try {
  const tokens = [];
  for (const email of emails) {
    const login = await fetch(`${server.base}/web/loginByUsername`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password }),
    }).then((response) => response.json());
    tokens.push(login.data.token);
  }
  const serverProcess = server.pid;
  process.kill(serverProcess, 'SIGUSR2');
  const measured = await httpLoad({ origin: server.base, path: '/web/stock/create', tokens, kind: 'order', instruments, durationSeconds });
  process.kill(serverProcess, 'SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 500));
  result = { ...measured, loop: JSON.parse(readFileSync(delayFile, 'utf8')) };
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `market orders through HTTP on embedded PGlite (${clients} users, built server, clients in their own process, ${durationSeconds} s): ${result.tps.toFixed(0)}/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, failures ${result.failures}${result.firstFailure ? ` (first: ${result.firstFailure.message})` : ''}`,
);
console.log(
  `server event-loop delay during the run: max ${result.loop.max.toFixed(1)} ms, p99 ${result.loop.p99.toFixed(1)} ms, mean ${result.loop.mean.toFixed(1)} ms (goal: no stall over 50 ms)`,
);
