import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { migrationsFolder } from '../paths.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { markEmbedded } from './embedded-clients.ts';

export type Database = NodePgDatabase;
/** What a repository takes: the database itself or the caller's transaction. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  kind: 'embedded' | 'postgres';
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
};

// NUMERIC and BIGINT arrive as strings so no amount ever passes through a float.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);

/**
 * Opens the system of record: PostgreSQL through DATABASE_URL, or embedded PGlite under DATA_DIR.
 * Both are reached through one `pg` pool; PGlite is single-session, so its pool holds one connection.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'dataDir'>,
  options: { inMemory?: boolean } = {},
) {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.databasePoolSize });
    return handleOf('postgres', pool, async () => undefined);
  }
  const embedded = await startEmbeddedPostgres(options.inMemory ? undefined : config.dataDir);
  const pool = new pg.Pool({ host: embedded.socketDirectory, port: 5432, user: 'postgres', database: 'postgres', max: 1 });
  markEmbedded(pool);
  return handleOf('embedded', pool, () => embedded.stop());
}

function handleOf(kind: DatabaseHandle['kind'], pool: pg.Pool, stopServer: () => Promise<void>): DatabaseHandle {
  pool.on('error', () => undefined);
  return {
    kind,
    pool,
    db: drizzle(pool),
    async close() {
      await pool.end();
      await stopServer();
    },
  };
}

const MIGRATION_LOCK = 7_311_001;

/** Applies the drizzle-kit migrations, one server process at a time. */
export async function migrateDatabase(handle: DatabaseHandle) {
  const client = await handle.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
