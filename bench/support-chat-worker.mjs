// One process of support-chat clients: for each of `count` conversations it opens the visitor's socket
// (joined by a device token of its own) and an agent's socket watching that conversation, then each
// visitor sends one message a second (spread over the second) carrying its send time, and the agent's
// socket records the delay from send to arrival. After the warm-up it measures for `seconds` and sends
// the delays (whole milliseconds, counted) to the parent.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

const COUNTS = 60_001;

function open(url) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

function nextMessage(socket, type) {
  return new Promise((resolve, reject) => {
    const listener = (raw) => {
      const event = JSON.parse(String(raw));
      if (event.type === 'error') reject(new Error(event.message));
      if (event.type !== type) return;
      socket.off('message', listener);
      resolve(event);
    };
    socket.on('message', listener);
  });
}

async function conversation(url, operatorToken, state) {
  const visitor = await open(url);
  const joined = nextMessage(visitor, 'joined');
  visitor.send(JSON.stringify({ op: 'join', token: null, deviceToken: `bench-${randomUUID()}`, afterId: null }));
  const { conversationId } = await joined;
  const agent = await open(url);
  const watching = nextMessage(agent, 'joined');
  agent.send(JSON.stringify({ op: 'watch', operatorToken, conversationId, afterId: null }));
  await watching;
  agent.on('message', (raw) => {
    const text = String(raw);
    const at = text.indexOf('"text":"t:');
    if (at < 0) return;
    const sentAt = Number.parseInt(text.slice(at + 10), 10);
    state.received += 1;
    if (!state.isMeasuring) return;
    const delay = Math.min(COUNTS - 1, Math.max(0, Math.round(Date.now() - sentAt)));
    state.delayCounts[delay] += 1;
    state.measured += 1;
  });
  return { visitor, agent };
}

async function run({ url, count, operatorToken, seconds, warmupMs }) {
  const state = { isMeasuring: false, received: 0, measured: 0, sent: 0, delayCounts: new Array(COUNTS).fill(0) };
  const pairs = [];
  // A few at a time: each join and watch is a query on the server.
  for (let index = 0; index < count; index += 20) {
    const batch = Array.from({ length: Math.min(20, count - index) }, () => conversation(url, operatorToken, state));
    pairs.push(...(await Promise.all(batch)));
  }
  let key = 0;
  const timers = pairs.map((pair, index) => {
    const start = setTimeout(
      () => {
        const send = () => {
          key += 1;
          pair.visitor.send(JSON.stringify({ op: 'send', clientKey: `bench-${process.pid}-${key}`, text: `t:${Date.now()}` }));
          state.sent += 1;
        };
        send();
        timers[index] = setInterval(send, 1_000);
      },
      Math.floor((1_000 * index) / pairs.length),
    );
    return start;
  });
  await new Promise((resolve) => setTimeout(resolve, warmupMs));
  state.isMeasuring = true;
  const startedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1_000));
  state.isMeasuring = false;
  const elapsed = (Date.now() - startedAt) / 1_000;
  for (const timer of timers) clearInterval(timer);
  for (const pair of pairs) {
    pair.visitor.terminate();
    pair.agent.terminate();
  }
  return { open: pairs.length, measured: state.measured, elapsed, delayCounts: state.delayCounts };
}

process.once('message', async (task) => {
  const result = await run(task);
  process.send(result, () => process.exit(0));
});
