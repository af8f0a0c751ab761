import { currencyOfWallet, type Position } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestApp, type TestApp } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';

type Order = { id: string; status: number; fillPrice: string | null; margin: string | null; amount: string | null; currency: string };

describe('trading on the live market feed (the default quote source)', () => {
  let testApp: TestApp;
  let ledger: LedgerService;
  let token: string;

  beforeAll(async () => {
    testApp = await startTestApp({ shouldStartMarketFeed: true });
    await testApp.app.market.feed.ready();
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    const user = await registerUser(testApp);
    token = user.token;
    for (const walletType of ['STOCK', 'FOREX'] as const) {
      await ledger.post(testApp.database.db, {
        idempotencyKey: `feed-test-fund:${user.user.id}:${walletType}`,
        reason: 'deposit',
        legs: [
          { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: '-100000' },
          { account: { userId: Number(user.user.id), walletType }, amount: '100000' },
        ],
      });
    }
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('fills a market buy at a price the feed quoted, values a cross-currency forex trade in USD, and the ledger balances', async () => {
    const stock = await testApp.call<Order>('/stock/create', {
      token,
      body: { stockCode: 'AAPL', direction: 0, quantity: '3', idempotencyKey: 'feed-test-stock-1' },
    });
    expect(stock.body.code).toBe(200);
    expect(stock.body.data.status).toBe(1);
    expect(Number(stock.body.data.fillPrice)).toBeGreaterThan(0);

    // USD/TWD is quoted in TWD; its margin and value are converted to the FOREX wallet's USD at live rates.
    const forex = await testApp.call<Order>('/forex/create', {
      token,
      body: { stockCode: 'USDTWD', direction: 1, quantity: '1000', leverage: 10, idempotencyKey: 'feed-test-forex-1' },
    });
    expect(forex.body.code).toBe(200);
    expect(forex.body.data).toMatchObject({ status: 1, currency: 'USD' });
    // Selling 1000 USD is worth about 1000 USD whatever the rate.
    expect(new Decimal(forex.body.data.amount ?? 0).minus(1000).abs().toNumber()).toBeLessThan(5);
    const marginGap = new Decimal(forex.body.data.margin ?? 0).minus(new Decimal(forex.body.data.amount ?? 0).div(10)).abs();
    expect(marginGap.toNumber()).toBeLessThanOrEqual(0.01);
    // The holding carries what the app needs to revalue it on each quote with the server's formula: the
    // rate from TWD to the wallet's USD is this pair's own price inverted, and move × quantity × rate is the P&L.
    const held = await testApp.call<{ list: Position[] }>('/position/me', { token, body: {} });
    const pair = held.body.data.list.find((position) => position.stockCode === 'USDTWD');
    const tick = testApp.app.market.feed.latest('USDTWD');
    expect(pair).toMatchObject({ multiplier: '1', currency: 'USD' });
    // (The feed may tick between the two readings: within half a percent.)
    expect(
      new Decimal(pair?.walletRate ?? 0)
        .times(tick?.price ?? 0)
        .minus(1)
        .abs()
        .toNumber(),
    ).toBeLessThan(0.005);
    const move = new Decimal(pair?.openPrice ?? 0).minus(pair?.currentPrice ?? 0);
    const revalued = move.times(pair?.positionNum ?? 0).times(pair?.walletRate ?? 0);
    expect(
      revalued
        .minus(pair?.profit ?? 0)
        .abs()
        .toNumber(),
    ).toBeLessThanOrEqual(0.01);

    const resting = await testApp.call<Order>('/stock/create', {
      token,
      body: { stockCode: 'MSFT', direction: 0, type: 1, price: '1.00', quantity: '1', idempotencyKey: 'feed-test-rest-1' },
    });
    expect(resting.body.data.status).toBe(0);
    expect(testApp.app.trading.engine.restingCount()).toBeGreaterThanOrEqual(1);
    expect((await testApp.call<Order>('/orders/cancel', { token, body: { orderId: resting.body.data.id } })).body.data.status).toBe(2);
    await testApp.app.trading.engine.idle();
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });
});
