/**
 * Runs PGlite (Postgres compiled to WASM) in a worker thread and serves it over a Unix socket,
 * so the main thread talks to it with the ordinary `pg` driver and its event loop never stalls
 * while the database works.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

type WorkerInput = { dataDir: string | undefined; socketPath: string };
type ParentMessage = { type: 'stop' };

const input = workerData as WorkerInput;
const port = parentPort;
if (!port) throw new Error('embedded-postgres.worker must run as a worker thread');

const database = await PGlite.create(input.dataDir ?? 'memory://');
const server = new PGLiteSocketServer({ db: database, path: input.socketPath });
await server.start();
port.postMessage({ type: 'ready' });

port.on('message', async (message: ParentMessage) => {
  if (message.type !== 'stop') return;
  await server.stop();
  // A checkpoint before closing keeps the next start fast: no WAL replay.
  await database.exec('CHECKPOINT').catch(() => undefined);
  await database.close();
  port.postMessage({ type: 'stopped' });
});
