import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';

/** Starts the server for real: configuration from the environment, graceful shutdown on SIGINT/SIGTERM. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const app = await buildApp(config);
  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => process.exit(1), 15_000);
    forceExit.unref();
    await app.drain(10_000);
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: app.platform.database.kind, dataDir: config.dataDir }, 'Bolsa is serving');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
