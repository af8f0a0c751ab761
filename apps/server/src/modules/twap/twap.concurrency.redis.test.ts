import { currencyOfWallet, type TwapOrder } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { startTwoProcesses, webCallerOf } from '../../test/test-app.ts';
import { createLedgerService } from '../ledger/index.ts';

// Runs in the server-redis project (REDIS_URL set): two app instances on one PostgreSQL database, both
// running the slice job again and again at the same moments over a worked order's whole period.

describe('a worked order on two server processes', () => {
  let processes: Awaited<ReturnType<typeof startTwoProcesses>> | undefined;
  const quotes = scriptedQuotes();
  let clockOffset = 0;

  beforeAll(async () => {
    processes = await startTwoProcesses({ appOptions: { quoteSource: quotes, now: () => new Date(Date.now() + clockOffset) } });
    quotes.set('AAPL', '199.99', '200.01');
  }, 60_000);
  afterAll(async () => {
    await processes?.close();
  });

  it('places every slice once, whichever process runs the job', async () => {
    if (!processes) throw new Error('the two processes did not start');
    const { apps } = processes;
    const [first] = apps;
    const db = first.platform.database.db;
    const caller = webCallerOf(first);
    const { token, userId } = await caller.register('twap-two-apps');
    const ledger = createLedgerService({ db, logger: { error: () => undefined, info: () => undefined } });
    await ledger.post(db, {
      idempotencyKey: `twap-two-apps-fund:${userId}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet('STOCK') }, amount: '-100000' },
        { account: { userId, walletType: 'STOCK' }, amount: '100000' },
      ],
    });
    const created = await caller.call<TwapOrder>('/twap/create', token, {
      stockCode: 'AAPL',
      direction: 0,
      quantity: '60',
      periodSeconds: 300,
      slices: 3,
      idempotencyKey: `twap-two-apps-${userId}`,
    });
    expect(created.code, created.msg).toBe(200);

    for (const offset of [0, 0, 100_000, 100_000, 200_000, 200_000, 300_000]) {
      clockOffset = offset;
      await db.execute(sql`DELETE FROM platform_job_runs WHERE name = 'twap-slices'`);
      await Promise.all([...apps, ...apps].map((app) => app.platform.jobs.runIfDue('twap-slices')));
    }
    const orders = await db.execute<{ key: string; quantity: string }>(
      sql`SELECT idempotency_key AS key, quantity FROM trading_orders WHERE user_id = ${userId} ORDER BY id`,
    );
    expect(orders.rows.map((row) => row.key)).toEqual([0, 1, 2].map((index) => `twap:${created.data.id}:${index}`));
    const list = await webCallerOf(apps[1]).call<{ list: TwapOrder[] }>('/twap/pageList', token, {});
    const seen = list.data.list[0];
    expect(seen).toMatchObject({ status: 'completed', filledQuantity: '60', slicesFilled: 3 });
    const sum = orders.rows.reduce((total, row) => total.plus(row.quantity), new Decimal(0));
    expect(sum.toString()).toBe(seen?.filledQuantity);
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
});
