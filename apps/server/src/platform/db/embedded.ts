import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

export type EmbeddedPostgres = {
  /** Directory of the Unix socket: `pg` takes it as `host`, with port 5432 naming `.s.PGSQL.5432`. */
  socketDirectory: string;
  stop(): Promise<void>;
};

const isSource = import.meta.url.endsWith('.ts');

const lockedByThisProcess = new Set<string>();

/** Takes DATA_DIR for this process alone: two servers on one PGlite directory would corrupt it. */
function lockDataDirectory(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'server.pid');
  if (lockedByThisProcess.has(lockPath)) throw new Error(`DATA_DIR ${dataDir} is in use by process ${process.pid} (this one)`);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const descriptor = openSync(lockPath, 'wx');
      writeSync(descriptor, String(process.pid));
      closeSync(descriptor);
      lockedByThisProcess.add(lockPath);
      return () => {
        lockedByThisProcess.delete(lockPath);
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8'));
      // A file naming this process but not in our set was left by an earlier process that had the same pid.
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new Error(`DATA_DIR ${dataDir} is in use by process ${holder}; stop it first or choose another DATA_DIR`);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts PGlite in a worker thread; `dataDir` undefined keeps the database in memory (tests). */
export async function startEmbeddedPostgres(dataDir: string | undefined): Promise<EmbeddedPostgres> {
  const unlock = dataDir ? lockDataDirectory(dataDir) : () => undefined;
  const socketDirectory = mkdtempSync(join(tmpdir(), 'bolsa-pg-'));
  const workerData = { dataDir: dataDir ? join(dataDir, 'pglite') : undefined, socketPath: join(socketDirectory, '.s.PGSQL.5432') };
  const worker = isSource
    ? // From source (tests, dev) the worker is TypeScript: register tsx inside the worker first, then load it.
      new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./embedded-postgres.worker.ts', import.meta.url).href)}); })`,
        { eval: true, workerData },
      )
    : new Worker(new URL('./embedded-postgres.worker.js', import.meta.url), { workerData });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (message: { type: string }) => (message.type === 'ready' ? resolve() : reject(new Error(message.type))));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`embedded database exited with code ${code}`)));
    });
  } catch (error) {
    unlock();
    rmSync(socketDirectory, { recursive: true, force: true });
    throw error;
  }
  return {
    socketDirectory,
    async stop() {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5_000);
        worker.once('message', () => {
          clearTimeout(timer);
          resolve();
        });
        worker.postMessage({ type: 'stop' });
      });
      await worker.terminate();
      unlock();
      rmSync(socketDirectory, { recursive: true, force: true });
    },
  };
}
