import type pg from 'pg';

/**
 * Pools (and their connections) of the embedded database. PGlite is one session behind every connection
 * the pool opens, so a statement prepared through a connection since closed is still there while pg's
 * new connection does not know it: names would collide. There statements stay unnamed, as before.
 */
const embedded = new WeakSet<object>();

export function isEmbedded(client: object): boolean {
  return embedded.has(client);
}

export function markEmbedded(pool: pg.Pool) {
  embedded.add(pool);
  pool.on('connect', (client) => embedded.add(client));
}
