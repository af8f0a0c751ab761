import { currencyOfWallet, type Order, type Position, type WalletType } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { registerUser, setMarketLeverageMax, startTestApp, type TestApp, withOperator } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';

type Page<T> = { list: T[]; total: number };

describe('trading: good-till-cancelled orders and editing the take-profit and stop-loss of an open position', () => {
  const quotes = scriptedQuotes();
  let testApp: TestApp;
  let ledger: LedgerService;
  let ana: { token: string; user: { id: string } };
  let luis: { token: string; user: { id: string } };
  let keyCounter = 0;
  const key = () => {
    keyCounter += 1;
    return `tpsl-key-${Date.now().toString(36)}-${keyCounter}`;
  };
  const call = <T>(path: string, token: string, body?: unknown, language = 'en') =>
    testApp.call<T>(path, { token, language, ...(body === undefined ? {} : { body }) });
  const idle = () => testApp.app.trading.engine.idle();
  const fund = async (userId: string, walletType: WalletType, amount: string) => {
    await ledger.post(testApp.database.db, {
      idempotencyKey: `test-fund:${userId}:${walletType}:${key()}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
        { account: { userId: Number(userId), walletType }, amount },
      ],
    });
  };
  const open = async (direction: 0 | 1) => {
    const response = await call<Order>('/stock/create', ana.token, {
      stockCode: 'AAPL',
      direction,
      // Each opens a position: a sell is the explicit short (Open 0), not a sale of what is held.
      openClose: 0,
      quantity: '2',
      leverage: 2,
      idempotencyKey: key(),
    });
    expect(response.body.code).toBe(200);
    return String(response.body.data.positionId);
  };
  const update = (token: string, id: string, takeProfit: string | null, stopLoss: string | null, language = 'en') =>
    call<Position>('/position/updateTakeProfitStopLoss', token, { id, takeProfit, stopLoss }, language);
  const positionOf = async (id: string) =>
    (await call<Position[]>('/position/getByStock', ana.token, { stockCode: 'AAPL' })).body.data.find((row) => row.id === id);
  const closeOf = async (positionId: string) => {
    const history = await call<Page<Order>>('/position/water/pageList', ana.token, { pageSize: 100 });
    return history.body.data.list.find((order) => order.openClose === 1 && order.positionId === positionId);
  };

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { quoteSource: quotes } });
    // These scenarios trade forex at 100×: above the retail default of 30× (issue 15 §11), as an operator allows it.
    await setMarketLeverageMax(testApp, '2', 100);
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    ana = await registerUser(testApp);
    luis = await registerUser(testApp);
    await fund(ana.user.id, 'STOCK', '10000');
    await fund(luis.user.id, 'STOCK', '1000');
  });
  afterEach(async () => {
    await idle();
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('sets both levels on a buy; the engine closes at the new take-profit, once', async () => {
    quotes.set('AAPL', '199.99', '200.01');
    const id = await open(0);
    const response = await update(ana.token, id, '205', '190');
    expect(response.body.code).toBe(200);
    expect(response.body.data).toMatchObject({ id, takeProfit: '205.00', stopLoss: '190.00', status: 'open' });
    expect(await positionOf(id)).toMatchObject({ takeProfit: '205.00', stopLoss: '190.00' });

    quotes.set('AAPL', '204.99', '205.01');
    await idle();
    expect(await closeOf(id)).toBeUndefined();
    quotes.set('AAPL', '205.00', '205.02');
    await idle();
    expect(await closeOf(id)).toMatchObject({ closeReason: 'take_profit', fillPrice: '205.00', status: 1 });
    // A closed position can no longer be edited.
    expect((await update(ana.token, id, '220', null)).body.code).toBe(5010);
  });

  it('removes the levels with null: a quote through the old stop-loss no longer closes it', async () => {
    quotes.set('AAPL', '199.99', '200.01');
    const id = await open(0);
    expect((await update(ana.token, id, null, '195')).body.data).toMatchObject({ takeProfit: null, stopLoss: '195.00' });
    expect((await update(ana.token, id, null, null)).body.data).toMatchObject({ takeProfit: null, stopLoss: null });
    quotes.set('AAPL', '190.00', '190.02');
    await idle();
    expect(await closeOf(id)).toBeUndefined();
    expect(await positionOf(id)).toMatchObject({ status: 'open', takeProfit: null, stopLoss: null });
    quotes.set('AAPL', '199.99', '200.01');
    await call('/position/flatPosition', ana.token, { id, idempotencyKey: key() });
  });

  it('on a sell the take-profit lies below and the stop-loss above; the engine closes at the stop-loss', async () => {
    quotes.set('AAPL', '199.99', '200.01');
    const id = await open(1);
    // A sell closes at the ask (200.01): a take-profit above it or a stop-loss below it would close at once.
    expect((await update(ana.token, id, '201', null)).body.code).toBe(5012);
    expect((await update(ana.token, id, null, '199')).body.code).toBe(5012);
    expect((await update(ana.token, id, '190', '210')).body.data).toMatchObject({ takeProfit: '190.00', stopLoss: '210.00' });
    quotes.set('AAPL', '209.98', '210.00');
    await idle();
    expect(await closeOf(id)).toMatchObject({ closeReason: 'stop_loss', fillPrice: '210.00', status: 1 });
  });

  it('refuses, translated and changing nothing: wrong side, off the tick, no quote, not the owner, bad input', async () => {
    quotes.set('AAPL', '199.99', '200.01');
    const id = await open(0);
    expect((await update(ana.token, id, '210', '190')).body.code).toBe(200);

    const wrongSide = await update(ana.token, id, '199', '190');
    expect(wrongSide.body).toMatchObject({ code: 5012, data: null });
    expect(wrongSide.body.msg).toContain('199.99');
    const inSpanish = await update(ana.token, id, '210', '200', 'es');
    expect(inSpanish.body.code).toBe(5012);
    expect(inSpanish.body.msg).toContain('take-profit y el stop-loss');
    // Exactly at the touch is not beyond it either.
    expect((await update(ana.token, id, '199.99', null)).body.code).toBe(5012);
    expect((await update(ana.token, id, '210.001', null)).body.code).toBe(5005);
    expect((await update(luis.token, id, '210', '190')).body.code).toBe(5010);
    expect((await update(ana.token, '999999', '210', '190')).body.code).toBe(5010);
    expect((await call('/position/updateTakeProfitStopLoss', ana.token, { id, takeProfit: '-1.00', stopLoss: null })).body.code).toBe(1001);
    expect((await call('/position/updateTakeProfitStopLoss', ana.token, { id, stopLoss: null })).body.code).toBe(1001);
    expect(await positionOf(id)).toMatchObject({ takeProfit: '210.00', stopLoss: '190.00' });

    await call('/position/flatPosition', ana.token, { id, idempotencyKey: key() });
  });

  it("checks a resting order's take-profit and stop-loss against the order's own price, as for a position", async () => {
    quotes.set('AAPL', '199.99', '200.01');
    const limitBuy = (takeProfit: string | undefined, stopLoss: string | undefined, language = 'en') =>
      call<Order>(
        '/stock/create',
        ana.token,
        { stockCode: 'AAPL', direction: 0, type: 1, price: '190', quantity: '1', takeProfit, stopLoss, idempotencyKey: key() },
        language,
      );
    const ordersBefore = await testApp.database.db.execute(sql`SELECT count(*)::int AS n FROM trading_orders`);
    // A stop-loss above the limit (though below the market) would close the position as soon as it opened.
    const stopAbove = await limitBuy(undefined, '195');
    expect(stopAbove.body).toMatchObject({ code: 5012, data: null });
    expect(stopAbove.body.msg).toContain('190');
    expect((await limitBuy('189', undefined)).body.code).toBe(5012);
    const sellStop = await call<Order>('/stock/create', ana.token, {
      stockCode: 'AAPL',
      direction: 1,
      type: 1,
      price: '210',
      quantity: '1',
      stopLoss: '205.00',
      // An explicit short: a stock Sell without it closes what is held (issue 15 §2).
      openClose: 0,
      idempotencyKey: key(),
    });
    expect(sellStop.body.code).toBe(5012);
    const ordersAfter = await testApp.database.db.execute(sql`SELECT count(*)::int AS n FROM trading_orders`);
    expect(ordersAfter.rows[0]?.n).toBe(ordersBefore.rows[0]?.n);
    const right = await limitBuy('195', '185');
    expect(right.body.code).toBe(200);
    await call('/orders/cancel', ana.token, { orderId: right.body.data.id });
  });

  it('a forex price past its column is refused in the envelope, translated, never a 500, writing nothing', async () => {
    quotes.set('EURUSD', '1.16000', '1.16002');
    await fund(ana.user.id, 'FOREX', '1000');
    const orders = async () =>
      (await testApp.database.db.execute(sql`SELECT count(*)::int AS n FROM trading_orders`)).rows[0] as { n: number };
    const before = await orders();
    // 25 integer digits: within the contract's 30 characters, past numeric(30, 8)'s 22.
    const huge = '9'.repeat(25);
    const base = { stockCode: 'EURUSD', quantity: '1000', leverage: 100 };
    const tickets = [
      { ...base, direction: 0, takeProfit: huge },
      { ...base, direction: 1, stopLoss: huge },
      { ...base, direction: 0, type: 1, price: huge },
      { ...base, direction: 1, type: 1, price: huge },
      { ...base, direction: 0, type: 2, stopPrice: huge },
      { ...base, direction: 0, type: 1, price: '1.15', takeProfit: huge },
    ];
    const codes: number[] = [];
    for (const ticket of tickets) {
      const [english, spanish] = await Promise.all(
        ['en', 'ar'].map((language) => call<Order>('/forex/create', ana.token, { ...ticket, idempotencyKey: key() }, language)),
      );
      if (!english || !spanish) throw new Error('two answers expected');
      expect(english.status, JSON.stringify(ticket)).toBeLessThan(500);
      expect(english.body.code, JSON.stringify(ticket)).not.toBe(200);
      expect(english.body.data).toBeNull();
      expect(spanish.body.code).toBe(english.body.code);
      expect(spanish.body.msg).not.toBe(english.body.msg);
      codes.push(english.body.code);
    }
    expect(await orders()).toEqual(before);
    // A position's take-profit past the column is refused the same way.
    const opened = await call<Order>('/forex/create', ana.token, { ...base, direction: 0, idempotencyKey: key() });
    expect(opened.body.code).toBe(200);
    await idle();
    const position = String(opened.body.data.positionId);
    const [english, spanish] = await Promise.all(
      ['en', 'ar'].map((language) =>
        call<Position>('/position/updateTakeProfitStopLoss', ana.token, { id: position, takeProfit: huge, stopLoss: null }, language),
      ),
    );
    expect(english?.status).toBeLessThan(500);
    expect(english?.body.code).not.toBe(200);
    expect(spanish?.body.msg).not.toBe(english?.body.msg);
    codes.push(Number(english?.body.code));
    // Each one is the number-out-of-range refusal, whether the contract, the service or the column saw it.
    expect(codes).toEqual(tickets.map(() => 1015).concat(1015));
    expect(english?.body.msg).toBe('A number is larger than the platform can hold');
  });

  it('a good-till-cancelled order expires 90 days after it was placed, releasing its hold', async () => {
    quotes.set('AAPL', '199.99', '200.01');
    const walletOf = async () =>
      (await call<{ availableBalance: string }>('/wallet/getWalletBalance', ana.token, { walletType: 'STOCK' })).body.data;
    const before = await walletOf();
    const response = await call<Order>('/stock/create', ana.token, {
      stockCode: 'AAPL',
      direction: 0,
      type: 1,
      price: '100',
      quantity: '1',
      timeInForce: 'gtc',
      idempotencyKey: key(),
    });
    const order = response.body.data;
    expect(order).toMatchObject({ status: 0, timeInForce: 'gtc' });
    expect(order.expireTimeTimestamp).toBe(order.createTimeTimestamp + 90 * 24 * 60 * 60 * 1000);
    expect((await walletOf()).availableBalance).not.toBe(before.availableBalance);

    const job = testApp.app.trading.service.dayOrderExpiryJob;
    await testApp.database.db.transaction((tx) => job.run(tx));
    expect((await call<Order>('/orders/additions', ana.token, { orderId: order.id })).body.data.status).toBe(0);
    // 90 days on: moved into the past rather than waiting.
    await testApp.database.db.execute(
      sql`UPDATE trading_orders SET expires_at = now() - interval '1 second' WHERE id = ${Number(order.id)}`,
    );
    await testApp.database.db.transaction((tx) => job.run(tx));
    expect((await call<Order>('/orders/additions', ana.token, { orderId: order.id })).body.data).toMatchObject({
      status: 2,
      cancelReason: 'expired',
    });
    expect(await walletOf()).toEqual(before);
  });
});
