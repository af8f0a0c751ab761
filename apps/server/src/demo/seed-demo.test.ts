import type { AccountAssets } from '@bolsa/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT } from '../app.ts';
import { createLedgerService } from '../modules/ledger/index.ts';
import { scriptedQuotes } from '../test/scripted-quotes.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

describe('a demo that lives (issue 15 §8)', () => {
  const quotes = scriptedQuotes();
  let demo: TestApp;

  beforeAll(async () => {
    for (const [code, bid, ask] of [
      ['AAPL', '199.99', '200.01'],
      ['MSFT', '399.99', '400.01'],
      ['GGAL', '5000', '5010'],
      ['2330', '1000', '1005'],
      ['EURUSD', '1.16000', '1.16002'],
      ['ESZ6', '6000.00', '6000.25'],
      ['GCG7', '4000.0', '4000.1'],
    ] as const)
      quotes.set(code, bid, ask);
    demo = await startTestApp({
      configOverrides: { DEMO_DATA: 'true' },
      appOptions: { quoteSource: quotes, now: () => new Date('2026-11-20T15:00:00Z') },
    });
  });
  afterAll(async () => {
    await demo?.close();
  });

  it('funds the demo account and opens its positions and resting order through the real services, keeping the ledger balanced', async () => {
    const login = await demo.call<{ token: string }>('/loginByUsername', {
      body: { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    const token = login.body.data.token;
    await vi.waitFor(
      async () => {
        const orders = await demo.call<{ total: number }>('/position/consignList', { token, body: {} });
        expect(orders.body.data.total).toBe(1);
      },
      { timeout: 20_000, interval: 250 },
    );
    const positions = await demo.call<{ list: Array<{ stockCode: string }> }>('/position/me', { token, body: {} });
    expect(positions.body.data.list.map((row) => row.stockCode).sort()).toEqual(['2330', 'AAPL', 'ESZ6', 'EURUSD', 'GGAL', 'MSFT']);
    const { assets } = (await demo.call<{ assets: AccountAssets }>('/userCenter/getWalletBalance', { token })).body.data;
    expect(assets.byAssetClass.filter((row) => Number(row.valueUsd) > 0).map((row) => row.assetClass)).toEqual([
      'cash',
      'stocks',
      'futures',
      'forex',
    ]);
    const ledger = createLedgerService({ db: demo.database.db, logger: { error: () => undefined, info: () => undefined } });
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });
});
