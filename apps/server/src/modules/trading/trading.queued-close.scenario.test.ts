import { currencyOfWallet, type Order, type Position, type QuoteTick, type WalletType } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { registerUser, startTestApp, type TestApp } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';

type Page<T> = { list: T[]; total: number };
type Wallet = { balance: string; usedBalance: string; availableBalance: string };
type Bill = { reason: string; amount: string };
type User = { token: string; user: { id: string } };

/**
 * Closing a position while its market is shut: the close is accepted as an entrusted order, reserves
 * its quantity, can be cancelled, and fills once at the next open at the opening price, with its P&L in
 * the statement. Prices are scripted: a quote marked 'closed' is the market shut, 'open' the session
 * (the calendar says open: a Friday afternoon in New York).
 */
describe('trading: closes queued while the market is shut fill at the open', () => {
  const quotes = scriptedQuotes();
  let testApp: TestApp;
  let ledger: LedgerService;
  let ana: User;
  let luis: User;
  let keyCounter = 0;
  const key = () => {
    keyCounter += 1;
    return `queued-close-${Date.now().toString(36)}-${keyCounter}`;
  };
  const startedAt = Date.now();
  const now = () => new Date(Date.parse('2026-11-20T15:00:00Z') + (Date.now() - startedAt));

  const call = <T>(path: string, token: string, body?: unknown) =>
    testApp.call<T>(path, { token, language: 'en', ...(body === undefined ? {} : { body }) });
  const idle = () => testApp.app.trading.engine.idle();
  const wallet = async (token: string) => (await call<Wallet>('/wallet/getWalletBalance', token, { walletType: 'STOCK' })).body.data;
  const order = async (token: string, orderId: string) => (await call<Order>('/orders/additions', token, { orderId })).body.data;
  const entrusted = async (token: string) => (await call<Page<Order>>('/position/consignList', token, {})).body.data.list;
  const openPosition = async (token: string, positionId: string | null) =>
    (await call<Position[]>('/position/getByStock', token, { stockCode: 'AAPL' })).body.data.find((row) => row.id === positionId);
  const closedPosition = async (token: string, positionId: string | null) =>
    (await call<Page<Position>>('/position/flatList', token, {})).body.data.list.find((row) => row.id === positionId);
  const closeOrdersOf = async (positionId: string | null) =>
    (
      await testApp.database.db.execute<{
        id: string;
        status: number;
        quantity: string;
        close_reason: string;
        cancel_reason: string | null;
      }>(
        sql`SELECT id, status, quantity, close_reason, cancel_reason FROM trading_orders
            WHERE open_close = 1 AND position_id = ${Number(positionId)} ORDER BY id`,
      )
    ).rows.map((row) => ({ ...row, status: Number(row.status), quantity: Number(row.quantity) }));
  const fund = async (userId: string, walletType: WalletType, amount: string) => {
    await ledger.post(testApp.database.db, {
      idempotencyKey: `queued-close-fund:${userId}:${key()}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
        { account: { userId: Number(userId), walletType }, amount },
      ],
    });
  };
  /** Ana buys 10 AAPL at 200.01 (the ask) in session, at leverage 2: margin 1000.05, fee 2.01. */
  const buyTen = async (extra: Record<string, unknown> = {}) => {
    quotes.set('AAPL', '199.99', '200.01');
    const opened = await call<Order>('/stock/create', ana.token, {
      stockCode: 'AAPL',
      direction: 0,
      quantity: '10',
      leverage: 2,
      idempotencyKey: key(),
      ...extra,
    });
    expect(opened.body.data).toMatchObject({ status: 1, fillPrice: '200.01' });
    await idle();
    return opened.body.data.positionId;
  };
  const closeAfterHours = () => quotes.set('AAPL', '201.00', '201.02', 'closed');

  beforeAll(async () => {
    testApp = await startTestApp({ appOptions: { quoteSource: quotes, now } });
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    ana = await registerUser(testApp);
    luis = await registerUser(testApp);
    await fund(ana.user.id, 'STOCK', '20000');
    await fund(luis.user.id, 'STOCK', '20000');
  });
  afterEach(async () => {
    await idle();
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('is accepted as entrusted, reserves its quantity, can be cancelled, and fills once at the opening price with its P&L in the statement', async () => {
    const positionId = await buyTen();
    closeAfterHours();
    const before = await wallet(ana.token);

    const part = await call<Order>('/position/flatPosition', ana.token, { id: positionId, quantity: '4', idempotencyKey: key() });
    expect(part.body).toMatchObject({ code: 200 });
    expect(part.body.data).toMatchObject({ status: 0, openClose: 1, direction: 1, type: 0, quantity: '4', positionId, fillPrice: null });
    // Nothing moves yet: the position still holds 10 and the wallet is untouched.
    expect(await wallet(ana.token)).toEqual(before);
    expect(await openPosition(ana.token, positionId)).toMatchObject({
      positionNum: '10',
      status: 'open',
      multiplier: '1',
      walletRate: '1',
    });
    expect((await entrusted(ana.token)).map((row) => row.id)).toContain(part.body.data.id);

    // The 4 are reserved: at most 6 more can be closed or queued, and then nothing.
    const tooMuch = await call('/position/flatPosition', ana.token, { id: positionId, quantity: '7', idempotencyKey: key() });
    expect(tooMuch.body).toMatchObject({ code: 5011, msg: 'You can close at most 6, in multiples of 1' });
    const left = await call<{ fullNum: string; halfNum: string }>('/position/getHalfOrFullNum', ana.token, { id: positionId });
    expect(left.body.data).toMatchObject({ fullNum: '6', halfNum: '3' });
    const rest = await call<Order>('/position/flatPosition', ana.token, { id: positionId, idempotencyKey: key() });
    expect(rest.body.data).toMatchObject({ status: 0, openClose: 1, quantity: '6' });
    const closable = await call<{ fullNum: string; halfNum: string }>('/position/getHalfOrFullNum', ana.token, { id: positionId });
    expect(closable.body.data).toMatchObject({ fullNum: '0', halfNum: '0' });
    const again = await call('/position/flatPosition', ana.token, { id: positionId, idempotencyKey: key() });
    expect(again.body).toMatchObject({ code: 5014, data: null });
    expect(again.body.msg).toContain('already has a close waiting for the market to open');

    // Cancelling frees its quantity (no money was held for it).
    const cancelled = await call<Order>('/orders/cancel', ana.token, { orderId: rest.body.data.id });
    expect(cancelled.body.data).toMatchObject({ status: 2, cancelReason: 'cancelled_by_user' });
    expect((await entrusted(ana.token)).map((row) => row.id)).not.toContain(rest.body.data.id);
    expect(await wallet(ana.token)).toEqual(before);

    // Quotes while still shut do not fill it.
    quotes.set('AAPL', '215.00', '215.02', 'closed');
    await idle();
    expect((await order(ana.token, part.body.data.id)).status).toBe(0);

    // The open: it fills at the first quote of the session, at the bid (a sell closes a buy).
    quotes.set('AAPL', '210.00', '210.02', 'open');
    await idle();
    quotes.set('AAPL', '212.00', '212.02', 'open');
    await idle();
    const filled = await order(ana.token, part.body.data.id);
    // P&L (210.00 - 200.01) × 4 = 39.96; 4/10 of the margin 1000.05 is 400.02 (rounded down); fee 840 × 0.1 % = 0.84, raised to the 1.00 minimum.
    expect(filled).toMatchObject({ status: 1, fillPrice: '210.00', margin: '400.02', fee: '1.00', closeReason: 'user' });
    expect((filled as Order & { fills: Array<{ realisedPnl: string; price: string }> }).fills).toEqual([
      expect.objectContaining({ price: '210', quantity: '4', realisedPnl: '39.96' }),
    ]);
    expect(await openPosition(ana.token, positionId)).toMatchObject({ positionNum: '6', sellProfit: '39.96', margin: '600.03' });
    const after = await wallet(ana.token);
    expect(Number(after.balance) - Number(before.balance)).toBeCloseTo(400.02 + 39.96 - 1, 2);
    const bill = await call<Page<Bill>>('/wallet/getWalletBill', ana.token, { walletType: 'STOCK' });
    expect(bill.body.data.list.slice(0, 3)).toEqual([
      expect.objectContaining({ reason: 'fee', amount: '-1.00' }),
      expect.objectContaining({ reason: 'realised_pnl', amount: '39.96' }),
      expect.objectContaining({ reason: 'trade_margin', amount: '400.02' }),
    ]);
    // Filled once, and the owner was told as for any entrusted order the engine fills.
    expect((await closeOrdersOf(positionId)).filter((row) => row.status === 1)).toHaveLength(1);
    const inbox = await testApp.call<{ list: Array<{ title: string; content: string }> }>('/userMessage/getMessage', {
      token: ana.token,
      method: 'GET',
      language: 'en',
    });
    expect(inbox.body.data.list[0]).toMatchObject({ title: 'Order filled', content: 'Your order for 4 AAPL was filled at 210.' });

    // In session the rest closes at once again.
    const last = await call<Order>('/position/flatPosition', ana.token, { id: positionId, idempotencyKey: key() });
    expect(last.body.data).toMatchObject({ status: 1, quantity: '6', fillPrice: '212.00' });
  });

  it('a retried close while shut answers the same order and queues no second one', async () => {
    const positionId = await buyTen();
    closeAfterHours();
    const retryKey = key();
    const first = await call<Order>('/position/flatPosition', ana.token, { id: positionId, quantity: '5', idempotencyKey: retryKey });
    const retried = await call<Order>('/position/flatPosition', ana.token, { id: positionId, quantity: '5', idempotencyKey: retryKey });
    expect(retried.body.data.id).toBe(first.body.data.id);
    expect(await closeOrdersOf(positionId)).toHaveLength(1);
    quotes.set('AAPL', '199.00', '199.02', 'open');
    await idle();
    expect(await closeOrdersOf(positionId)).toEqual([expect.objectContaining({ status: 1, quantity: 5 })]);
    await call('/position/flatPosition', ana.token, { id: positionId, idempotencyKey: key() });
  });

  it('a take-profit reached at the open after a whole queued close closes nothing more', async () => {
    const positionId = await buyTen({ takeProfit: '205.00' });
    closeAfterHours();
    const queued = await call<Order>('/position/flatPosition', ana.token, { id: positionId, idempotencyKey: key() });
    expect(queued.body.data).toMatchObject({ status: 0, quantity: '10' });
    // The open gaps above the take-profit: the queued close (first in line) closes all 10; the take-profit finds nothing open.
    quotes.set('AAPL', '206.00', '206.02', 'open');
    await idle();
    expect(await closeOrdersOf(positionId)).toEqual([expect.objectContaining({ status: 1, quantity: 10, close_reason: 'user' })]);
    expect(await closedPosition(ana.token, positionId)).toMatchObject({ status: 'closed', positionNum: '0', closePrice: '206.00' });
  });

  it('a take-profit or stop-out that closes the position first cancels the queued close, which never closes it again', async () => {
    const positionId = await buyTen({ takeProfit: '205.00' });
    closeAfterHours();
    const queued = await call<Order>('/position/flatPosition', ana.token, { id: positionId, quantity: '4', idempotencyKey: key() });
    expect(queued.body.data.status).toBe(0);
    const before = await wallet(ana.token);
    // Another process's engine sees the opening quote first and closes the whole position at its take-profit.
    const opening: QuoteTick = {
      ...(quotes.latest('AAPL') as QuoteTick),
      bid: '206.00',
      ask: '206.02',
      price: '206.00',
      marketStatus: 'open',
    };
    expect(await testApp.app.trading.service.closeTriggered(Number(positionId), opening)).toBe('take_profit');
    const cancelled = await order(ana.token, queued.body.data.id);
    expect(cancelled).toMatchObject({ status: 2, cancelReason: 'position_closed' });
    expect((await entrusted(ana.token)).map((row) => row.id)).not.toContain(queued.body.data.id);
    // This process's engine then sees the same open: the cancelled close does nothing.
    quotes.set('AAPL', '206.00', '206.02', 'open');
    await idle();
    expect(await closeOrdersOf(positionId)).toEqual([
      expect.objectContaining({ status: 2, quantity: 4, cancel_reason: 'position_closed' }),
      expect.objectContaining({ status: 1, quantity: 10, close_reason: 'take_profit' }),
    ]);
    // (206.00 - 200.01) × 10 = 59.90 realised, the whole margin back, fee 2060 × 0.1 % = 2.06: once.
    const after = await wallet(ana.token);
    expect(Number(after.balance) - Number(before.balance)).toBeCloseTo(1000.05 + 59.9 - 2.06, 2);
    expect(await closedPosition(ana.token, positionId)).toMatchObject({ status: 'closed', sellProfit: '59.90' });
    // Cancelling it now is refused: it is over.
    const late = await call('/orders/cancel', ana.token, { orderId: queued.body.data.id });
    expect(late.body.code).toBe(5009);
  });

  it("refuses another user's position and order, writing nothing", async () => {
    const positionId = await buyTen();
    closeAfterHours();
    const queued = await call<Order>('/position/flatPosition', ana.token, { id: positionId, quantity: '2', idempotencyKey: key() });
    const count = async () =>
      Number((await testApp.database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM trading_orders`)).rows[0]?.n);
    const orders = await count();
    const theirs = await call('/position/flatPosition', luis.token, { id: positionId, idempotencyKey: key() });
    expect(theirs.body).toMatchObject({ code: 5010, data: null });
    const cancel = await call('/orders/cancel', luis.token, { orderId: queued.body.data.id });
    expect(cancel.body).toMatchObject({ code: 5008, data: null });
    expect(await count()).toBe(orders);
    expect(await entrusted(luis.token)).toEqual([]);
    expect((await order(ana.token, queued.body.data.id)).status).toBe(0);
    quotes.set('AAPL', '200.00', '200.02', 'open');
    await idle();
    expect((await order(ana.token, queued.body.data.id)).status).toBe(1);
    await call('/position/flatPosition', ana.token, { id: positionId, idempotencyKey: key() });
  });
});
