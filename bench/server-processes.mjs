// The server as the HTTP benchmarks measure it: BENCH_SERVER_PROCESSES (support.mjs chooses) Node
// processes behind one port (node:cluster) on one PostgreSQL, the deployment ADR 0004 describes. Every
// process runs the whole app: the market feed and the job runner elect one producer through advisory
// locks, the execution engines fill each order once, and events cross processes on Redis (REDIS_URL).
// Used by support.mjs's `startServerProcesses`; the primary answers 'ready' over IPC with the port.
import cluster from 'node:cluster';

if (cluster.isPrimary) {
  // support.mjs always sets the count (its default: one per core the database leaves).
  const count = Number(process.env.BENCH_SERVER_PROCESSES ?? 1);
  let listening = 0;
  let isHistoryStored = false;
  let isAnnounced = false;
  const announceWhenReady = () => {
    if (isAnnounced || listening < count || !isHistoryStored) return;
    isAnnounced = true;
    process.send?.({ ready: true, processes: count });
  };
  // BENCH_CPU_PROFILE=<dir>: each server process runs under --cpu-prof and writes its profile there when it stops.
  if (process.env.BENCH_CPU_PROFILE) {
    cluster.setupPrimary({ execArgv: [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] });
  }
  for (let index = 0; index < count; index += 1) cluster.fork();
  // Should no process become the feed's leader in two minutes, measure anyway rather than wait for ever.
  setTimeout(() => {
    if (isHistoryStored) return;
    console.error('server-processes: market history not stored after 120 s; measuring without waiting for it');
    isHistoryStored = true;
    announceWhenReady();
  }, 120_000).unref();
  cluster.on('message', (_worker, message) => {
    if (message?.listening) listening += 1;
    if (message?.historyStored) isHistoryStored = true;
    announceWhenReady();
  });
  cluster.on('exit', (_worker, code) => {
    if (code !== 0) process.exit(code ?? 1);
  });
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    setTimeout(() => process.exit(0), 2000).unref();
  });
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const serverSource = new URL('../apps/server/src/', import.meta.url);
  const { loadConfig } = await import(new URL('platform/config.ts', serverSource).href);
  const { buildApp } = await import(new URL('app.ts', serverSource).href);
  const config = loadConfig(process.env);
  const app = await buildApp(config, { shouldStartJobs: false });
  if (config.marketClock === 'always-open') await app.market.feed.ready();
  await app.listen({ port: config.port, host: '127.0.0.1' });
  process.send?.({ listening: true });
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  // The market feed's leader writes every instrument's missing history when it starts: the measurement
  // waits for it, or it would measure the server and PostgreSQL busy with that start-up work. One process
  // is elected leader; whichever it is tells the primary once its history is stored.
  const leaderDeadline = Date.now() + 120_000;
  while (!app.market.feed.isLeader() && Date.now() < leaderDeadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (app.market.feed.isLeader()) {
    await app.market.feed.historyStored();
    process.send?.({ historyStored: true });
  }
}
