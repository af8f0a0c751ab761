import type { Order, Position } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/index.ts';
import { userEventsTopic } from '../../platform/notifications.ts';
import { startReplayApp } from '../../test/replay-app.ts';
import { registerUser, type TestApp } from '../../test/test-app.ts';
import type { LedgerService } from '../ledger/index.ts';

type Page<T> = { list: T[]; total: number };
type Detail = Order & { fills: Array<{ price: string; realisedPnl: string | null; fee: string; margin: string }> };

/**
 * WTI crude January 2027 (CLF7) stops trading on its last trade date, 21 December 2026 (the 25th is a
 * Friday holiday, so four business days before it), at the CME close (16:00 Chicago, 22:00 UTC). The
 * replayed tape: its last trade of that day is 63.25 at 21:59:30; a trade in the daily break is
 * dropped, and the next session (the 22nd's, from 23:00 UTC) still prints 70.00 — a price the
 * settlement must not use. The app lists the whole WTI product (MARKET_INSTRUMENTS names its root),
 * so the contract rolls: CLF7 leaves the lists at its expiry and the next month is listed.
 */
const tape = `timestamp,code,price,size
2026-12-21T14:59:00Z,CLF7,60.00,5
2026-12-21T16:00:00Z,CLF7,61.50,5
2026-12-21T21:59:30Z,CLF7,63.25,5
2026-12-21T22:30:00Z,CLF7,99.00,5
2026-12-21T23:30:00Z,CLF7,70.00,5
`;
const SETTLEMENT_PRICE = '63.25';

