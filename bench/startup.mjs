// Budget: start to healthy on an existing DATA_DIR ≤ 3 s (embedded PGlite, migrations applied, demo data present).
// Reference run on the same machine: a bare Node HTTP server from spawn to first answer.
// Prints the median of several starts, its ratio to the budget and to the reference. Needs `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const budgetMs = 3_000;
const runs = Number(process.env.BENCH_RUNS ?? 5);

async function timeToHealthy(args, env, url) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
      try {
        const response = await fetch(url);
        if (response.ok) return performance.now() - startedAt;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureStartup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bolsa-bench-start-'));
  const port = 18_000 + Math.floor(Math.random() * 1_000);
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    DEMO_DATA: 'true',
  };
  const healthUrl = `http://127.0.0.1:${port}/web/health`;
  try {
    const firstStartMs = await timeToHealthy(['apps/server/dist/server.js'], env, healthUrl);
    const serverMs = [];
    for (let run = 0; run < runs; run += 1) serverMs.push(await timeToHealthy(['apps/server/dist/server.js'], env, healthUrl));
    const referenceMs = [];
    const reference = `require('http').createServer((q, r) => r.end('ok')).listen(${port}, '127.0.0.1')`;
    for (let run = 0; run < runs; run += 1) referenceMs.push(await timeToHealthy(['-e', reference], {}, `http://127.0.0.1:${port}/`));
    return { firstStartMs, medianMs: median(serverMs), referenceMs: median(referenceMs), budgetMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const result = await measureStartup();
  console.log(`first start on an empty DATA_DIR (creates and migrates the database): ${result.firstStartMs.toFixed(0)} ms`);
  console.log(
    `start to healthy on an existing DATA_DIR: median ${result.medianMs.toFixed(0)} ms of ${runs}; budget ${budgetMs} ms; ratio to budget ${(result.medianMs / budgetMs).toFixed(2)} (≤ 1.00 meets it); ratio to a bare Node HTTP server (${result.referenceMs.toFixed(0)} ms) ${(result.medianMs / result.referenceMs).toFixed(1)}×`,
  );
}
