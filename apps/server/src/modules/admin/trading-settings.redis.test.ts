import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../platform/db/index.ts';
import { createMailer } from '../../platform/mail/index.ts';
import { createScratchPostgresDatabase, TEST_OPERATOR, testConfig, withOperator } from '../../test/test-app.ts';

// Runs in the server-redis project (REDIS_URL set): two server processes share one PostgreSQL and Redis.
const redisUrl = process.env.REDIS_URL;
if (!redisUrl || !process.env.TEST_DATABASE_URL) throw new Error('the two-process settings test needs REDIS_URL and TEST_DATABASE_URL');

describe('trading settings edited on one process reach the order path of another', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>>;
  const apps: Array<Awaited<ReturnType<typeof buildApp>>> = [];

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase();
    for (let index = 0; index < 2; index += 1) {
      const config = testConfig({ DATABASE_URL: scratch.url, REDIS_URL: String(redisUrl), ...withOperator });
      const database = await openDatabase(config);
      const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, logger: { info: () => undefined } });
      const app = await buildApp(config, {
        database,
        mailer,
        shouldStartJobs: false,
        shouldStartMarketFeed: false,
        shouldStartTradingEngine: false,
      });
      app.addHook('onClose', async () => database.close());
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await scratch?.drop();
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
