// Budget (issue #3): 10,000 websocket clients per server process, each subscribed to 10 instruments,
// p99 delay from tick to client ≤ 50 ms. Prints delivered messages per second and the p99 delay for
// N clients (BENCH_PUSH_CLIENTS, default 2000) on 127.0.0.1, and its ratios to the budget.
// The clients run in this process, on the same 2 cores as the server: the figure is a lower bound.
import { createRequire } from 'node:module';
import { benchInstruments, percentile, startMarketServer } from './market-server.mjs';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const WebSocket = require('ws');

const clientCount = Number(process.env.BENCH_PUSH_CLIENTS ?? 2000);
const seconds = Number(process.env.BENCH_PUSH_SECONDS ?? 10);
const goalClients = 10_000;
const budgetMs = 50;

export async function measurePush() {
  const port = 19_000 + Math.floor(Math.random() * 500);
  const server = await startMarketServer({ port, extraEnv: { PUSH_UPDATES_PER_SECOND: '4' } });
  const sockets = [];
  const delays = [];
  let messages = 0;
  let isMeasuring = false;
  try {
    for (let index = 0; index < clientCount; index += 1) {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/web/push`);
      socket.on('message', (raw) => {
        if (!isMeasuring) return;
        const text = raw.toString();
        if (!text.startsWith('{"type":"quote"')) return;
        messages += 1;
        const timestamp = Number(text.slice(text.lastIndexOf('"timestamp":') + 12, -2));
        if (messages % 4 === 0) delays.push(Date.now() - timestamp);
      });
      const codes = Array.from({ length: 10 }, (_, offset) => benchInstruments[(index * 7 + offset * 13) % benchInstruments.length]);
      socket.on('open', () => socket.send(JSON.stringify({ op: 'subscribe', codes })));
      sockets.push(socket);
      if (index % 200 === 199) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const open = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
    isMeasuring = true;
    const startedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    isMeasuring = false;
    const elapsed = (Date.now() - startedAt) / 1000;
    return { clients: open, messagesPerSecond: messages / elapsed, p50: percentile(delays, 0.5), p99: percentile(delays, 0.99) };
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.stop();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const result = await measurePush();
  console.log(
    `push: ${result.clients} clients × 10 instruments on 127.0.0.1: ${result.messagesPerSecond.toFixed(0)} messages/s delivered; delay tick → client p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms; budget p99 ≤ ${budgetMs} ms, ratio ${(result.p99 / budgetMs).toFixed(2)} (≤ 1.00 meets it); clients ${result.clients} of the ${goalClients} goal, ratio ${(result.clients / goalClients).toFixed(2)}`,
  );
}
