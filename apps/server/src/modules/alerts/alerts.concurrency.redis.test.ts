import type { PriceAlert } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { startTwoProcesses, webCallerOf } from '../../test/test-app.ts';

// Runs in the server-redis project (REDIS_URL set): two app instances on one PostgreSQL database, each
// with its alert engine, told of each other's alerts over Redis, both seeing every quote.

const USERS = 6;
const ALERTS_PER_USER = 20;

async function until(condition: () => boolean, what: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('price alerts on two app instances', () => {
  let processes: Awaited<ReturnType<typeof startTwoProcesses>> | undefined;
  const apps: FastifyInstance[] = [];
  const quotes = scriptedQuotes();

  beforeAll(async () => {
    processes = await startTwoProcesses({ appOptions: { quoteSource: quotes } });
    apps.push(...processes.apps);
  }, 60_000);
  afterAll(async () => {
    await processes?.close();
  });

  it('both engines index every alert, both see the crossing quote, and each alert fires and is told exactly once', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    quotes.set('AAPL', '200.00', '200.02');
    const users = [];
    for (let index = 0; index < USERS; index += 1) users.push(await webCallerOf(first).register(`alerts-two-${index}`));
    const created = await Promise.all(
      users.flatMap((user, userIndex) =>
        Array.from({ length: ALERTS_PER_USER }, async (_, index) => {
          // Half created on each process; levels from 200.01 to 201.20, all crossed by 205.
          const app = (userIndex + index) % 2 === 0 ? first : second;
          const threshold = (200 + (userIndex * ALERTS_PER_USER + index + 1) / 100).toFixed(2);
          return webCallerOf(app).call<PriceAlert>('/priceAlert/create', user.token, { stockCode: 'AAPL', kind: 'above', threshold });
        }),
      ),
    );
    expect(created.every((answer) => answer.code === 200)).toBe(true);
    const total = USERS * ALERTS_PER_USER;
    await until(() => first.alerts.engine.armedCount() === total && second.alerts.engine.armedCount() === total, 'both indexes');

    quotes.set('AAPL', '205.00', '205.02');
    await Promise.all(apps.map((app) => app.alerts.engine.idle()));
    expect(first.alerts.engine.armedCount()).toBe(0);
    expect(second.alerts.engine.armedCount()).toBe(0);

    const db = first.platform.database.db;
    const states = await db.execute<{ status: string; n: number }>(
      sql`SELECT status, count(*)::int AS n FROM price_alerts GROUP BY status`,
    );
    expect(states.rows).toEqual([{ status: 'fired', n: total }]);
    const told = await db.execute<{ user_id: string; n: number }>(
      sql`SELECT user_id::text, count(*)::int AS n FROM messages WHERE template = 'priceAlertAbove' GROUP BY user_id`,
    );
    expect(told.rows).toHaveLength(USERS);
    expect(told.rows.every((row) => row.n === ALERTS_PER_USER)).toBe(true);

    // A later quote fires nothing more, on either process.
    quotes.set('AAPL', '206.00', '206.02');
    await Promise.all(apps.map((app) => app.alerts.engine.idle()));
    const messages = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages WHERE template = 'priceAlertAbove'`);
    expect(messages.rows[0]?.n).toBe(total);
  });

  it('an alert deleted on one process is forgotten by the other', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    quotes.set('MSFT', '400.00', '400.04');
    const user = await webCallerOf(first).register('alerts-two-delete');
    const before = second.alerts.engine.armedCount();
    const alert = await webCallerOf(first).call<PriceAlert>('/priceAlert/create', user.token, {
      stockCode: 'MSFT',
      kind: 'below',
      threshold: '390',
    });
    await until(() => second.alerts.engine.armedCount() === before + 1, 'the second index');
    expect((await webCallerOf(first).call(`/priceAlert/delete/${alert.data.id}`, user.token, {})).code).toBe(200);
    await until(() => second.alerts.engine.armedCount() === before, 'the second index to forget it');
  });
});
