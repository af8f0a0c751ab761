// Shared by the PostgreSQL benchmarks: a scratch database, the pgbench reference and a closed-loop load.
import { execFileSync, fork, spawn } from 'node:child_process';
import net from 'node:net';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { servedNodeFlags } from './market-server.mjs';

export const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Virtual users of the measurement ("many virtual users", the budgets say): each a closed loop, one
 * request at a time. A server at its limit answers a closed loop in about users / throughput, so the HTTP
 * budgets' p99 ≤ 25 ms bounds how many users a run may have, and how many depends on the machine's speed.
 * Session 6 (pgbench 5,500-6,100 tps) chose 48: the ledger's HTTP p99 was 21 ms there. Session 7's machine
 * was slower (pgbench 3,800-4,600 tps), and 48 users gave the ledger's HTTP p99 24.6-40 ms. Since ADR 0013,
 * order groups fill without many users. Orders over HTTP, by user count (before ADR 0013's rule that a
 * second group waits while the process is busy; with it, 32 users gave 0.83-0.91×, p99 18.4-25.2 ms):
 *   users:  16     24     32          40     48          64
 *   ratio:  0.78×  0.77×  0.82-0.90×  0.83×  0.76-0.93×  0.93×
 *   p99 ms: 12.7   22.5   18.6-21.5   28.2   30-36       38.5
 * So 32 users. The other figures at 32: the order transaction alone 1.51-1.57×, the ledger 3.53-3.63×
 * through its service and 1.19-1.23× through HTTP with p99 17.4-18.6 ms.
 * The pgbench reference runs at its own best concurrency instead (BENCH_PGBENCH_CLIENTS, 16), with as
 * many branches as clients as pgbench's documentation asks: on the 2-core reference machine TPC-B is
 * flat from 4 to 32 clients (5,700-6,300 tps, best at 16) and falls at 64 (5,200 tps; 4,500 with the 10
 * branches used before), so the reference is never weakened by the measurement's user count.
 */
