import { currencyOfWallet, type WalletType } from '@bolsa/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { registerUser, startTestApp, type TestApp } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';

type Line = {
  id: string;
  walletType: string;
  amount: string;
  balanceAfter: string;
  reason: string;
  memo: string | null;
  line: string;
  subject: object;
};
type Page = { list: Line[]; total: number };

describe('the statement reads as words (issue 15 §6)', () => {
  const quotes = scriptedQuotes();
  let testApp: TestApp;
  let ledger: LedgerService;
  let ana: { token: string; user: { id: string } };
  let counter = 0;
  const key = () => `statement-key-${Date.now().toString(36)}-${++counter}`;
  const call = <T>(path: string, body: unknown) => testApp.call<T>(path, { token: ana.token, language: 'en', body });
  const statement = async (filters: Record<string, unknown> = {}) =>
    (await call<Page>('/wallet/getWalletBill', { timeZone: 'UTC', pageSize: 50, ...filters })).body.data.list;
  const fund = (walletType: WalletType, amount: string) =>
    ledger.post(testApp.database.db, {
      idempotencyKey: `statement-fund:${key()}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
        { account: { userId: Number(ana.user.id), walletType }, amount },
      ],
    });

  beforeAll(async () => {
    testApp = await startTestApp({ appOptions: { quoteSource: quotes } });
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    ana = await registerUser(testApp);
    await fund('BALANCE', '10000');
    quotes.set('AAPL', '270.69', '270.71');
  });
  afterEach(async () => {
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('a transfer names the other wallet; a buy is its own line and its fee another, each with the balance after it', async () => {
    const moved = await call('/wallet/transfer', {
      fromWalletType: 'BALANCE',
      toWalletType: 'STOCK',
      amount: '5000',
      idempotencyKey: key(),
    });
    expect(moved.body.code).toBe(200);
    const bought = await call('/stock/create', { stockCode: 'AAPL', direction: 0, quantity: '10', idempotencyKey: key() });
    expect(bought.body.code).toBe(200);
    const lines = await statement();
    // Newest first: 10 × 270.71 = 2,707.10 paid, then its fee of 0.1 % (2.71) as a line of its own.
    expect(
      lines.slice(0, 4).map(({ walletType, line, subject, amount, balanceAfter }) => ({ walletType, line, subject, amount, balanceAfter })),
    ).toEqual([
      { walletType: 'STOCK', line: 'fee', subject: { code: 'AAPL' }, amount: '-2.71', balanceAfter: '2290.19' },
      {
        walletType: 'STOCK',
        line: 'buy',
        subject: { code: 'AAPL', quantity: '10', price: '270.71' },
        amount: '-2707.10',
        balanceAfter: '2292.90',
      },
      { walletType: 'STOCK', line: 'transfer_in', subject: { walletType: 'BALANCE' }, amount: '5000.00', balanceAfter: '5000.00' },
      { walletType: 'BALANCE', line: 'transfer_out', subject: { walletType: 'STOCK' }, amount: '-5000.00', balanceAfter: '5000.00' },
    ]);
    // No line carries an internal id in what it says.
    for (const entry of lines) expect(entry.memo ?? '').not.toMatch(/order|position|\d{3,}/);
    expect(new Set(lines.map((entry) => entry.id)).size).toBe(lines.length);
  });

  it('a sale says what was sold, with its result and fee, and the filters narrow by kind, wallet and date', async () => {
    quotes.set('AAPL', '280.00', '280.02');
    const sold = await call('/stock/create', { stockCode: 'AAPL', direction: 1, quantity: '10', idempotencyKey: key() });
    expect(sold.body.code).toBe(200);
    const lines = await statement({ walletType: 'STOCK' });
    // "Sale of 10 AAPL at 280.00" credits what the sale brought in, 10 × 280.00, not the 2,707.10 of cost the
    // close returned (its result of 92.90 is part of it, not a line of its own); the fee of 0.1 % follows.
    expect(lines.slice(0, 3).map(({ line, subject, amount, balanceAfter }) => ({ line, subject, amount, balanceAfter }))).toEqual([
      { line: 'fee', subject: { code: 'AAPL' }, amount: '-2.80', balanceAfter: '5087.39' },
      { line: 'sell', subject: { code: 'AAPL', quantity: '10', price: '280' }, amount: '2800.00', balanceAfter: '5090.19' },
      { line: 'fee', subject: { code: 'AAPL' }, amount: '-2.71', balanceAfter: '2290.19' },
    ]);
    expect(lines.map((entry) => entry.line)).not.toContain('realised_pnl');
    // The ledger keeps both entries of the close: the trades filter still reads the sale as one line (the
    // buy's fee, taken in one entry with its cost, stays beside it).
    const trades = await statement({ kind: 'trades', walletType: 'STOCK' });
    expect(trades.map(({ line, amount }) => ({ line, amount }))).toEqual([
      { line: 'sell', amount: '2800.00' },
      { line: 'fee', amount: '-2.71' },
      { line: 'buy', amount: '-2707.10' },
    ]);
    // Read one entry per page, the close's result and its returned cost fall on different pages: still one sale line.
    const paged: Line[] = [];
    for (let pageNum = 1; pageNum <= 3; pageNum += 1)
      paged.push(
        ...(await call<Page>('/wallet/getWalletBill', { timeZone: 'UTC', walletType: 'STOCK', pageSize: 1, pageNum })).body.data.list,
      );
    expect(paged).toEqual(lines.slice(0, 2));
    const fees = await statement({ kind: 'fees' });
    expect(fees.map((entry) => entry.reason)).toEqual(['fee']);
    const transfers = await statement({ kind: 'transfers', walletType: 'BALANCE' });
    expect(transfers.map((entry) => entry.line)).toEqual(['transfer_out']);
    expect(await statement({ toDate: '2020-01-01' })).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await statement({ fromDate: today, toDate: today })).length).toBe((await statement()).length);
  });

  it('a leveraged trade says only its margin moved: the margin of a buy, then its result and the margin released on close', async () => {
    await fund('FUTURE', '50000');
    quotes.set('ESZ6', '7149.00', '7149.25');
    const bought = await call<{ id: string }>('/gold/create', {
      goldCode: 'ESZ6',
      direction: 0,
      quantity: '1',
      leverage: 10,
      idempotencyKey: key(),
    });
    expect(bought.body.code).toBe(200);
    const opened = await statement({ walletType: 'FUTURE' });
    const margin = opened.find((entry) => entry.line === 'margin_buy');
    expect(margin?.subject).toEqual({ code: 'ESZ6', quantity: '1', price: '7149.25' });
    expect(Number(margin?.amount)).toBeLessThan(0);
    // "Compra de 1 ESZ6" would claim the contract's whole value moved; only its margin did.
    expect(opened.map((entry) => entry.line)).not.toContain('buy');

    const positions = await call<{ list: Array<{ id: string; stockCode: string }> }>('/position/me', {});
    const position = positions.body.data.list.find((row) => row.stockCode === 'ESZ6');
    quotes.set('ESZ6', '7160.00', '7160.25');
    const closed = await call('/position/flatPosition', { id: position?.id, idempotencyKey: key() });
    expect(closed.body.code).toBe(200);
    const lines = await statement({ walletType: 'FUTURE' });
    const added = lines.slice(0, lines.length - opened.length).filter((entry) => entry.line !== 'fee');
    expect(added.map(({ line, subject }) => ({ line, subject }))).toEqual([
      { line: 'realised_pnl', subject: { code: 'ESZ6' } },
      { line: 'margin_release_sell', subject: { code: 'ESZ6', quantity: '1', price: '7160' } },
    ]);
    // The margin released is the margin taken at the open; the result is its own line.
    expect(added[1]?.amount).toBe(margin?.amount.replace('-', ''));
  });
});
