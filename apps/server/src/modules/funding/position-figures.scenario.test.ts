import type { AccountAssets, Currency, Position, WalletType } from '@bolsa/contracts';
import { currencyOfWallet } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { registerUser, startTestApp, type TestApp, withOperator } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';
import type { FxRates } from './index.ts';

/** Fixed rates: 32 TWD to the dollar, so every USD figure below is exact. */
const unitsPerUsd: Record<Currency, string> = { USD: '1', TWD: '32', ARS: '1000' };
const fxRates: FxRates = {
  rate: (from: Currency, to: Currency) => new Decimal(unitsPerUsd[to]).div(unitsPerUsd[from]),
  isMarketOpen: () => true,
};

type Page<T> = { list: T[] };

describe("positions as part of the account: today's P&L and weight (issue 15 §11)", () => {
  const quotes = scriptedQuotes();
  let testApp: TestApp;
  let ledger: LedgerService;
  let ana: { token: string; user: { id: string } };
  let counter = 0;
  let boughtToday = '';
  const key = () => `figures-key-${Date.now().toString(36)}-${++counter}`;
  const call = <T>(path: string, body?: unknown) =>
    testApp.call<T>(path, { token: ana.token, language: 'en', ...(body === undefined ? {} : { body }) });
  const fund = (walletType: WalletType, amount: string) =>
    ledger.post(testApp.database.db, {
      idempotencyKey: `figures-fund:${walletType}:${key()}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
        { account: { userId: Number(ana.user.id), walletType }, amount },
      ],
    });
  const openPositions = async () => (await call<Page<Position>>('/position/me', { timeZone: 'UTC' })).body.data.list;
  const buy = async (path: string, stockCode: string, quantity: string) => {
    const response = await call<{ positionId: string }>(path, { stockCode, direction: 0, quantity, idempotencyKey: key() });
    expect(response.body.code).toBe(200);
    return response.body.data.positionId;
  };

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { quoteSource: quotes, fxRates } });
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    ana = await registerUser(testApp);
    await fund('STOCK', '10000');
    await fund('TW', '3000000');
  });
  afterEach(async () => {
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it("gives each holding its market value, today's P&L and weight, adding up to the account's", async () => {
    quotes.set('AAPL', '199.99', '200.01');
    quotes.set('2330', '1000', '1005');
    // 10 AAPL held since before today (bought two days ago), 10 more bought today, 2,000 of 2330 bought today.
    const held = await buy('/stock/create', 'AAPL', '10');
    await testApp.database.db.execute(sql`UPDATE trading_positions SET created_at = now() - interval '2 days' WHERE id = ${Number(held)}`);
    boughtToday = await buy('/stock/create', 'AAPL', '10');
    const taiwan = await buy('/twStock/create', '2330', '2000');
    // 2330 rises to 1,010 and half is sold: 1,000 × (1,010 − 1,005) = 5,000 TWD realised today.
    quotes.set('2330', '1010', '1015');
    const sold = await call('/position/flatPosition', { id: taiwan, quantity: '1000', idempotencyKey: key() });
    expect(sold.body.code).toBe(200);
    // AAPL closed yesterday at 205.00 and now bids 209.99.
    quotes.set('AAPL', '209.99', '210.01', 'open', '205.00');

    const positions = await openPositions();
    const byId = new Map(positions.map((position) => [position.id, position]));
    // Held since before today: what the price did since the previous close, 10 × (209.99 − 205.00).
    expect(byId.get(held)).toMatchObject({ leverage: 1, marketValue: '2099.90', todayPnl: '49.90', profit: '99.80' });
    // Bought today: all of its move since the buy at 200.01 is today's.
    expect(byId.get(boughtToday)).toMatchObject({ marketValue: '2099.90', todayPnl: '99.80', profit: '99.80' });
    // The 1,000 still held gained 5,000 TWD since the buy, and the 1,000 sold realised 5,000 TWD today.
    expect(byId.get(taiwan)).toMatchObject({ currency: 'TWD', marketValue: '1010000.00', todayPnl: '10000.00', sellProfit: '5000.00' });

    const { assets } = (await call<{ assets: AccountAssets }>('/userCenter/getFundingOverview', { timeZone: 'UTC' })).body.data;
    const usd = (position: Position, field: 'todayPnl' | 'marketValue') =>
      new Decimal(position[field] ?? 'NaN').div(unitsPerUsd[position.currency as Currency]);
    // 49.90 + 99.80 + 10,000 / 32 = 462.20: the positions' today's P&L is the account's.
    const todaySum = positions.reduce((sum, position) => sum.plus(usd(position, 'todayPnl')), new Decimal(0));
    expect(todaySum.toFixed(2)).toBe('462.20');
    expect(assets.todayPnlUsd).toBe('462.20');
    // Each weight is the position's value over total assets; together they are the invested share.
    for (const position of positions) {
      const expected = usd(position, 'marketValue').div(assets.totalAssetsUsd).times(100);
      expect(Number(position.weight)).toBeCloseTo(expected.toNumber(), 2);
    }
    const weightSum = positions.reduce((sum, position) => sum.plus(position.weight ?? 'NaN'), new Decimal(0));
    const investedShare = new Decimal(assets.positionsUsd).div(assets.totalAssetsUsd).times(100);
    expect(weightSum.minus(investedShare).abs().toNumber()).toBeLessThanOrEqual(0.01);
    expect(weightSum.toNumber()).toBeGreaterThan(0);
    expect(weightSum.toNumber()).toBeLessThan(100);
  });

  it("a position closed whole today leaves the list, and its realised P&L stays in the account's today's P&L", async () => {
    const closing = await call('/position/flatPosition', { id: boughtToday, idempotencyKey: key() });
    expect(closing.body.code).toBe(200);
    const closed = (await call<Page<Position>>('/position/flatList', { timeZone: 'UTC' })).body.data.list;
    expect(closed.map((position) => position.id)).toEqual([boughtToday]);
    // 10 × (209.99 − 200.01) realised; a closed position has no market value, today's P&L or weight.
    expect(closed[0]).toMatchObject({ sellProfit: '99.80', marketValue: null, todayPnl: null, weight: null });

    const positions = await openPositions();
    expect(positions).toHaveLength(2);
    const { assets } = (await call<{ assets: AccountAssets }>('/userCenter/getFundingOverview', { timeZone: 'UTC' })).body.data;
    const todaySum = positions.reduce(
      (sum, position) => sum.plus(new Decimal(position.todayPnl ?? 'NaN').div(unitsPerUsd[position.currency as Currency])),
      new Decimal(0),
    );
    expect(todaySum.toFixed(2)).toBe('362.40');
    expect(assets.todayPnlUsd).toBe('462.20');
    const aapl = (await call<Position[]>('/position/getByStock', { stockCode: 'AAPL', timeZone: 'UTC' })).body.data;
    expect(aapl.map((position) => position.todayPnl)).toEqual(['49.90']);
    expect(Number(aapl[0]?.weight)).toBeGreaterThan(0);
  });
});