describe('futures settle at their last trade date, replayed', () => {
  let testApp: TestApp;
  let ledger: LedgerService;
  let advanceTo: (iso: string) => Promise<void>;
  let ana: { token: string; user: { id: string } };
  let luis: { token: string; user: { id: string } };
  let keyCounter = 0;
  const key = () => {
    keyCounter += 1;
    return `settle-key-${keyCounter}`;
  };
  const call = <T>(path: string, token: string, body: unknown, language = 'en') => testApp.call<T>(path, { token, language, body });
  // As the job runner runs it: in one transaction whose after-commit work (messages, push events) runs once it commits.
  const settle = () => inTransaction(testApp.database.db, (tx) => testApp.app.trading.service.futuresSettlementJob.run(tx));
  const inbox = async (token: string, language = 'en') =>
    (await testApp.call<{ list: Array<{ title: string; content: string }> }>('/userMessage/getMessage', { token, method: 'GET', language }))
      .body.data.list;
  const futuresWallet = async (token: string) =>
    (await call<{ balance: string; availableBalance: string }>('/wallet/getWalletBalance', token, { walletType: 'FUTURE' })).body.data;
  const closesOf = async (token: string) =>
    (await call<Page<Order>>('/position/water/pageList', token, { pageSize: 100 })).body.data.list.filter((order) => order.openClose === 1);

  beforeAll(async () => {
    const replay = await startReplayApp({ tape, instruments: 'CL', startAt: '2026-12-21T15:00:00Z' });
    ({ testApp, ledger, advanceTo } = replay);
    ana = await registerUser(testApp);
    luis = await registerUser(testApp);
    for (const user of [ana, luis]) await replay.deposit(user.user.id, 'FUTURE', '50000', `settle-fund:${user.user.id}`);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it('settles every open position once at the last price of the last trading day, refuses orders after it, and cancels waiting ones', async () => {
    await advanceTo('2026-12-21T15:00:00Z');
    const long = await call<Order>('/gold/create', ana.token, {
      goldCode: 'CLF7',
      direction: 0,
      quantity: '2',
      leverage: 10,
      idempotencyKey: key(),
    });
    expect(long.body).toMatchObject({ code: 200, data: { status: 1 } });
    // Margin 12,000 (leverage 5): 63.25 does not stop it out; 70.00 would, were the contract still trading.
    const short = await call<Order>('/gold/create', luis.token, {
      goldCode: 'CLF7',
      direction: 1,
      quantity: '1',
      leverage: 5,
      idempotencyKey: key(),
    });
    expect(short.body).toMatchObject({ code: 200, data: { status: 1 } });
    const resting = await call<Order>('/gold/create', ana.token, {
      goldCode: 'CLF7',
      direction: 0,
      type: 1,
      price: '50',
      quantity: '1',
      leverage: 10,
      timeInForce: 'gtc',
      idempotencyKey: key(),
    });
    expect(resting.body, JSON.stringify(resting.body)).toMatchObject({ code: 200, data: { status: 0 } });

    await advanceTo('2026-12-21T16:00:30Z');
    await advanceTo('2026-12-21T21:59:45Z');
    expect(testApp.app.market.feed.latest('CLF7')?.price).toBe(SETTLEMENT_PRICE);

    // After the close of the last trading day: no new orders, no closes by hand, translated.
    await advanceTo('2026-12-21T22:00:30Z');
    const refused = await call('/gold/create', ana.token, {
      goldCode: 'CLF7',
      direction: 0,
      quantity: '1',
      leverage: 10,
      idempotencyKey: key(),
    });
    expect(refused.body).toMatchObject({ code: 5013, data: null });
    expect(refused.body.msg).toBe("CLF7 stopped trading on 2026-12-21: no new orders; open positions settle at that day's last price");
    const inSpanish = await call('/position/flatPosition', ana.token, { id: long.body.data.positionId, idempotencyKey: key() }, 'es');
    expect(inSpanish.body.code).toBe(5013);
    expect(inSpanish.body.msg).toContain('dejó de cotizar el 2026-12-21');
    // The settlement waits two minutes for the last candle to be stored.
    await settle();
    expect(await closesOf(ana.token)).toEqual([]);

    // The next session still prints 70.00: a stop-out or fill on it must not happen, nor count for the settlement.
    await advanceTo('2026-12-21T23:45:00Z');
    expect(testApp.app.market.feed.latest('CLF7')?.price).toBe('70.00');
    const stillOpen = (await call<Position[]>('/position/getByStock', luis.token, { stockCode: 'CLF7' })).body.data;
    expect(stillOpen.map((position) => position.status)).toEqual(['open']);

    const anaBefore = await futuresWallet(ana.token);
    // What each owner hears on the bus (their push sockets' topic), and what the API shows at that moment:
    // an event published before the commit would find the position still open.
    const heard = new Map<string, Array<{ type: string; data: { id: string; status: unknown; template?: string } }>>();
    const seenByEvent: Array<Promise<string | undefined>> = [];
    const stops = [ana, luis].map((user) => {
      heard.set(user.user.id, []);
      return testApp.app.platform.bus.subscribe(userEventsTopic(user.user.id), (payload) => {
        const event = payload as { type: string; data: { id: string; status: unknown; template?: string } };
        heard.get(user.user.id)?.push(event);
        if (event.type === 'position')
          seenByEvent.push(
            call<Page<Position>>('/position/flatList', user.token, {}).then(
              (page) => page.body.data.list.find((position) => position.id === event.data.id)?.status,
            ),
          );
      });
    });
    await testApp.app.market.feed.flush();
    await settle();
    await testApp.app.trading.engine.idle();
    for (const stop of stops) stop();
    for (const [user, order] of [
      [ana, long.body.data],
      [luis, short.body.data],
    ] as const) {
      expect(heard.get(user.user.id)).toEqual(
        expect.arrayContaining([
          { type: 'position', data: { id: order.positionId, status: 'closed' } },
          { type: 'message', data: { id: expect.any(String), template: 'positionSettled' } },
        ]),
      );
    }
    expect(await Promise.all(seenByEvent)).toEqual(['closed', 'closed']);
    // Each owner's message says what settled, at what price, with the P&L, in their language.
    const pnlOf = (order: Order, perUnit: Decimal) => perUnit.times(1000).times(order.quantity).toFixed(2);
    expect(await inbox(ana.token)).toEqual([
      expect.objectContaining({
        title: 'Futures position settled',
        content: `Your CLF7 position (2) was settled at 63.25 on the contract's last trade date. Realised P&L: ${pnlOf(
          long.body.data,
          new Decimal(SETTLEMENT_PRICE).minus(long.body.data.fillPrice ?? 0),
        )} USD.`,
      }),
    ]);
    expect((await inbox(luis.token, 'es'))[0]).toMatchObject({
      title: 'Posición de futuros liquidada al vencimiento',
      content: expect.stringContaining(`(1) se liquidó a 63.25`),
    });

    const expectSettled = async (token: string, order: Order, pnlPerUnit: Decimal) => {
      const closes = await closesOf(token);
      expect(closes).toHaveLength(1);
      expect(closes[0]).toMatchObject({ closeReason: 'settlement', fillPrice: SETTLEMENT_PRICE, status: 1, positionId: order.positionId });
      const detail = (await call<Detail>('/orders/additions', token, { orderId: closes[0]?.id })).body.data;
      expect(detail.fills[0]?.price).toBe(SETTLEMENT_PRICE);
      expect(detail.fills[0]?.realisedPnl).toBe(pnlPerUnit.times(1000).times(order.quantity).toFixed(2));
      const positions = (await call<Page<Position>>('/position/flatList', token, {})).body.data.list;
      expect(positions.find((position) => position.id === order.positionId)).toMatchObject({
        status: 'closed',
        closePrice: SETTLEMENT_PRICE,
      });
      return detail;
    };
    const anaClose = await expectSettled(ana.token, long.body.data, new Decimal(SETTLEMENT_PRICE).minus(long.body.data.fillPrice ?? 0));
    await expectSettled(luis.token, short.body.data, new Decimal(short.body.data.fillPrice ?? 0).minus(SETTLEMENT_PRICE));

    // Ana's margin came back with her profit, less the closing fee; her waiting order was cancelled and its hold released.
    const anaAfter = await futuresWallet(ana.token);
    const fill = anaClose.fills[0];
    expect(fill?.margin).toBe('12000.00');
    const expectedBalance = new Decimal(anaBefore.balance)
      .plus(fill?.margin ?? 0)
      .plus(fill?.realisedPnl ?? 0)
      .minus(fill?.fee ?? 0);
    expect(anaAfter.balance).toBe(expectedBalance.toFixed(2));
    expect(anaAfter.availableBalance).toBe(anaAfter.balance);
    expect((await call<Order>('/orders/additions', ana.token, { orderId: resting.body.data.id })).body.data).toMatchObject({
      status: 2,
      cancelReason: 'expired',
    });

    // Exactly once: running the job again (or later) changes nothing.
    await settle();
    await advanceTo('2026-12-22T12:00:00Z');
    await settle();
    const settlements = await testApp.database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM trading_orders WHERE close_reason = 'settlement'`,
    );
    expect(settlements.rows[0]?.n).toBe('2');
    expect(await inbox(ana.token)).toHaveLength(1);
    expect(await inbox(luis.token)).toHaveLength(1);
    expect(await futuresWallet(ana.token)).toEqual(anaAfter);
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });

  it('drops the expired contract from the lists, keeps it for history, and lists the next month on the roll', async () => {
    type Row = { stock_code: string };
    const listed = async () =>
      (await testApp.call<{ list: Row[] }>('/m_ft/futures_list?type=energy', { method: 'GET' })).body.data.list.map(
        (row) => row.stock_code,
      );
    // The catalog was built on the 21st: CLF7 was the front month, CLG7 and CLH7 behind it.
    expect(await listed()).toEqual(['CLG7', 'CLH7']);
    const contracts = (await testApp.call<Array<{ stock_code: string }>>('/m_ft/futures_opt_list', { method: 'GET' })).body.data;
    expect(contracts.map((contract) => contract.stock_code)).toEqual(['CLG7', 'CLH7']);
    const search = (await testApp.call<{ list: Row[] }>('/market/getMaket', { body: { stkcode: 'CL' } })).body.data.list;
    expect(search.map((row) => row.stock_code)).not.toContain('CLF7');
    // Still found by code, for its orders, positions and chart.
    const quote = await testApp.call<Row[]>('/quotes/getStock?codes=CLF7', { method: 'GET' });
    expect(quote.body.data.map((row) => row.stock_code)).toEqual(['CLF7']);

    // The listing job on the 22nd lists April, priced near the front month, with its history backfilled.
    await testApp.database.db.transaction((tx) => testApp.app.market.futuresListingJob.run(tx));
    await testApp.app.market.futuresRolled();
    expect(await listed()).toEqual(['CLG7', 'CLH7', 'CLJ7']);
    const april = (await testApp.call<Array<Record<string, string>>>('/m_ft/futures_opt_list', { method: 'GET' })).body.data.find(
      (contract) => contract.stock_code === 'CLJ7',
    );
    expect(april).toMatchObject({ name: 'WTI Crude Oil Apr 2027', contractMonth: '2027-04', lastTradeDate: '2027-03-22' });
    await testApp.app.market.feed.ensureHistory('CLJ7');
    const front = Number(testApp.app.market.feed.latest('CLG7')?.price);
    const deferred = Number(testApp.app.market.feed.latest('CLJ7')?.price);
    expect(Math.abs(deferred / front - 1)).toBeLessThan(0.25);
    const kline = await testApp.call<{ candles: unknown[] }>('/m_ft/kline?stockCode=CLJ7&type=1Y', { method: 'GET' });
    expect(kline.body.data.candles.length).toBeGreaterThan(100);
    // Running it again lists nothing new.
    expect(await testApp.app.market.rollFutures('2026-12-22')).toEqual([]);
  });
});
