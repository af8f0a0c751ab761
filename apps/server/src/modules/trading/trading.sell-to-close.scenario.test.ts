import { currencyOfWallet, type WalletType } from '@bolsa/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { registerUser, startTestApp, type TestApp } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';

type Order = { id: string; status: number; openClose: number; direction: number; quantity: string; positionId: string | null };
type Position = { id: string; direction: number; positionNum: string; status: string };
type Holding = { heldQuantity: string; sellableQuantity: string; canSellShort: boolean };

describe('Sell sells what you hold (issue 15 §2)', () => {
  const quotes = scriptedQuotes();
  let testApp: TestApp;
  let ledger: LedgerService;
  let ana: { token: string; user: { id: string } };
  let counter = 0;
  const key = () => `sell-key-${Date.now().toString(36)}-${++counter}`;
  const call = <T>(path: string, body: unknown, language = 'en') => testApp.call<T>(path, { token: ana.token, language, body });
  const fund = (walletType: WalletType, amount: string) =>
    ledger.post(testApp.database.db, {
      idempotencyKey: `sell-fund:${walletType}:${key()}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
        { account: { userId: Number(ana.user.id), walletType }, amount },
      ],
    });
  const openPositions = async (code: string) => (await call<Position[]>('/position/getByStock', { stockCode: code })).body.data;
  const buy = (code: string, quantity: string) =>
    call<Order>('/stock/create', { stockCode: code, direction: 0, quantity, idempotencyKey: key() });

  beforeAll(async () => {
    testApp = await startTestApp({ appOptions: { quoteSource: quotes } });
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    ana = await registerUser(testApp);
    await fund('STOCK', '20000');
    await fund('AR', '10000000');
    quotes.set('AAPL', '199.99', '200.01');
    quotes.set('MSFT', '399.99', '400.01');
    quotes.set('GGAL', '5000', '5010');
  });
  afterEach(async () => {
    await testApp.app.trading.engine.idle();
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('selling part of a holding closes against the long held, oldest first, and opens no short', async () => {
    const first = await buy('AAPL', '3');
    const second = await buy('AAPL', '2');
    expect(first.body.code).toBe(200);
    expect(second.body.code).toBe(200);
    expect((await call<Holding>('/stock/holding', { stockCode: 'aapl' })).body.data).toEqual({
      stockCode: 'AAPL',
      heldQuantity: '5',
      sellableQuantity: '5',
      canSellShort: true,
    });

    const sold = await call<Order>('/stock/create', { stockCode: 'AAPL', direction: 1, quantity: '4', idempotencyKey: key() });
    expect(sold.body.code).toBe(200);
    // A close (spec's open/close flag 1) of the oldest position first: all 3 of it, then 1 of the next.
    expect(sold.body.data).toMatchObject({ status: 1, openClose: 1, direction: 1, quantity: '3', positionId: first.body.data.positionId });
    const open = await openPositions('AAPL');
    expect(open.map((row) => ({ id: row.id, direction: row.direction, positionNum: row.positionNum }))).toEqual([
      { id: second.body.data.positionId, direction: 0, positionNum: '1' },
    ]);
    expect((await call<Holding>('/stock/holding', { stockCode: 'AAPL' })).body.data).toMatchObject({ heldQuantity: '1' });
  });

  it('a retried Sell answers the same close and sells nothing twice', async () => {
    const idempotencyKey = key();
    const body = { stockCode: 'AAPL', direction: 1, quantity: '1', idempotencyKey };
    const once = await call<Order>('/stock/create', body);
    const again = await call<Order>('/stock/create', body);
    expect(once.body.code).toBe(200);
    expect(again.body.data.id).toBe(once.body.data.id);
    expect(await openPositions('AAPL')).toEqual([]);
  });

  it('refuses to sell more than is held, or what is not held, with a clear message, and writes nothing', async () => {
    await buy('MSFT', '2');
    const tooMany = await call<Order>('/stock/create', { stockCode: 'MSFT', direction: 1, quantity: '3', idempotencyKey: key() }, 'es');
    expect(tooMany.body).toMatchObject({ code: 5015, msg: 'Usted tiene 2 MSFT; no puede vender más de lo que tiene' });
    const none = await call<Order>('/stock/create', { stockCode: 'AAPL', direction: 1, quantity: '1', idempotencyKey: key() });
    expect(none.body).toMatchObject({ code: 5015, msg: 'You hold 0 AAPL; you cannot sell more than you hold' });
    expect(await openPositions('AAPL')).toEqual([]);
    expect((await openPositions('MSFT')).map((row) => row.positionNum)).toEqual(['2']);
    const limit = await call<Order>('/stock/create', {
      stockCode: 'MSFT',
      direction: 1,
      type: 1,
      price: '420',
      quantity: '1',
      idempotencyKey: key(),
    });
    expect(limit.body.code).toBe(5017);
  });

  it('opens a short only as the explicit choice, and only on a shortable stock', async () => {
    const short = await call<Order>('/stock/create', {
      stockCode: 'AAPL',
      direction: 1,
      openClose: 0,
      quantity: '1',
      leverage: 2,
      idempotencyKey: key(),
    });
    expect(short.body).toMatchObject({ code: 200, data: { status: 1, openClose: 0, direction: 1 } });
    expect((await openPositions('AAPL')).map((row) => row.direction)).toEqual([1]);
    await call('/position/flatPosition', { id: short.body.data.positionId, idempotencyKey: key() });

    expect((await call<Holding>('/stock/holding', { stockCode: 'GGAL' })).body.data.canSellShort).toBe(false);
    const refused = await call<Order>(
      '/stock/create',
      { stockCode: 'GGAL', source: 'ARG', direction: 1, openClose: 0, quantity: '1', idempotencyKey: key() },
      'es',
    );
    expect(refused.body).toMatchObject({ code: 5016, msg: 'GGAL no admite venta en corto' });
    expect(await openPositions('GGAL')).toEqual([]);
  });
});