export const clients = Number(process.env.BENCH_CLIENTS ?? 32);
export const pgbenchClients = Number(process.env.BENCH_PGBENCH_CLIENTS ?? 16);
/** pgbench's branches: at least as many as its clients, so no two of them queue on one branch row. */
const pgbenchScale = Math.max(10, pgbenchClients);
/** The in-process app's pool of PostgreSQL connections: its users share them, as in a deployment. */
export const databasePoolSize = Math.min(clients, 16);

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Runs `run(url)` against a fresh database on the benchmark server and drops it afterwards. */
export async function withScratchDatabase(prefix, run) {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    const cleanup = new pg.Client({ connectionString: baseUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

/** pgbench TPC-B with prepared statements on the same server: the reference every ratio is taken against. */
export function pgbenchReference(url) {
  pgbenchInitialise(url);
  return pgbenchRun(url, durationSeconds);
}

export function pgbenchInitialise(url) {
  execFileSync('pgbench', ['-i', '-q', '-s', String(pgbenchScale), url], { stdio: 'ignore' });
}

/** One run of TPC-B (prepared) for `seconds`, after pgbenchInitialise. */
export function pgbenchRun(url, seconds) {
  const output = execFileSync('pgbench', ['-n', '-M', 'prepared', '-c', String(pgbenchClients), '-j', '2', '-T', String(seconds), url], {
    encoding: 'utf8',
  });
  // The processed count is always printed; the tps line is missing when pgbench had no time to report it.
  const processed = Number(output.match(/number of transactions actually processed: (\d+)/)?.[1] ?? 0);
  const tps = Number(output.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1] ?? processed / seconds);
  return { tps, seconds, latencyAverageMs: Number(output.match(/latency average = ([\d.]+) ms/)?.[1]) };
}

export const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

/** How the figures below it were taken: printed once above them. */
export const turnsTaken = `${clients} virtual users, taken in ${rounds} turns with pgbench TPC-B (prepared, ${pgbenchClients} clients, scale ${pgbenchScale}) on the same database, ${durationSeconds} s of each`;

/** One figure of interleavedWithPgbench as every PostgreSQL benchmark prints it, with its goal. */
export function againstPgbench(label, figure, goal) {
  const firstFailure = figure.firstFailure ? ` (first: ${figure.firstFailure.message})` : '';
  return `${label}: ${figure.tps.toFixed(0)}/s against pgbench ${figure.referenceTps.toFixed(0)} tps, p50 ${figure.p50.toFixed(2)} ms, p99 ${figure.p99.toFixed(2)} ms, failures ${figure.failures}${firstFailure}; ratio to pgbench ${figure.ratio.toFixed(2)} (goal ${goal})`;
}

/** What the orders benchmarks end with: their orders by status and whether the ledger reconciles. */
export function ordersAfterRun(filled, isBalanced) {
  return `orders by status after the run: ${filled.map((row) => `${row.status}: ${row.n}`).join(', ')}; ledger ${isBalanced ? 'balanced' : 'NOT BALANCED'}`;
}

/**
 * The measurement and pgbench take turns, `rounds` times, each for durationSeconds / rounds, so both see
 * the same machine: on a machine shared with other work the load moves within seconds, and a reference
 * taken once before the measurement can be several times faster or slower than the machine during it.
 * `measure(seconds)` answers { count, seconds, latencies, failures, firstFailure }.
 */
export async function interleavedWithPgbench(url, measure) {
  const slice = Math.max(1, Math.round(durationSeconds / rounds));
  let referenceTransactions = 0;
  let referenceSeconds = 0;
  let count = 0;
  let seconds = 0;
  let failures = 0;
  let firstFailure;
  const latencies = [];
  for (let round = 0; round < rounds; round += 1) {
    const reference = pgbenchRun(url, slice);
    referenceTransactions += reference.tps * reference.seconds;
    referenceSeconds += reference.seconds;
    const measured = await measure(slice);
    count += measured.count;
    seconds += measured.seconds;
    failures += measured.failures;
    firstFailure ??= measured.firstFailure;
    latencies.push(...measured.latencies);
  }
  const tps = count / seconds;
  const referenceTps = referenceTransactions / referenceSeconds;
  return {
    tps,
    referenceTps,
    ratio: tps / referenceTps,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
    firstFailure,
  };
}

/** Runs `operation` from `clients` concurrent loops for `seconds`; returns throughput, latencies and their percentiles. */
export async function load(operation, seconds = durationSeconds) {
  const latencies = [];
  let failures = 0;
  let firstFailure;
  const deadline = performance.now() + seconds * 1000;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let index = 0; performance.now() < deadline; index += 1) {
        const began = performance.now();
        try {
          await operation(client, index);
          latencies.push(performance.now() - began);
        } catch (error) {
          failures += 1;
          firstFailure ??= error;
        }
      }
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;
  return {
    tps: latencies.length / elapsed,
    count: latencies.length,
    seconds: elapsed,
    latencies,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
    firstFailure,
  };
}

/**
 * Creates `count` users straight in the database (one argon2 hash for all), funds `walletType` through
 * the ledger, logs each in over HTTP and returns their tokens.
 */
export async function seedLoggedInUsers({ db, pool, ledger, origin, count, walletType, prefix }) {
  const { hash } = await import('@node-rs/argon2');
  const passwordHash = await hash('bench-password');
  const tokens = [];
  for (let index = 0; index < count; index += 1) {
    const email = `${prefix}${index}@example.com`;
    const inserted = await pool.query('INSERT INTO users (email, password_hash, invitation_code) VALUES ($1, $2, $3) RETURNING id', [
      email,
      passwordHash,
      `${prefix.slice(0, 4).toUpperCase()}${String(index).padStart(4, '0')}`,
    ]);
    const userId = Number(inserted.rows[0].id);
    await ledger.post(db, {
      idempotencyKey: `${prefix}-seed-${index}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: 'USD' }, amount: '-10000000.00' },
        { account: { userId, walletType }, amount: '10000000.00' },
      ],
    });
    const login = await fetch(`${origin}/web/loginByUsername`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: 'bench-password' }),
    }).then((response) => response.json());
    tokens.push(login.data.token);
  }
  return tokens;
}

let httpLoadRound = 0;

/**
 * Runs the closed-loop HTTP load (`kind`: 'transfer' or 'order') from a separate process, one virtual
 * user per token, so the server under test keeps its event loop and core to itself.
 */
export function httpLoad(options) {
  httpLoadRound += 1;
  const round = httpLoadRound;
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./http-load.mjs', import.meta.url), { stdio: 'inherit' });
    child.once('message', (result) =>
      resolve({ ...result, firstFailure: result.firstFailure ? new Error(result.firstFailure) : undefined }),
    );
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
    });
    child.send({ durationSeconds, round, ...options });
  });
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released for the server to take). */
async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Server processes under test: by default one per core the database leaves, at least one (on the 2-core
 * reference machine, one: the deployment `npm start` runs). PostgreSQL, the load generator and pgbench
 * share the same cores; one Node process per core took CPU from the database it waits on (2026-11-24,
 * alternating runs: ledger over HTTP 0.65-0.73× with two processes against 0.81-0.87× with one; orders
 * 0.38-0.43× against 0.47-0.52×).
 */
export const serverProcesses = Number(process.env.BENCH_SERVER_PROCESSES ?? Math.max(1, availableParallelism() - 1));

/** Each server process's pool of PostgreSQL connections: its share of the users, at most `databasePoolSize`. */
export const serverDatabasePoolSize = Math.min(databasePoolSize, Math.ceil(clients / serverProcesses));

/**
 * Starts the server as `serverProcesses` Node processes behind one port (bench/server-processes.mjs)
 * with the given environment on top of the benchmark's own; resolves when every process listens.
 */
export async function startServerProcesses(environment) {
  const port = await freePort();
  const child = fork(new URL('./server-processes.mjs', import.meta.url), {
    // The V8 flags `npm run serve` runs the server with (package.json); the cluster's processes inherit them.
    execArgv: servedNodeFlags(),
    env: { ...process.env, LOG_LEVEL: 'silent', PORT: String(port), BENCH_SERVER_PROCESSES: String(serverProcesses), ...environment },
    stdio: 'inherit',
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the server processes exited with ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A private Redis for the server processes' bus, on its own port: pub/sub channels are global to a
 * Redis server, so sharing the machine's one with other runs would mix their events with ours.
 */
export async function startPrivateRedis() {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const isUp = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (isUp) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop() {
      child.kill('SIGTERM');
    },
  };
}
