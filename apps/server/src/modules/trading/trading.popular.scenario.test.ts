import { currencyOfWallet, type Popular, SIMULATED_DATA_SOURCE, type WalletType } from '@bolsa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestApp, type TestApp } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';

describe("the popular page: today's most traded and the most watched, from this platform's own activity", () => {
  let testApp: TestApp;
  let ledger: LedgerService;
  // The lists are counted at most every 30 s: the test moves the app's clock past that between reads.
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const popular = async () => {
    offsetMs += 31_000;
    const response = await testApp.call<Popular>('/m_ft/popular', { method: 'GET' });
    expect(response.body.code).toBe(200);
    return response.body.data;
  };
  const fund = async (userId: string, walletType: WalletType, amount: string) => {
    await ledger.post(testApp.database.db, {
      idempotencyKey: `popular-fund:${userId}:${walletType}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
        { account: { userId: Number(userId), walletType }, amount },
      ],
    });
  };

  beforeAll(async () => {
    testApp = await startTestApp({ shouldStartMarketFeed: true, appOptions: { now } });
    await testApp.app.market.feed.ready();
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('is empty, not invented, before anyone trades or watches', async () => {
    expect(await popular()).toEqual({ traded: [], watched: [] });
  });

  it('ranks by filled orders today and by users watching, each with its count and live quote', async () => {
    const [ana, luis] = [await registerUser(testApp), await registerUser(testApp)];
    for (const [user, codes] of [
      [ana, ['EURUSD', 'AAPL']],
      [luis, ['AAPL']],
    ] as const) {
      for (const code of codes) {
        const body = {
          assettype: code === 'AAPL' ? '0' : '2',
          securityName: code,
          secuCode: code,
          market: code === 'AAPL' ? 'NASDAQ' : 'FX',
          classify: 'US',
        };
        const saved = await testApp.call('/userSelfSecurity/save', { token: user.token, body });
        expect(saved.body.code).toBe(200);
      }
    }
    await fund(ana.user.id, 'STOCK', '100000');
    for (const [index, code] of ['MSFT', 'MSFT', 'AAPL'].entries()) {
      const order = await testApp.call<{ status: number }>('/stock/create', {
        token: ana.token,
        body: { stockCode: code, direction: 0, quantity: '1', leverage: 1, idempotencyKey: `popular-order-${index}` },
      });
      expect(order.body.code).toBe(200);
      expect(order.body.data.status).toBe(1);
    }
    const lists = await popular();
    expect(lists.traded.map((row) => [row.stock_code, row.count])).toEqual([
      ['MSFT', 2],
      ['AAPL', 1],
    ]);
    expect(lists.watched.map((row) => [row.stock_code, row.count])).toEqual([
      ['AAPL', 2],
      ['EURUSD', 1],
    ]);
    expect(lists.traded[0]).toMatchObject({ price_nominal: expect.stringMatching(/^\d+\.\d{2}$/), dataSource: SIMULATED_DATA_SOURCE });
  });

  it("counts only today's fills: tomorrow the most traded list starts again", async () => {
    offsetMs += 86_400_000;
    const lists = await popular();
    expect(lists.traded).toEqual([]);
    expect(lists.watched.map((row) => row.stock_code)).toEqual(['AAPL', 'EURUSD']);
  });
});
