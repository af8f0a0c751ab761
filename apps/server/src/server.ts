import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';

/** The one human line a first start prints (issue 15 §10): where the app is, who to sign in as, where mails go. */
function startLine(config: ReturnType<typeof loadConfig>): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const parts = [`Bolsa: http://${host}:${config.port}/ (console /admin/)`];
  if (config.isDemoDataEnabled) {
    parts.push('demo user demo@bolsa.app / demo1234');
    if (!config.adminEmail) parts.push('demo operator ops@bolsa.app / bolsa-ops-demo');
  }
  parts.push(config.smtpUrl ? 'mail over SMTP' : 'no SMTP_URL: mails are logged and kept in the console outbox');
  return parts.join(' · ');
}

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
  process.stdout.write(`${startLine(config)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
