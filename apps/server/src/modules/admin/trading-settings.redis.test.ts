import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoProcesses, TEST_OPERATOR, withOperator } from '../../test/test-app.ts';

// Runs in the server-redis project (REDIS_URL set): two server processes share one PostgreSQL and Redis.

describe('trading settings edited on one process reach the order path of another', () => {
  let processes: Awaited<ReturnType<typeof startTwoProcesses>> | undefined;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    processes = await startTwoProcesses({
      configOverrides: withOperator,
      appOptions: { shouldStartMarketFeed: false, shouldStartTradingEngine: false },
    });
    apps.push(...processes.apps);
  });
  afterAll(async () => {
    await processes?.close();
  });

  it('a halt and a minimum quantity set through the first process are enforced by the second without a restart', async () => {
    const [first, second] = apps;
    if (!first || !second) throw new Error('two apps expected');
    const login = await first.inject({ method: 'POST', url: '/admin/api/auth/login', payload: TEST_OPERATOR });
    const operator = login.json().data.token as string;
    const email = 'two.processes@example.com';
    await second.inject({ method: 'POST', url: '/web/getEmailCode', payload: { email, type: 'register' } });
    const code = second.platform.mailer.outbox()[0]?.text.match(/\b\d{6}\b/)?.[0];
    const registered = await second.inject({
      method: 'POST',
      url: '/web/register',
      payload: { email, password: 'secret123', confirmPassword: 'secret123', code },
    });
    const token = registered.json().data.token as string;
    const ticket = async () =>
      (
        await second.inject({
          method: 'POST',
          url: '/web/stocka_config/getMinCount',
          headers: { authorization: token },
          payload: { stockCode: 'AAPL' },
        })
      ).json().data as { isHalted: boolean; minCount: string };
    expect(await ticket()).toMatchObject({ isHalted: false, minCount: '1' });

    await first.inject({
      method: 'POST',
      url: '/admin/api/instruments/AAPL/halt',
      headers: { authorization: operator },
      payload: { reason: 'news' },
    });
    await first.inject({
      method: 'POST',
      url: '/admin/api/instruments/AAPL/settings',
      headers: { authorization: operator },
      payload: { minQuantity: '3' },
    });
    const deadline = Date.now() + 5_000;
    let seen = await ticket();
    while ((!seen.isHalted || seen.minCount !== '3') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await ticket();
    }
    expect(seen).toMatchObject({ isHalted: true, minCount: '3' });
    const refused = await second.inject({
      method: 'POST',
      url: '/web/stock/create',
      headers: { authorization: token, languages: 'en' },
      payload: { stockCode: 'AAPL', direction: 0, quantity: '5', leverage: 1, idempotencyKey: 'two-process-order-1' },
    });
    expect(refused.json()).toMatchObject({ code: 5041, msg: 'Trading in AAPL is halted' });
  });
});
