/**
 * Runs PGlite (Postgres compiled to WASM) in a worker thread and relays the Postgres wire protocol
 * over a Unix socket, so the main thread talks to it with the ordinary `pg` driver and its event loop
 * never stalls while the database works.
 *
 * The relay is ours rather than @electric-sql/pglite-socket's server: that one (0.2.17) drops the
 * connection after any error response, which turned every refused ledger movement into a broken
 * connection. Here PGlite's own bytes go back as they are, errors included.
 */
import { rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

type WorkerInput = { dataDir: string | undefined; socketPath: string };
type ParentMessage = { type: 'stop' };

const SSL_REQUEST_CODE = 80_877_103;
const CANCEL_REQUEST_CODE = 80_877_102;

const input = workerData as WorkerInput;
const port = parentPort;
if (!port) throw new Error('embedded-postgres.worker must run as a worker thread');

const database = await PGlite.create(input.dataDir ?? 'memory://');

/** Every connection's messages run one after another: PGlite is a single session. */
let queue: Promise<unknown> = Promise.resolve();
let activeSocket: Socket | undefined;

/** Splits complete frontend messages off the buffer; the first message of a connection has no type byte. */
function takeMessages(buffer: Buffer, isStartup: boolean): { messages: Buffer[]; rest: Buffer; isStartup: boolean } {
  const messages: Buffer[] = [];
  let offset = 0;
  let startup = isStartup;
  for (;;) {
    if (startup) {
      if (buffer.length - offset < 8) break;
      const length = buffer.readInt32BE(offset);
      if (buffer.length - offset < length) break;
      messages.push(buffer.subarray(offset, offset + length));
      offset += length;
      const code = buffer.readInt32BE(offset - length + 4);
      // After an SSL or cancel request the real startup message still follows.
      if (code !== SSL_REQUEST_CODE && code !== CANCEL_REQUEST_CODE) startup = false;
      continue;
    }
    if (buffer.length - offset < 5) break;
    const length = buffer.readInt32BE(offset + 1) + 1;
    if (buffer.length - offset < length) break;
    messages.push(buffer.subarray(offset, offset + length));
    offset += length;
  }
  return { messages, rest: buffer.subarray(offset), isStartup: startup };
}

async function answer(socket: Socket, message: Buffer) {
  if (message.length === 8 && message.readInt32BE(4) === SSL_REQUEST_CODE) {
    socket.write('N');
    return;
  }
  if (message.length === 16 && message.readInt32BE(4) === CANCEL_REQUEST_CODE) return;
  const reply = await database.execProtocolRaw(new Uint8Array(message.buffer, message.byteOffset, message.length));
  if (reply.length > 0 && !socket.destroyed) socket.write(reply);
}

const server = createServer((socket) => {
  let buffer: Buffer = Buffer.alloc(0);
  let isStartup = true;
  socket.setNoDelay(true);
  socket.on('data', (chunk: Buffer) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    const taken = takeMessages(buffer, isStartup);
    buffer = Buffer.from(taken.rest);
    isStartup = taken.isStartup;
    for (const message of taken.messages) {
      const copy = Buffer.from(message);
      queue = queue.then(async () => {
        activeSocket = socket;
        await answer(socket, copy);
      });
      queue = queue.catch((error: unknown) => {
        socket.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    }
  });
  socket.on('close', () => {
    // A client gone in the middle of a transaction must not leave it open for the next one.
    queue = queue.then(async () => {
      if (activeSocket === socket && database.isInTransaction()) await database.exec('ROLLBACK');
    });
  });
  socket.on('error', () => undefined);
});

rmSync(input.socketPath, { force: true });
await new Promise<void>((resolve) => server.listen(input.socketPath, resolve));
port.postMessage({ type: 'ready' });

port.on('message', async (message: ParentMessage) => {
  if (message.type !== 'stop') return;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await queue.catch(() => undefined);
  // A checkpoint before closing keeps the next start fast: no WAL replay.
  await database.exec('CHECKPOINT').catch(() => undefined);
  await database.close();
  port.postMessage({ type: 'stopped' });
});
