import type { AccountAssets, Currency, WalletType } from '@bolsa/contracts';
import { currencyOfWallet } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { registerUser, setMarketLeverageMax, startTestApp, type TestApp, withOperator } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';
import type { FxRates } from './index.ts';

/** Fixed rates: 32 TWD and 1,000 ARS to the dollar, so every USD figure below is exact. */
const unitsPerUsd: Record<Currency, string> = { USD: '1', TWD: '32', ARS: '1000' };
const fxRates: FxRates = {
  rate: (from: Currency, to: Currency) => new Decimal(unitsPerUsd[to]).div(unitsPerUsd[from]),
  isMarketOpen: () => true,
};

type Overview = { totalUsd: string; assets: AccountAssets };

describe('total assets include what the money bought (issue 15 §1)', () => {
  const quotes = scriptedQuotes();
  let testApp: TestApp;
  let ledger: LedgerService;
  let ana: { token: string; user: { id: string } };
  let counter = 0;
  const key = () => `assets-key-${Date.now().toString(36)}-${++counter}`;
  const call = <T>(path: string, body?: unknown) =>
    testApp.call<T>(path, { token: ana.token, language: 'en', ...(body === undefined ? {} : { body }) });
  const fund = (walletType: WalletType, amount: string) =>
    ledger.post(testApp.database.db, {
      idempotencyKey: `assets-fund:${walletType}:${key()}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
        { account: { userId: Number(ana.user.id), walletType }, amount },
      ],
    });
  const walletOf = (assets: AccountAssets, walletType: string) => assets.byWallet.find((row) => row.walletType === walletType);
  const classOf = (assets: AccountAssets, assetClass: string) => assets.byAssetClass.find((row) => row.assetClass === assetClass)?.valueUsd;

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { quoteSource: quotes, fxRates } });
    // These scenarios trade forex at 100×: above the retail default of 30× (issue 15 §11), as an operator allows it.
    await setMarketLeverageMax(testApp, '2', 100);
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    ana = await registerUser(testApp);
    await fund('STOCK', '10000');
    await fund('TW', '2000000');
    await fund('FOREX', '1000');
    quotes.set('AAPL', '199.99', '200.01');
    quotes.set('2330', '1000', '1005');
    quotes.set('EURUSD', '1.16000', '1.16002');
  });
  afterEach(async () => {
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('counts cash plus every position, per wallet and in USD, on both overviews', async () => {
    const bought = [
      await call('/stock/create', { stockCode: 'AAPL', direction: 0, quantity: '10', idempotencyKey: key() }),
      await call('/twStock/create', { stockCode: '2330', direction: 0, quantity: '1000', idempotencyKey: key() }),
      await call('/forex/create', { stockCode: 'EURUSD', direction: 0, quantity: '10000', leverage: 100, idempotencyKey: key() }),
    ];
    for (const response of bought) expect(response.body.code).toBe(200);

    const { assets } = (await call<Overview>('/userCenter/getWalletBalance')).body.data;
    // AAPL: 10 × 200.01 = 2,000.10 paid at leverage 1 plus a 2.01 fee; worth 10 × 199.99 at the bid.
    expect(walletOf(assets, 'STOCK')).toMatchObject({
      cash: '7997.89',
      positionsValue: '1999.90',
      floatingPnl: '-0.20',
      total: '9997.79',
      totalUsd: '9997.79',
    });
    // 2330: 1,000 × 1,005 paid plus a 1,432.13 fee (0.1425 %); worth 1,000 × 1,000 at the bid, in TWD.
    expect(walletOf(assets, 'TW')).toMatchObject({
      currency: 'TWD',
      cash: '993567.87',
      positionsValue: '1000000.00',
      floatingPnl: '-5000.00',
      total: '1993567.87',
      totalUsd: '62299.00',
    });
    // EURUSD at 100×: 116.01 of margin and a 1.17 fee; the margin plus its floating P&L of -0.20.
    expect(walletOf(assets, 'FOREX')).toMatchObject({ cash: '882.82', positionsValue: '115.81', total: '998.63' });
    expect(walletOf(assets, 'BALANCE')).toBeUndefined();
    expect(assets).toMatchObject({
      cashUsd: '39929.71',
      positionsUsd: '33365.71',
      totalAssetsUsd: '73295.42',
      floatingPnlUsd: '-156.65',
      // Everything was opened today: today's P&L is the floating P&L.
      todayPnlUsd: '-156.65',
    });
    expect(classOf(assets, 'stocks')).toBe('33249.90');
    expect(classOf(assets, 'forex')).toBe('115.81');
    expect(classOf(assets, 'futures')).toBe('0.00');

    const funding = (await call<Overview & { todayProfit: string }>('/userCenter/getFundingOverview', { timeZone: 'UTC' })).body.data;
    expect(funding.assets.totalAssetsUsd).toBe('73295.42');
    // The realised figure stays what the ledger realised: nothing was closed.
    expect(funding.todayProfit).toBe('0.00');
  });

  it("follows the price: a rise of the held stock raises total assets and today's P&L by the same amount", async () => {
    const before = (await call<Overview>('/userCenter/getWalletBalance')).body.data.assets;
    quotes.set('AAPL', '209.99', '210.01');
    const after = (await call<Overview>('/userCenter/getFundingOverview', { timeZone: 'UTC' })).body.data.assets;
    // 10 shares × 10.00 more at the bid.
    expect(new Decimal(after.totalAssetsUsd).minus(before.totalAssetsUsd).toFixed(2)).toBe('100.00');
    expect(new Decimal(after.todayPnlUsd).minus(before.todayPnlUsd).toFixed(2)).toBe('100.00');
    expect(walletOf(after, 'STOCK')?.positionsValue).toBe('2099.90');
    expect(after.cashUsd).toBe(before.cashUsd);
  });
});
