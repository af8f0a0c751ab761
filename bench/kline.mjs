// Budget (issue #3): GET /web/m_ft/kline for 1Y daily candles, p99 ≤ 20 ms under 50 concurrent requests.
// Reference on the same server in the same run: GET /web/health under the same load.
import { benchInstruments, percentile, startMarketServer } from './market-server.mjs';

const concurrency = 50;
const seconds = Number(process.env.BENCH_KLINE_SECONDS ?? 10);
const budgetMs = 20;

async function load(makeUrl) {
  const latencies = [];
  const deadline = Date.now() + seconds * 1000;
  let failures = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let request = 0; Date.now() < deadline; request += 1) {
        const startedAt = performance.now();
        const response = await fetch(makeUrl(worker, request));
        const body = await response.json();
        latencies.push(performance.now() - startedAt);
        if (body.code !== 200) failures += 1;
      }
    }),
  );
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failures,
  };
}

export async function measureKline() {
  const port = 19_500 + Math.floor(Math.random() * 400);
  const server = await startMarketServer({ port });
  try {
    const kline = await load(
      (worker, request) =>
        `${server.base}/web/m_ft/kline?stockCode=${benchInstruments[(worker * 31 + request) % benchInstruments.length]}&type=1Y`,
    );
    const health = await load(() => `${server.base}/web/health`);
    return { kline, health };
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { kline, health } = await measureKline();
  console.log(
    `kline 1Y: ${kline.requests} requests over ${benchInstruments.length} instruments at ${concurrency} concurrent (${kline.perSecond.toFixed(0)}/s, ${kline.failures} failed): p50 ${kline.p50.toFixed(1)} ms, p99 ${kline.p99.toFixed(1)} ms; budget p99 ≤ ${budgetMs} ms, ratio ${(kline.p99 / budgetMs).toFixed(2)} (≤ 1.00 meets it); ratio to /web/health p99 (${health.p99.toFixed(1)} ms) ${(kline.p99 / health.p99).toFixed(1)}×`,
  );
}
