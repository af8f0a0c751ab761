// Budget (issue #3): GET /web/m_ft/kline for 1Y daily candles, p99 ≤ 20 ms under 50 concurrent requests.
// Reference on the same server in the same run: GET /web/health under the same load. The load comes
// from BENCH_LOAD_PROCESSES (default 2) processes of their own, so it does not share the server's
// event loop. The machine's load average is printed with the result: other work on the same cores
// shows up in the figures.
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { benchInstruments, percentile, startMarketServer } from './market-server.mjs';

const concurrency = 50;
const seconds = Number(process.env.BENCH_KLINE_SECONDS ?? 10);
const processes = Number(process.env.BENCH_LOAD_PROCESSES ?? 2);
const budgetMs = 20;

async function load(base, paths) {
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
  const server = await startMarketServer({ port });
  try {
    const kline = await load(
      server.base,
      benchInstruments.map((code) => `/web/m_ft/kline?stockCode=${code}&type=1Y`),
    );
    const health = await load(server.base, ['/web/health']);
    return { kline, health };
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const before = loadavg()[0];
  const { kline, health } = await measureKline();
  console.log(
    `kline 1Y: ${kline.requests} requests over ${benchInstruments.length} instruments at ${concurrency} concurrent from ${processes} load processes (${kline.perSecond.toFixed(0)}/s, ${kline.failures} failed): p50 ${kline.p50.toFixed(1)} ms, p99 ${kline.p99.toFixed(1)} ms; budget p99 ≤ ${budgetMs} ms, ratio ${(kline.p99 / budgetMs).toFixed(2)} (≤ 1.00 meets it); ratio to /web/health p99 (${health.p99.toFixed(1)} ms, ${health.perSecond.toFixed(0)}/s) ${(kline.p99 / health.p99).toFixed(1)}×; load average before ${before.toFixed(2)}, after ${loadavg()[0].toFixed(2)} on ${(await import('node:os')).cpus().length} cores`,
  );
}
