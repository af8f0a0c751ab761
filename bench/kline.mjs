// Budget (issue #3): GET /web/m_ft/kline for 1Y daily candles, p99 ≤ 20 ms under 50 concurrent requests.
// Reference on the same server in the same run: GET /web/health under the same load. The load comes
// from BENCH_LOAD_PROCESSES (default 2) Node processes of their own (http-load-worker.mjs), so it does
// not share the server's event loop; with BENCH_LOAD_GENERATOR=wrk it comes from `wrk` (Debian's
// package, C, one thread, 50 connections) instead. wrk takes less CPU, yet on the development machine
// it measured a far longer tail than the Node processes on the same server (bench/README.md), so the
// Node processes stay the default and the figures stay comparable with earlier runs. The machine's
// load average is printed with the result: other work on the same cores shows up in it.
import { execFileSync, fork, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchInstruments, percentile, startMarketServer } from './market-server.mjs';

const concurrency = 50;
const seconds = Number(process.env.BENCH_KLINE_SECONDS ?? 10);
const processes = Number(process.env.BENCH_LOAD_PROCESSES ?? 2);
const wrkThreads = Number(process.env.BENCH_WRK_THREADS ?? 1);
const budgetMs = 20;

function hasWrk() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk prints its version and usage with exit status 1; only a missing binary is a failure.
    return error.code !== 'ENOENT';
  }
}

function chooseGenerator() {
  const chosen = process.env.BENCH_LOAD_GENERATOR ?? 'node';
  if (chosen === 'wrk' && !hasWrk()) {
    console.error('kline: BENCH_LOAD_GENERATOR=wrk needs `wrk` (Debian: apt-get install -y wrk).');
    process.exit(1);
  }
  return chosen;
}
const generator = chooseGenerator();

/** Closed-loop load from wrk: every response counts, however slow (the timeout is past the run's end). */
async function loadWithWrk(base, paths) {
  const script = new URL('./wrk-paths.lua', import.meta.url).pathname;
  const child = spawn(
    'wrk',
    [
      '-t',
      String(wrkThreads),
      '-c',
      String(concurrency),
      '-d',
      `${seconds}s`,
      '--timeout',
      `${seconds + 30}s`,
      '-s',
      script,
      base,
      '--',
      ...paths,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  const status = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  const line = output.split('\n').find((text) => text.startsWith('{"requests"'));
  if (status !== 0 || !line) throw new Error(`wrk failed (${status}):\n${output}`);
  const result = JSON.parse(line);
  return {
    requests: result.requests,
    perSecond: result.requests / (result.durationUs / 1e6),
    p50: result.p50Us / 1000,
    p99: result.p99Us / 1000,
    failures: result.failures,
  };
}

async function load(base, paths) {
  if (generator === 'wrk') return loadWithWrk(base, paths);
  const shares = Array.from({ length: processes }, (_, index) => Math.floor((concurrency + index) / processes));
  const results = await Promise.all(
    shares.map(
      (share, index) =>
        new Promise((resolve, reject) => {
          const child = fork(new URL('./http-load-worker.mjs', import.meta.url).pathname);
          child.once('message', resolve);
          child.once('error', reject);
          child.send({ base, paths, concurrency: share, seconds, offset: index * 17 });
        }),
    ),
  );
  const latencies = results.flatMap((result) => result.latencies);
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failures: results.reduce((sum, result) => sum + result.failures, 0),
  };
}

export async function measureKline() {
  const port = 19_500 + Math.floor(Math.random() * 400);
  // The server's own event-loop delay and garbage-collector pauses during the K-line load (loop-delay-probe.mjs).
  const delayFile = join(tmpdir(), `bolsa-bench-kline-loop-${process.pid}.json`);
  const server = await startMarketServer({
    port,
    extraEnv: {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${new URL('./loop-delay-probe.mjs', import.meta.url).pathname}`,
      BENCH_LOOP_DELAY_FILE: delayFile,
    },
  });
  try {
    process.kill(server.pid, 'SIGUSR2');
    const kline = await load(
      server.base,
      benchInstruments.map((code) => `/web/m_ft/kline?stockCode=${code}&type=1Y`),
    );
    process.kill(server.pid, 'SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const loop = JSON.parse(readFileSync(delayFile, 'utf8'));
    const health = await load(server.base, ['/web/health']);
    return { kline, health, loop };
  } finally {
    await server.stop();
    rmSync(delayFile, { force: true });
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const before = loadavg()[0];
  const { kline, health, loop } = await measureKline();
  console.log(
    `kline 1Y: ${kline.requests} requests over ${benchInstruments.length} instruments at ${concurrency} concurrent from ${generator === 'wrk' ? `wrk (${wrkThreads} thread)` : `${processes} Node load processes`} (${kline.perSecond.toFixed(0)}/s, ${kline.failures} failed): p50 ${kline.p50.toFixed(1)} ms, p99 ${kline.p99.toFixed(1)} ms; budget p99 ≤ ${budgetMs} ms, ratio ${(kline.p99 / budgetMs).toFixed(2)} (≤ 1.00 meets it); ratio to /web/health p99 (${health.p99.toFixed(1)} ms, ${health.perSecond.toFixed(0)}/s) ${(kline.p99 / health.p99).toFixed(1)}×; load average before ${before.toFixed(2)}, after ${loadavg()[0].toFixed(2)} on ${cpus().length} cores`,
  );
  console.log(
    `server during the K-line load: event-loop delay max ${loop.max.toFixed(1)} ms, p99 ${loop.p99.toFixed(1)} ms (10 ms resolution); young-generation collections ${loop.gc.young.count}, ${loop.gc.young.totalMs.toFixed(0)} ms in all, longest ${loop.gc.young.maxMs.toFixed(1)} ms; other collections ${loop.gc.other.count}, longest ${loop.gc.other.maxMs.toFixed(1)} ms`,
  );
}
