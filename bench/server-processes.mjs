// The server as the HTTP benchmarks measure it: BENCH_SERVER_PROCESSES (default 2, one per core) Node
// processes behind one port (node:cluster) on one PostgreSQL, the deployment ADR 0004 describes. Every
// process runs the whole app: the market feed and the job runner elect one producer through advisory
// locks, the execution engines fill each order once, and events cross processes on Redis (REDIS_URL).
// Used by support.mjs's `startServerProcesses`; the primary answers 'ready' over IPC with the port.
import cluster from 'node:cluster';

if (cluster.isPrimary) {
  const count = Number(process.env.BENCH_SERVER_PROCESSES ?? 2);
  let listening = 0;
  for (let index = 0; index < count; index += 1) cluster.fork();
  cluster.on('message', (_worker, message) => {
    if (message?.listening) {
      listening += 1;
      if (listening === count) process.send?.({ ready: true, processes: count });
    }
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
}
