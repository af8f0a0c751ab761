import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Executor } from './client.ts';
import { isEmbedded } from './embedded-clients.ts';

const dialect = new PgDialect();

/** The pg pool (the database itself) or the pooled client of a transaction, under Drizzle's session. */
function clientOf(executor: Executor): pg.Pool | pg.PoolClient {
  return (executor._.session as unknown as { client: pg.Pool | pg.PoolClient }).client;
}

/**
 * Runs a hot-path statement as a named prepared statement: each connection parses and plans it once and
 * afterwards only binds and executes it, as pgbench's `-M prepared` does. Drizzle has no way to name a
 * raw SQL statement, so this goes to the same pg client (the pool, or the transaction's connection) with
 * the text Drizzle renders. The statement's text must not depend on its values (only parameters vary):
 * pg refuses a name reused for another text.
 */
export async function executePrepared<Row extends Record<string, unknown>>(
  executor: Executor,
  name: string,
  statement: SQL,
): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  return executePreparedText<Row>(executor, name, query.sql, query.params);
}

/** As `executePrepared`, for a statement whose text is a constant: not even rendered by Drizzle on each call. */
export async function executePreparedText<Row extends Record<string, unknown>>(
  executor: Executor,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const client = clientOf(executor);
  const result = await client.query<Row>(isEmbedded(client) ? { text, values } : { name, text, values });
  return result.rows;
}
