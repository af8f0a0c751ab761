import { currencyOfWallet, type Message, type ResultName, resultCodes, type TwapOrder, type WalletType } from '@bolsa/contracts';
import { messageCatalog } from '@bolsa/contracts/messages';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { operatorToken, registerUser, startTestApp, type TestApp, withOperator } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';

type User = { token: string; user: { id: string } };
type OrderRow = { quantity: string; order_type: number; status: number; fill_price: string; idempotency_key: string };

const spanish = messageCatalog.es as { errors: Record<string, string> };

describe('large orders worked over time (issue 19 §3, TWAP)', { timeout: 120_000 }, () => {
  const quotes = scriptedQuotes();
  let clockOffset = 0;
  let testApp: TestApp;
  let ledger: LedgerService;
  let counter = 0;
  const key = () => `twap-key-${Date.now().toString(36)}-${++counter}`;
  const call = <T>(user: User, path: string, body?: unknown, language = 'en') =>
    testApp.call<T>(path, { token: user.token, language, body: body ?? {} });
  const fund = (user: User, walletType: WalletType, amount: string) =>
    ledger.post(testApp.database.db, {
      idempotencyKey: `twap-fund:${key()}`,
      reason: 'deposit',
      legs: [
        {
          account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) },
          amount: new Decimal(amount).negated().toString(),
        },
        { account: { userId: Number(user.user.id), walletType }, amount },
      ],
    });
  const rows = async <T>(query: ReturnType<typeof sql>) => (await testApp.database.db.execute<T & Record<string, unknown>>(query)).rows;
  const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: string }>(query))[0]?.n);
  const writtenBy = async (user: User) => ({
    worked: await count(sql`SELECT count(*) AS n FROM twap_orders WHERE user_id = ${Number(user.user.id)}`),
    orders: await count(sql`SELECT count(*) AS n FROM trading_orders WHERE user_id = ${Number(user.user.id)}`),
    entries: await count(sql`SELECT count(*) AS n FROM ledger_entries`),
  });
  const sliceOrders = (id: string) =>
    rows<OrderRow>(sql`SELECT quantity, order_type, status, fill_price, idempotency_key FROM trading_orders
      WHERE idempotency_key LIKE ${`twap:${id}:%`} ORDER BY id`);
  const runSlices = async () => {
    await testApp.database.db.execute(sql`DELETE FROM platform_job_runs WHERE name = 'twap-slices'`);
    expect(await testApp.app.platform.jobs.runIfDue('twap-slices')).toBe(true);
  };
  /** The user's inbox, rendered in a language, as the app reads it. */
  const inboxOf = async (user: User, language = 'en') =>
    (await testApp.call<{ list: Message[] }>('/userMessage/getMessage', { token: user.token, language, method: 'GET' })).body.data.list;
  const listOf = async (user: User) => (await call<{ list: TwapOrder[] }>(user, '/twap/pageList', {})).body.data.list;
  const workedOrder = async (user: User, id: string) => (await listOf(user)).find((row) => row.id === id) as TwapOrder;
  const create = async (user: User, body: Record<string, unknown>) => {
    const answer = await call<TwapOrder>(user, '/twap/create', { idempotencyKey: key(), ...body });
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const buy = async (user: User, quantity: string) =>
    expect((await call(user, '/stock/create', { stockCode: 'AAPL', direction: 0, quantity, idempotencyKey: key() })).body.code).toBe(200);
  /** Expects a refusal with its Spanish message, and that nothing was written by it. */
  async function expectRefused(user: User, path: string, body: unknown, name: ResultName) {
    const before = await writtenBy(user);
    const answer = await call(user, path, body, 'es');
    expect(answer.body.code, `${path} ${JSON.stringify(body)} ${answer.body.msg}`).toBe(resultCodes[name].code);
    const template = spanish.errors[name] ?? '';
    expect(template, name).not.toBe('');
    expect(answer.body.msg.startsWith(template.split('{{')[0] ?? template)).toBe(true);
    expect(await writtenBy(user)).toEqual(before);
  }
  async function fundedUser(amount = '100000') {
    const user = await registerUser(testApp);
    await fund(user, 'STOCK', amount);
    return user;
  }

  beforeAll(async () => {
    testApp = await startTestApp({
      configOverrides: withOperator,
      appOptions: { quoteSource: quotes, now: () => new Date(Date.now() + clockOffset) },
    });
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    await operatorToken(testApp);
    quotes.set('AAPL', '199.99', '200.01');
    quotes.set('MSFT', '399.99', '400.01');
    quotes.set('EURUSD', '1.0999', '1.1001');
  });
  afterEach(async () => {
    clockOffset = 0;
    quotes.set('AAPL', '199.99', '200.01');
    // Leave no worked order behind for the next test's runs.
    await testApp.database.db.execute(sql`UPDATE twap_orders SET status = 'cancelled' WHERE status = 'working'`);
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('works a Buy in equal market slices, one per interval, whose fills add up to the filled quantity', async () => {
    const ana = await fundedUser();
    const before = new Decimal(
      (await call<{ balance: string }>(ana, '/wallet/getWalletBalance', { walletType: 'STOCK' })).body.data.balance,
    );
    const order = await create(ana, { stockCode: 'aapl', direction: 0, quantity: '100', periodSeconds: 300, slices: 4 });
    expect(order).toMatchObject({ status: 'working', code: 'AAPL', filledQuantity: '0', remainingQuantity: '100', intervalSeconds: 75 });
    expect(order.nextSliceAtTimestamp).toBeLessThanOrEqual(Date.now());

    await runSlices();
    let seen = await workedOrder(ana, order.id);
    expect(seen).toMatchObject({ filledQuantity: '25', remainingQuantity: '75', slicesFilled: 1, averagePrice: '200.01' });
    expect(seen.nextSliceAtTimestamp).toBe(order.startedAtTimestamp + 75_000);
    // Not due yet: a second run places nothing.
    await runSlices();
    expect((await workedOrder(ana, order.id)).filledQuantity).toBe('25');

    quotes.set('AAPL', '201.99', '202.01');
    for (const step of [1, 2, 3]) {
      clockOffset = step * 75_000;
      await runSlices();
    }
    seen = await workedOrder(ana, order.id);
    expect(seen).toMatchObject({
      status: 'completed',
      filledQuantity: '100',
      remainingQuantity: '0',
      slicesFilled: 4,
      averagePrice: '201.51',
    });
    expect(seen.nextSliceAtTimestamp).toBeNull();
    // The owner is told once, with what filled and at what average; further runs tell nothing more.
    await runSlices();
    const told = (await inboxOf(ana)).filter((message) => message.title === 'Worked order completed');
    expect(told.map((message) => message.content)).toEqual([
      `Your worked order for 100 AAPL is complete: 100 filled at an average price of 201.51 USD, with ${seen.fees} USD of fees.`,
    ]);

    // Each slice is a real market order of the trading module, filled, under its own key.
    const placed = await sliceOrders(order.id);
    expect(placed.map((row) => row.idempotency_key)).toEqual([0, 1, 2, 3].map((index) => `twap:${order.id}:${index}`));
    expect(placed.every((row) => row.order_type === 0 && row.status === 1)).toBe(true);
    const sum = placed.reduce((total, row) => total.plus(row.quantity), new Decimal(0));
    expect(sum.toString()).toBe(seen.filledQuantity);
    expect(seen.fills.reduce((total, fill) => total.plus(fill.quantity), new Decimal(0)).toString()).toBe('100');
    // The wallet paid exactly the slices' value and fees.
    const after = new Decimal(
      (await call<{ balance: string }>(ana, '/wallet/getWalletBalance', { walletType: 'STOCK' })).body.data.balance,
    );
    expect(before.minus(after).toFixed(2)).toBe(new Decimal(seen.filledAmount).plus(seen.fees).toFixed(2));
    const positions = (await call<{ positionNum: string }[]>(ana, '/position/getByStock', { stockCode: 'AAPL' })).body.data;
    expect(positions.reduce((total, row) => total.plus(row.positionNum), new Decimal(0)).toString()).toBe('100');
  });

  it('is cancelled mid-way leaving what was filled, and places nothing after the cancel', async () => {
    const bea = await fundedUser();
    const order = await create(bea, { stockCode: 'AAPL', direction: 0, quantity: '90', periodSeconds: 600, slices: 3 });
    await runSlices();
    const cancelled = await call<TwapOrder>(bea, '/twap/cancel', { id: order.id });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', filledQuantity: '30', remainingQuantity: '60', slicesFilled: 1 });
    clockOffset = 600_000;
    await runSlices();
    expect(await workedOrder(bea, order.id)).toMatchObject({ status: 'cancelled', filledQuantity: '30' });
    expect((await sliceOrders(order.id)).length).toBe(1);
    await expectRefused(bea, '/twap/cancel', { id: order.id }, 'TWAP_ALREADY_ENDED');
    const other = await fundedUser();
    await expectRefused(other, '/twap/cancel', { id: order.id }, 'TWAP_NOT_FOUND');
  });

  it('makes slices wait while the price is beyond the limit or the market is shut, and places them once it is not', async () => {
    const cai = await fundedUser();
    const order = await create(cai, { stockCode: 'AAPL', direction: 0, quantity: '20', periodSeconds: 300, slices: 2, limitPrice: '199' });
    await runSlices();
    expect(await workedOrder(cai, order.id)).toMatchObject({ filledQuantity: '0', waitReason: 'limit', status: 'working' });
    expect(await sliceOrders(order.id)).toEqual([]);
    quotes.set('AAPL', '198.49', '198.51', 'closed');
    await runSlices();
    expect(await workedOrder(cai, order.id)).toMatchObject({ filledQuantity: '0', waitReason: 'marketClosed' });
    quotes.set('AAPL', '198.49', '198.51');
    await runSlices();
    expect(await workedOrder(cai, order.id)).toMatchObject({ filledQuantity: '10', waitReason: null, averagePrice: '198.51' });

    // A Sell waits while the bid is below its limit.
    const sale = await create(cai, { stockCode: 'AAPL', direction: 1, quantity: '10', periodSeconds: 300, slices: 2, limitPrice: '200' });
    await runSlices();
    expect(await workedOrder(cai, sale.id)).toMatchObject({ filledQuantity: '0', waitReason: 'limit' });
  });

  it('sells in slices what is held, a slice closing several positions oldest first', async () => {
    const dee = await fundedUser();
    await buy(dee, '15');
    await buy(dee, '25');
    const order = await create(dee, { stockCode: 'AAPL', direction: 1, quantity: '40', periodSeconds: 300, slices: 2 });
    await runSlices();
    // The first slice of 20 closed the 15 and 5 of the 25: two orders under the slice's key.
    expect((await sliceOrders(order.id)).map((row) => row.quantity)).toEqual(['15.00000000', '5.00000000']);
    expect(await workedOrder(dee, order.id)).toMatchObject({ filledQuantity: '20', slicesFilled: 1, averagePrice: '199.99' });
    clockOffset = 150_000;
    await runSlices();
    expect(await workedOrder(dee, order.id)).toMatchObject({ status: 'completed', filledQuantity: '40' });
    const positions = (await call<{ positionNum: string }[]>(dee, '/position/getByStock', { stockCode: 'AAPL' })).body.data;
    expect(positions).toEqual([]);
  });

  it('stops when trading refuses a slice (the money is gone), keeping what filled', async () => {
    const eva = await fundedUser('5000');
    const order = await create(eva, { stockCode: 'AAPL', direction: 0, quantity: '20', periodSeconds: 300, slices: 2 });
    await runSlices();
    await fund(
      eva,
      'STOCK',
      new Decimal(
        (await call<{ availableBalance: string }>(eva, '/wallet/getWalletBalance', { walletType: 'STOCK' })).body.data.availableBalance,
      )
        .negated()
        .toFixed(2),
    );
    clockOffset = 150_000;
    await runSlices();
    expect(await workedOrder(eva, order.id)).toMatchObject({ status: 'stopped', stopReason: 'INSUFFICIENT_FUNDS', filledQuantity: '10' });
    expect((await sliceOrders(order.id)).length).toBe(1);
    // Told once, the reason worded in the reader's language.
    clockOffset = 300_000;
    await runSlices();
    const told = (await inboxOf(eva, 'es')).filter((message) => message.title === 'Orden por tramos detenida');
    expect(told.map((message) => message.content)).toEqual([
      `Su orden por tramos de 20 AAPL se detuvo con 10 ejecutadas: ${spanish.errors.INSUFFICIENT_FUNDS}. Lo ejecutado sigue siendo suyo; las 10 restantes no se negociaron.`,
    ]);
    // The console reads the reason worded in the operator's language, not as a code.
    const operator = await operatorToken(testApp);
    const listed = await testApp.call<{ list: Array<{ id: string; stopMessage: string | null }> }>(
      '/twap/orders?pageNum=1&pageSize=50&status=stopped',
      { token: operator, language: 'es', method: 'GET', isOperatorApi: true },
    );
    expect(listed.body.data.list.find((row) => row.id === order.id)?.stopMessage).toBe(spanish.errors.INSUFFICIENT_FUNDS);
  });

  it('expires at the end of its period with what filled, telling the owner once', async () => {
    const gil = await fundedUser();
    const order = await create(gil, { stockCode: 'AAPL', direction: 0, quantity: '20', periodSeconds: 300, slices: 2, limitPrice: '100' });
    clockOffset = 300_000;
    await runSlices();
    await runSlices();
    expect(await workedOrder(gil, order.id)).toMatchObject({ status: 'expired', filledQuantity: '0' });
    const told = (await inboxOf(gil)).filter((message) => message.title === 'Worked order expired');
    expect(told.map((message) => message.content)).toEqual([
      'Your worked order for 20 AAPL reached the end of its period with 0 filled; the remaining 20 was not traded.',
    ]);
  });

  it('refuses what cannot be worked, translated, writing nothing', async () => {
    const fay = await fundedUser('10000');
    const base = { stockCode: 'AAPL', direction: 0, quantity: '20', periodSeconds: 300, slices: 2, idempotencyKey: key() };
    await expectRefused(fay, '/twap/create', { ...base, stockCode: 'EURUSD' }, 'TWAP_NOT_STOCK');
    await expectRefused(fay, '/twap/create', { ...base, slices: 30 }, 'TWAP_INTERVAL_TOO_SHORT');
    await expectRefused(fay, '/twap/create', { ...base, quantity: '3', slices: 4 }, 'TWAP_SLICE_TOO_SMALL');
    await expectRefused(fay, '/twap/create', { ...base, quantity: '100' }, 'TWAP_BEYOND_MONEY');
    await expectRefused(fay, '/twap/create', { ...base, direction: 1 }, 'SELL_EXCEEDS_HOLDING');
    await expectRefused(fay, '/twap/create', { ...base, periodSeconds: 60 }, 'VALIDATION_FAILED');
    await expectRefused(fay, '/twap/create', { ...base, stockCode: 'NOPE' }, 'INSTRUMENT_UNKNOWN');
    const keys = [1, 2, 3, 4, 5].map(() => key());
    const first = await create(fay, { ...base, quantity: '2', idempotencyKey: keys[0] });
    for (const next of keys.slice(1)) await create(fay, { ...base, quantity: '2', idempotencyKey: next });
    await expectRefused(fay, '/twap/create', { ...base, quantity: '2', idempotencyKey: key() }, 'TWAP_TOO_MANY');
    // A retried create answers the order it made, even at the most working.
    const retried = await call<TwapOrder>(fay, '/twap/create', { ...base, quantity: '2', idempotencyKey: keys[0] });
    expect(retried.body.data.id).toBe(first.id);
  });
});
