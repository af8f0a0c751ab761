// One process of push clients: opens `count` websockets to the server, subscribes each to 10
// instruments, and after the warm-up records the delay from each quote's timestamp to its arrival
// (every 4th message, to keep this process light) for `seconds`; then sends the figures to the parent.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const WebSocket = require('ws');

async function run({ url, count, first, instruments, seconds, warmupMs }) {
  const sockets = [];
  const delays = [];
  let messages = 0;
  let isMeasuring = false;
  // Connects in batches of 100, each batch waiting for its sockets to open, so the server's accept
  // queue does not overflow and refuse connections.
  let batch = [];
  for (let index = first; index < first + count; index += 1) {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    batch.push(
      new Promise((resolve) => {
        socket.once('open', resolve);
        socket.once('error', resolve);
        setTimeout(resolve, 10_000).unref();
      }),
    );
    socket.on('message', (raw) => {
      if (!isMeasuring) return;
      const text = raw.toString();
      if (!text.startsWith('{"type":"quote"')) return;
      messages += 1;
      if (messages % 4 === 0) delays.push(Date.now() - Number(text.slice(text.lastIndexOf('"timestamp":') + 12, -2)));
    });
    socket.on('error', () => undefined);
    const codes = Array.from({ length: 10 }, (_, offset) => instruments[(index * 7 + offset * 13) % instruments.length]);
    socket.on('open', () => socket.send(JSON.stringify({ op: 'subscribe', codes })));
    sockets.push(socket);
    if (batch.length === 100) {
      await Promise.all(batch);
      batch = [];
    }
  }
  await Promise.all(batch);
  await new Promise((resolve) => setTimeout(resolve, warmupMs));
  const open = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
  isMeasuring = true;
  const startedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  isMeasuring = false;
  const elapsed = (Date.now() - startedAt) / 1000;
  for (const socket of sockets) socket.terminate();
  return { open, messages, elapsed, delays };
}

process.once('message', async (task) => {
  const result = await run(task);
  process.send(result, () => process.exit(0));
});
