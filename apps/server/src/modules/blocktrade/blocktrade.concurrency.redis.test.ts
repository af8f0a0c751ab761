import { currencyOfWallet } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { startTwoProcesses, webCallerOf } from '../../test/test-app.ts';
import { createLedgerService } from '../ledger/index.ts';

// Runs in the server-redis project (REDIS_URL set): two app instances on one PostgreSQL database with
// the Redis bus between them, both asked at the same moment to accept the same block quote.

describe('a block accepted on two server processes at once', () => {
  let processes: Awaited<ReturnType<typeof startTwoProcesses>> | undefined;
  const quotes = scriptedQuotes();

  beforeAll(async () => {
    processes = await startTwoProcesses({ appOptions: { quoteSource: quotes } });
    quotes.set('AAPL', '199.99', '200.01');
  }, 60_000);
  afterAll(async () => {
    await processes?.close();
  });

  it('fills once: one order, one journal, both processes answer the same block', async () => {
    if (!processes) throw new Error('the two processes did not start');
    const [first, second] = processes.apps;
    const db = first.platform.database.db;
    const [one, two] = [webCallerOf(first), webCallerOf(second)];
    const ledger = createLedgerService({ db, logger: { error: () => undefined, info: () => undefined } });
    const { token, userId } = await one.register('block-two-apps');
    // The permission as an approved review leaves it (the review itself is the scenario test's).
    await db.execute(sql`INSERT INTO block_applications (user_id, status, identity_verified, account_value_usd, filled_orders)
      VALUES (${userId}, 'approved', true, '3000000', 1)`);
    await db.execute(sql`INSERT INTO block_permissions (user_id, status, application_id)
      SELECT ${userId}, 'active', id FROM block_applications WHERE user_id = ${userId}`);
    await ledger.post(db, {
      idempotencyKey: `block-two-apps-fund:${userId}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet('STOCK') }, amount: '-3000000' },
        { account: { userId, walletType: 'STOCK' }, amount: '3000000' },
      ],
    });
    const balance = async () =>
      new Decimal((await two.call<{ balance: string }>('/wallet/getWalletBalance', token, { walletType: 'STOCK' })).data.balance);

    const quote = await one.call<{ id: string; total: string }>('/blockTrade/quote', token, { stockCode: 'AAPL', quantity: '10000' });
    expect(quote.code, quote.msg).toBe(200);
    const accepts = await Promise.all(
      [one, two, one, two].map((caller, index) =>
        caller.call<{ orderId: string }>('/blockTrade/create', token, {
          quoteId: quote.data.id,
          idempotencyKey: `two-apps-accept-${index}-${userId}`,
        }),
      ),
    );
    expect(accepts.map((answer) => answer.code)).toEqual([200, 200, 200, 200]);
    expect(new Set(accepts.map((answer) => answer.data.orderId)).size).toBe(1);
    const orders = await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM trading_orders WHERE user_id = ${userId}`);
    expect(Number(orders.rows[0]?.n)).toBe(1);
    expect(new Decimal(3_000_000).minus(await balance()).toFixed(2)).toBe(quote.data.total);
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
});
