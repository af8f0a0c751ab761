// Budget (issue 23): 2,000 open support conversations with one message a second each, on one server
// process: p99 from a visitor's send to the agent's socket ≤ 100 ms, printed as a ratio to the same
// load on the push socket's quotes (2,000 clients, one quote a second each: tick → client) measured on
// the same server in the same run, and as a ratio to the budget. The built server runs on embedded
// PGlite (every message is stored before it is delivered); the clients run in BENCH_LOAD_PROCESSES
// (default 2) processes of their own at nice BENCH_CLIENT_NICE (default 10).
import { fork } from 'node:child_process';
import { cpus, loadavg, setPriority } from 'node:os';
import { startMarketServer } from './market-server.mjs';
import { percentileOfCounts } from './push.mjs';

const conversations = Number(process.env.BENCH_CONVERSATIONS ?? 2_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const processes = Number(process.env.BENCH_LOAD_PROCESSES ?? 2);
const clientNice = Number(process.env.BENCH_CLIENT_NICE ?? 10);
const budgetMs = 100;
const operator = { email: 'bench-ops@example.com', password: 'bench-operator-password' };

/** Runs `worker` in `processes` children, each with its share of `total`, and adds their delay counts up. */
async function inWorkers(worker, total, task) {
  const results = await Promise.all(
    Array.from({ length: processes }, (_, index) => {
      const first = Math.floor((total * index) / processes);
      const count = Math.floor((total * (index + 1)) / processes) - first;
      return new Promise((resolve, reject) => {
        const child = fork(new URL(worker, import.meta.url).pathname);
        setPriority(child.pid, clientNice);
        child.once('message', resolve);
        child.once('error', reject);
        child.send({ ...task, count, first });
      });
    }),
  );
  const delayCounts = results[0].delayCounts.map((_, delay) => results.reduce((sum, result) => sum + result.delayCounts[delay], 0));
  return {
    open: results.reduce((sum, result) => sum + result.open, 0),
    perSecond:
      results.reduce((sum, result) => sum + (result.measured ?? result.messages), 0) / Math.max(...results.map((result) => result.elapsed)),
    p50: percentileOfCounts(delayCounts, 0.5),
    p99: percentileOfCounts(delayCounts, 0.99),
  };
}

export async function measureSupportChat() {
  const port = 19_500 + Math.floor(Math.random() * 400);
  // One instrument at one update a second per client: each push client receives what each agent does.
  const server = await startMarketServer({
    port,
    instruments: ['AAPL'],
    extraEnv: { PUSH_UPDATES_PER_SECOND: '1', ADMIN_EMAIL: operator.email, ADMIN_PASSWORD: operator.password },
  });
  try {
    const login = await fetch(`${server.base}/admin/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(operator),
    });
    const operatorToken = (await login.json()).data.token;
    const warmupMs = 3_000;
    const push = await inWorkers('./push-client-worker.mjs', conversations, {
      url: `ws://127.0.0.1:${port}/web/push`,
      instruments: ['AAPL'],
      seconds,
      warmupMs,
    });
    const chat = await inWorkers('./support-chat-worker.mjs', conversations, {
      url: `ws://127.0.0.1:${port}/web/support/socket`,
      operatorToken,
      seconds,
      warmupMs,
    });
    return { push, chat };
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const before = loadavg()[0];
  const { push, chat } = await measureSupportChat();
  console.log(
    `push reference: ${push.open} clients × 1 quote/s: ${push.perSecond.toFixed(0)} messages/s, tick → client p50 ${push.p50.toFixed(1)} ms, p99 ${push.p99.toFixed(1)} ms`,
  );
  console.log(
    `support chat: ${chat.open} conversations × 1 message/s: ${chat.perSecond.toFixed(0)} delivered/s, send → agent p50 ${chat.p50.toFixed(1)} ms, p99 ${chat.p99.toFixed(1)} ms; ratio to the push reference's p99 ${(chat.p99 / Math.max(push.p99, 1)).toFixed(2)}; budget p99 ≤ ${budgetMs} ms, ratio ${(chat.p99 / budgetMs).toFixed(2)} (≤ 1.00 meets it); conversations ${chat.open} of ${conversations}; load average before ${before.toFixed(2)}, after ${loadavg()[0].toFixed(2)} on ${cpus().length} cores`,
  );
}
