// One process of push clients: opens `count` websockets to the server, subscribes each to 10
// instruments, and after the warm-up records, for `seconds`, the delay from each quote's timestamp
// (set when the feed produced the round) to its arrival here; then sends the figures to the parent.
//
// The clients speak the websocket protocol over plain TCP sockets instead of through the `ws`
// library: they only walk the frame headers and read a quote's timestamp from the end of its
// payload, without decoding it or parsing its JSON. With `ws` the two client processes took more of
// the machine's 2 cores than the server they measured (each received about 67,000 messages/s), so
// the delay they reported was largely their own queueing. Every quote frame is still received,
// counted and checked, and pings are answered, as a browser would.
import { randomBytes } from 'node:crypto';
import net from 'node:net';

const QUOTE_PREFIX = Buffer.from('{"type":"quote"');
const TIMESTAMP_KEY = Buffer.from('"timestamp":');

/** A masked client frame (RFC 6455 §5.3: every client frame is masked). */
function clientFrame(opcode, payload) {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : 4;
  const frame = Buffer.allocUnsafe(headerLength + 4 + length);
  frame[0] = 0x80 | opcode;
  if (length < 126) frame[1] = 0x80 | length;
  else {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(length, 2);
  }
  const mask = randomBytes(4);
  mask.copy(frame, headerLength);
  for (let index = 0; index < length; index += 1) frame[headerLength + 4 + index] = payload[index] ^ mask[index % 4];
  return frame;
}

/** The quote's timestamp: the digits after the last `"timestamp":` of the payload (it ends `…}}`). */
function timestampOf(buffer, start, end) {
  const keyAt = buffer.lastIndexOf(TIMESTAMP_KEY, end - 1);
  if (keyAt < start) return Number.NaN;
  let value = 0;
  for (let index = keyAt + TIMESTAMP_KEY.length; index < end; index += 1) {
    const digit = buffer[index] - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return value;
}

function connect({ host, port, path, codes, state }) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setNoDelay(true);
    let isOpen = false;
    let pending = null;
    const finish = (isSuccess) => {
      resolve({ socket, isOpen: () => isOpen && isSuccess && !socket.destroyed });
    };
    const timer = setTimeout(() => finish(false), 10_000);
    socket.on('error', () => {
      clearTimeout(timer);
      finish(false);
    });
    socket.on('connect', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    socket.on('data', (chunk) => {
      let buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
      pending = null;
      let offset = 0;
      if (!isOpen) {
        const headerEnd = buffer.indexOf('\r\n\r\n');
        if (headerEnd < 0) {
          pending = buffer;
          return;
        }
        if (!buffer.subarray(0, 12).toString().includes('101')) {
          clearTimeout(timer);
          socket.destroy();
          finish(false);
          return;
        }
        isOpen = true;
        clearTimeout(timer);
        socket.write(clientFrame(0x1, Buffer.from(JSON.stringify({ op: 'subscribe', codes }))));
        finish(true);
        offset = headerEnd + 4;
      }
      while (buffer.length - offset >= 2) {
        const opcode = buffer[offset] & 0x0f;
        let length = buffer[offset + 1] & 0x7f;
        let headerLength = 2;
        if (length === 126) {
          if (buffer.length - offset < 4) break;
          length = buffer.readUInt16BE(offset + 2);
          headerLength = 4;
        } else if (length === 127) {
          if (buffer.length - offset < 10) break;
          length = Number(buffer.readBigUInt64BE(offset + 2));
          headerLength = 10;
        }
        const start = offset + headerLength;
        const end = start + length;
        if (end > buffer.length) break;
        if (opcode === 0x9) socket.write(clientFrame(0xa, buffer.subarray(start, end)));
        else if (
          opcode === 0x1 &&
          state.isMeasuring &&
          buffer.compare(QUOTE_PREFIX, 0, QUOTE_PREFIX.length, start, start + QUOTE_PREFIX.length) === 0
        ) {
          state.messages += 1;
          const delay = Date.now() - timestampOf(buffer, start, end);
          // Whole milliseconds (both clocks are), counted per value: the percentiles are exact and the
          // parent gets a few thousand counts instead of a million delays.
          if (Number.isFinite(delay)) state.delayCounts[Math.max(0, Math.min(delay, state.delayCounts.length - 1))] += 1;
          else state.unreadable += 1;
        }
        offset = end;
      }
      if (offset < buffer.length) {
        buffer = buffer.subarray(offset);
        // A partial frame: keep a copy, so the chunk it came in can be freed.
        pending = Buffer.from(buffer);
      }
    });
  });
}

async function run({ url, count, first, instruments, seconds, warmupMs }) {
  const { hostname: host, port, pathname: path } = new URL(url);
  const state = { isMeasuring: false, messages: 0, delayCounts: new Array(60_001).fill(0), unreadable: 0 };
  const clients = [];
  // Connects in batches of 100, each batch waiting for its sockets to open, so the server's accept
  // queue does not overflow and refuse connections.
  let batch = [];
  for (let index = first; index < first + count; index += 1) {
    const codes = Array.from({ length: 10 }, (_, offset) => instruments[(index * 7 + offset * 13) % instruments.length]);
    batch.push(connect({ host, port: Number(port), path, codes, state }));
    if (batch.length === 100) {
      clients.push(...(await Promise.all(batch)));
      batch = [];
    }
  }
  clients.push(...(await Promise.all(batch)));
  await new Promise((resolve) => setTimeout(resolve, warmupMs));
  const open = clients.filter((client) => client.isOpen()).length;
  state.isMeasuring = true;
  const startedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  state.isMeasuring = false;
  const elapsed = (Date.now() - startedAt) / 1000;
  for (const client of clients) client.socket.destroy();
  return { open, messages: state.messages, elapsed, delayCounts: state.delayCounts, unreadable: state.unreadable };
}

process.once('message', async (task) => {
  const result = await run(task);
  process.send(result, () => process.exit(0));
});
