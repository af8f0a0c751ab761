import type { OperatorDashboard } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorWithRole } from '../../test/operators.ts';
import { operatorToken, registerUser, startTestApp, type TestApp, tinyPng, upload, withOperator } from '../../test/test-app.ts';

const clock = new Date('2026-11-18T09:00:00Z');

describe("the console's dashboard: pending reviews by queue with the oldest wait, today's users and money, the last reconciliation (issue 15 §12)", () => {
  let testApp: TestApp;
  let admin: string;
  const dashboard = async (token: string) =>
    (await testApp.call<OperatorDashboard>('/dashboard', { isOperatorApi: true, token, method: 'GET' })).body;

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { now: () => clock } });
    admin = await operatorToken(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('counts what waits and since when, what came in today, and shows each operator only what their role reads', async () => {
    const empty = await dashboard(admin);
    expect(empty.code).toBe(200);
    expect(empty.data.queues).toEqual([
      { queue: 'kyc', pending: 0, oldestTimestamp: null },
      { queue: 'deposits', pending: 0, oldestTimestamp: null },
      { queue: 'withdrawals', pending: 0, oldestTimestamp: null },
      { queue: 'adjustments', pending: 0, oldestTimestamp: null },
      { queue: 'blockApplications', pending: 0, oldestTimestamp: null },
      { queue: 'referrals', pending: 0, oldestTimestamp: null },
    ]);
    expect(empty.data.dayStartTimestamp).toBe(Date.parse('2026-11-18T00:00:00Z'));

    const user = await registerUser(testApp);
    const deposit = async (amount: string) => {
      const uploaded = await upload(testApp, user.token, tinyPng);
      return testApp.call<{ id: string }>('/recharge/create', {
        token: user.token,
        body: { method: 'fiat', walletType: 'BALANCE', amount, screenshotUrl: uploaded.body.data?.url },
      });
    };
    const first = await deposit('100.00');
    await deposit('50.00');
    await deposit('25.00');
    await testApp.call(`/deposits/${first.body.data.id}/approve`, { isOperatorApi: true, token: admin });

    const busy = await dashboard(admin);
    const deposits = busy.data.queues.find((entry) => entry.queue === 'deposits');
    expect(deposits).toEqual({ queue: 'deposits', pending: 2, oldestTimestamp: expect.any(Number) });
    expect(busy.data.deposits).toEqual({ requested: 3, credited: [{ currency: 'USD', count: 1, amount: '100.00' }] });
    expect(busy.data.withdrawals).toEqual({ requested: 0, paid: [] });
    expect(busy.data.newUsers).toBeGreaterThanOrEqual(1);
    expect(busy.data.reconciliation).toBeNull();

    // A block-trading application waiting for its review counts with the others (issue 19).
    await testApp.database.db.execute(sql`INSERT INTO block_applications (user_id, identity_verified, account_value_usd, filled_orders, created_at)
      VALUES (${Number(user.user.id)}, true, '60000', 5, ${clock.toISOString()})`);
    const blocks = (await dashboard(admin)).data.queues.find((entry) => entry.queue === 'blockApplications');
    expect(blocks).toEqual({ queue: 'blockApplications', pending: 1, oldestTimestamp: clock.getTime() });
    const reviewer = await operatorWithRole(testApp, 'reviewer');
    expect((await dashboard(reviewer.token)).data.queues.map((entry) => entry.queue)).toContain('blockApplications');
    await testApp.app.platform.jobs.runIfDue('ledger-reconciliation');
    expect((await dashboard(admin)).data.reconciliation).toEqual({ checkedAtTimestamp: expect.any(Number), isBalanced: true });

    const support = await operatorWithRole(testApp, 'support');
    const limited = await dashboard(support.token);
    expect(limited.code).toBe(200);
    expect(limited.data.queues).toEqual([]);
    expect(limited.data.deposits).toBeNull();
    expect(limited.data.withdrawals).toBeNull();
    expect(limited.data.reconciliation).toBeNull();
    expect(limited.data.newUsers).toBeGreaterThanOrEqual(1);
    expect((await testApp.call('/dashboard', { isOperatorApi: true, method: 'GET' })).body.code).toBe(401);
  });
});
