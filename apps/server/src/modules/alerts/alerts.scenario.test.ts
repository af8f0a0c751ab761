import { type Message, type PriceAlert, type PriceAlertList, priceAlertLimits } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { registerUser, startTestApp, type TestApp } from '../../test/test-app.ts';

type User = { token: string; user: { id: string } };

describe('price alerts through the API (issue 17 §4)', { timeout: 60_000 }, () => {
  const quotes = scriptedQuotes();
  let testApp: TestApp;
  let alice: User;
  let bob: User;

  const create = (user: User, body: Record<string, unknown>, language = 'en') =>
    testApp.call<PriceAlert>('/priceAlert/create', { token: user.token, language, body });
  const listOf = async (user: User, code?: string) =>
    (
      await testApp.call<PriceAlertList>(`/priceAlert/list${code ? `?code=${code}` : ''}`, {
        token: user.token,
        method: 'GET',
      })
    ).body.data;
  const inboxOf = async (user: User, language: string) =>
    (await testApp.call<{ list: Message[] }>('/userMessage/getMessage', { token: user.token, language, method: 'GET' })).body.data.list;
  const settle = () => testApp.app.alerts.engine.idle();

  beforeAll(async () => {
    testApp = await startTestApp({ appOptions: { quoteSource: quotes } });
    alice = await registerUser(testApp);
    bob = await registerUser(testApp);
    quotes.set('AAPL', '200.00', '200.02');
    quotes.set('MSFT', '400.00', '400.04');
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('arms an alert, fires it once at the level, and tells the owner in the inbox in their language', async () => {
    const created = await create(alice, { stockCode: 'aapl', kind: 'above', threshold: '201.50' });
    expect(created.body.code, created.body.msg).toBe(200);
    expect(created.body.data).toMatchObject({ code: 'AAPL', kind: 'above', threshold: '201.5', status: 'armed', firedAtTimestamp: null });
    expect((await listOf(alice, 'AAPL')).armed.map((alert) => alert.id)).toEqual([created.body.data.id]);
    expect((await listOf(alice, 'MSFT')).armed).toEqual([]);

    quotes.set('AAPL', '201.49', '201.51');
    await settle();
    expect((await listOf(alice)).fired).toEqual([]);
    // Exactly at the level: it fires.
    quotes.set('AAPL', '201.50', '201.52');
    quotes.set('AAPL', '202.00', '202.02');
    await settle();
    const list = await listOf(alice);
    expect(list.armed).toEqual([]);
    expect(list.fired).toEqual([expect.objectContaining({ id: created.body.data.id, status: 'fired', firedPrice: '201.5' })]);

    const english = (await inboxOf(alice, 'en')).filter((message) => message.title.startsWith('AAPL'));
    expect(english.map((message) => message.title)).toEqual(['AAPL reached 201.5']);
    expect(english[0]?.content).toContain('traded at 201.50');
    const spanish = (await inboxOf(alice, 'es')).filter((message) => message.title.startsWith('AAPL'));
    expect(spanish.map((message) => message.title)).toEqual(['AAPL llegó a 201.5']);
  });

  it("fires a below alert and a day's change alert, and leaves another user's alert on the same instrument", async () => {
    quotes.set('MSFT', '400.00', '400.04');
    const below = await create(bob, { stockCode: 'MSFT', kind: 'below', threshold: '395' });
    const change = await create(bob, { stockCode: 'MSFT', kind: 'change', threshold: '1.5' });
    const alicesAbove = await create(alice, { stockCode: 'MSFT', kind: 'above', threshold: '450' });
    for (const answer of [below, change, alicesAbove]) expect(answer.body.code, answer.body.msg).toBe(200);
    // 394 against a previous close of 400: 1.5 % down, and under 395.
    quotes.set('MSFT', '394.00', '394.04', 'open', '400.00', '-1.50');
    await settle();
    const bobs = await listOf(bob);
    expect(bobs.fired.map((alert) => alert.kind).sort()).toEqual(['below', 'change']);
    expect((await listOf(alice, 'MSFT')).armed.map((alert) => alert.id)).toEqual([alicesAbove.body.data.id]);
    const titles = (await inboxOf(bob, 'en')).map((message) => message.title);
    expect(titles).toEqual(expect.arrayContaining(['MSFT fell to 395']));
  });

  it('refuses an alert the quote already meets, an unknown instrument and a change beyond 100 %, in the reader’s language', async () => {
    quotes.set('AAPL', '210.00', '210.02');
    const met = await create(alice, { stockCode: 'AAPL', kind: 'below', threshold: '215' }, 'es');
    expect(met.body.code).toBe(8703);
    expect(met.body.msg).toBe('La cotización ya alcanzó ese nivel (ahora 210.00); elija uno que aún no haya alcanzado');
    expect((await create(alice, { stockCode: 'NOPE', kind: 'above', threshold: '1' })).body.code).toBe(3001);
    expect((await create(alice, { stockCode: 'AAPL', kind: 'change', threshold: '101' })).body.code).toBe(1001);
    expect((await create(alice, { stockCode: 'AAPL', kind: 'sideways', threshold: '1' })).body.code).toBe(1001);
  });

  it('keeps at most 50 armed per user, and counts only armed ones', async () => {
    const carol = await registerUser(testApp);
    quotes.set('AAPL', '200.00', '200.02');
    const answers = await Promise.all(
      Array.from({ length: priceAlertLimits.armedMax + 2 }, (_, index) =>
        create(carol, { stockCode: 'AAPL', kind: 'above', threshold: String(300 + index) }, 'es'),
      ),
    );
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(priceAlertLimits.armedMax);
    const refused = answers.filter((answer) => answer.body.code !== 200);
    expect(refused.map((answer) => answer.body.code)).toEqual([8701, 8701]);
    expect(refused[0]?.body.msg).toBe('Ya tiene 50 alertas activas; elimine una antes de crear otra');
    // Deleting one frees a place.
    const first = answers.find((answer) => answer.body.code === 200)?.body.data as PriceAlert;
    expect((await testApp.call(`/priceAlert/delete/${first.id}`, { token: carol.token })).body.code).toBe(200);
    expect((await create(carol, { stockCode: 'AAPL', kind: 'above', threshold: '999' })).body.code).toBe(200);
  });

  it("deletes only the caller's alerts, and a deleted alert never fires", async () => {
    quotes.set('GEV', '500.00', '500.10');
    const alert = (await create(alice, { stockCode: 'GEV', kind: 'above', threshold: '510' })).body.data;
    const foreign = await testApp.call(`/priceAlert/delete/${alert.id}`, { token: bob.token, language: 'en' });
    expect(foreign.body.code).toBe(8702);
    expect((await testApp.call(`/priceAlert/delete/${alert.id}`, { token: alice.token })).body.code).toBe(200);
    quotes.set('GEV', '520.00', '520.10');
    await settle();
    const rows = await testApp.database.db.execute(sql`SELECT id FROM price_alerts WHERE id = ${Number(alert.id)}`);
    expect(rows.rows).toEqual([]);
    expect((await inboxOf(alice, 'en')).some((message) => message.title.startsWith('GEV'))).toBe(false);
  });

  it('answers only to a signed-in user', async () => {
    const anonymous = await testApp.call('/priceAlert/list', { method: 'GET' });
    expect(anonymous.status).toBe(401);
  });
});
