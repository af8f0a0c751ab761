// Budget (issue #3): 10,000 websocket clients per server process, each subscribed to 10 instruments,
// p99 delay from tick to client ≤ 50 ms. Prints delivered messages per second and the p50/p99 delay for
// N clients (BENCH_PUSH_CLIENTS, default 10000) on 127.0.0.1, and its ratios to the budget. The clients
// run in BENCH_LOAD_PROCESSES (default 2) processes of their own, not in the server's event loop, and
// speak the websocket protocol over plain TCP, walking frame headers only (push-client-worker.mjs says
// why); the machine's load average is printed with the result, since everything shares the same cores.
import { fork } from 'node:child_process';
import { cpus, loadavg, setPriority } from 'node:os';
import { benchInstruments, startMarketServer } from './market-server.mjs';

const clientCount = Number(process.env.BENCH_PUSH_CLIENTS ?? 10_000);
const seconds = Number(process.env.BENCH_PUSH_SECONDS ?? 10);
const processes = Number(process.env.BENCH_LOAD_PROCESSES ?? 2);
const clientNice = Number(process.env.BENCH_CLIENT_NICE ?? 10);
const goalClients = 10_000;
const budgetMs = 50;

/** The delay at `share` of counts per whole millisecond (index = delay). */
export function percentileOfCounts(counts, share) {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return Number.NaN;
  const rank = Math.min(total - 1, Math.floor(share * total));
  let seen = 0;
  for (const [delay, count] of counts.entries()) {
    seen += count;
    if (seen > rank) return delay;
  }
  return counts.length - 1;
}

export async function measurePush() {
  const port = 19_000 + Math.floor(Math.random() * 500);
  const server = await startMarketServer({ port, extraEnv: { PUSH_UPDATES_PER_SECOND: '4' } });
  try {
    // Every process connects its share, then waits a little so all subscriptions are in before measuring.
    const warmupMs = 3_000;
    const results = await Promise.all(
      Array.from({ length: processes }, (_, index) => {
        const first = Math.floor((clientCount * index) / processes);
        const count = Math.floor((clientCount * (index + 1)) / processes) - first;
        return new Promise((resolve, reject) => {
          const child = fork(new URL('./push-client-worker.mjs', import.meta.url).pathname);
          // The clients run at a lower priority, so a quote written to one of them does not preempt the
          // server in the middle of its pass over the others (on loopback every write wakes a client
          // process). Clients on other machines would not take the server's CPU at all.
          setPriority(child.pid, clientNice);
          child.once('message', resolve);
          child.once('error', reject);
          child.send({ url: `ws://127.0.0.1:${port}/web/push`, count, first, instruments: benchInstruments, seconds, warmupMs });
        });
      }),
    );
    // Each worker counts delays per whole millisecond (index = delay in ms, the last one 60 s or more).
    const delayCounts = results[0].delayCounts.map((_, delay) => results.reduce((sum, result) => sum + result.delayCounts[delay], 0));
    const elapsed = Math.max(...results.map((result) => result.elapsed));
    return {
      clients: results.reduce((sum, result) => sum + result.open, 0),
      messagesPerSecond: results.reduce((sum, result) => sum + result.messages, 0) / elapsed,
      p50: percentileOfCounts(delayCounts, 0.5),
      p99: percentileOfCounts(delayCounts, 0.99),
      unreadable: results.reduce((sum, result) => sum + result.unreadable, 0),
    };
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const before = loadavg()[0];
  const result = await measurePush();
  if (result.unreadable > 0) console.warn(`push: ${result.unreadable} quote frames without a readable timestamp`);
  console.log(
    `push: ${result.clients} clients × 10 instruments on 127.0.0.1 from ${processes} client processes: ${result.messagesPerSecond.toFixed(0)} messages/s delivered; delay tick → client p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms; budget p99 ≤ ${budgetMs} ms, ratio ${(result.p99 / budgetMs).toFixed(2)} (≤ 1.00 meets it); clients ${result.clients} of the ${goalClients} goal, ratio ${(result.clients / goalClients).toFixed(2)}; load average before ${before.toFixed(2)}, after ${loadavg()[0].toFixed(2)} on ${cpus().length} cores`,
  );
}
