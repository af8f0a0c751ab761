import type { Order } from '@bolsa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayApp } from '../../test/replay-app.ts';
import { registerUser, type TestApp } from '../../test/test-app.ts';
import type { LedgerService } from '../ledger/index.ts';

type Quote = { stock_code: string; price_nominal: string; marketStatus: string };
type TradingDay = { date: string; isTradingDay: boolean; isHoliday: boolean; sessions: Array<{ open: number; close: number }> };

/**
 * Thanksgiving 2026 on CME Globex, on the real calendar (New York is UTC-5): the E-mini S&P trades
 * the holiday morning, halts at 13:00 New York (18:00 UTC) and reopens at 18:00 (23:00 UTC) for the
 * Friday, which closes early at 13:15 (18:15 UTC). The replayed tape prints in the halt and after the
 * early close too: those prints are dropped, as for any closed market. Orders placed in the halt wait
 * for the reopen, as orders do whenever a market is shut.
 */
const tape = `timestamp,code,price,size
2026-11-26T17:00:00Z,ESZ6,6000.00,5
2026-11-26T18:30:00Z,ESZ6,6999.00,5
2026-11-26T23:00:30Z,ESZ6,6010.00,5
2026-11-27T18:00:00Z,ESZ6,6020.00,5
2026-11-27T18:30:00Z,ESZ6,6888.00,5
`;

describe('futures around a US holiday, on the real calendar', () => {
  let testApp: TestApp;
  let ledger: LedgerService;
  let advanceTo: (iso: string) => Promise<void>;
  let ana: { token: string; user: { id: string } };
  let keyCounter = 0;
  const key = () => {
    keyCounter += 1;
    return `holiday-key-${keyCounter}`;
  };
  const call = <T>(path: string, body: unknown) => testApp.call<T>(path, { token: ana.token, language: 'en', body });
  const quote = async () => (await testApp.call<Quote[]>('/quotes/getStock?codes=ESZ6', { method: 'GET' })).body.data[0];
  const order = async (orderId: string) => (await call<Order>('/orders/additions', { orderId })).body.data;
  const buy = (extra: Record<string, unknown> = {}) =>
    call<Order>('/gold/create', { goldCode: 'ESZ6', direction: 0, quantity: '1', leverage: 10, idempotencyKey: key(), ...extra });

  beforeAll(async () => {
    const replay = await startReplayApp({ tape, instruments: 'ES', startAt: '2026-11-26T16:00:00Z' });
    ({ testApp, ledger, advanceTo } = replay);
    ana = await registerUser(testApp);
    await replay.deposit(ana.user.id, 'FUTURE', '500000', `holiday-fund:${ana.user.id}`);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it('trades the Thanksgiving morning, says holiday in the halt and holds orders and closes for the 18:00 reopen', async () => {
    await advanceTo('2026-11-26T17:00:30Z');
    expect(await quote()).toMatchObject({ price_nominal: '6000.00', marketStatus: 'open' });
    const morning = await buy();
    expect(morning.body).toMatchObject({ code: 200, data: { status: 1 } });

    // 13:00 New York: the halt. The quote says holiday; an order waits, a close queues.
    await advanceTo('2026-11-26T18:00:30Z');
    expect(await quote()).toMatchObject({ marketStatus: 'holiday' });
    const inHalt = await buy();
    expect(inHalt.body).toMatchObject({ code: 200, data: { status: 0, fillPrice: null } });
    // A day order lives through the trade date the reopen trades: Friday's, to its 13:15 close.
    expect(inHalt.body.data.expireTimeTimestamp).toBe(Date.parse('2026-11-27T18:15:00Z'));
    const close = await call<Order>('/position/flatPosition', { id: morning.body.data.positionId, idempotencyKey: key() });
    expect(close.body).toMatchObject({ code: 200, data: { status: 0, openClose: 1 } });

    // A print in the halt is no trade: the price stays, nothing fills.
    await advanceTo('2026-11-26T18:30:30Z');
    expect(await quote()).toMatchObject({ price_nominal: '6000.00', marketStatus: 'holiday' });
    expect((await order(inHalt.body.data.id)).status).toBe(0);
    await advanceTo('2026-11-26T22:30:00Z');
    expect(await quote()).toMatchObject({ marketStatus: 'closed' });

    // The trading days say the same: no trade date on Thanksgiving, Friday's takes the morning.
    const days = await call<{ list: TradingDay[] }>('/stocka_trading_day/getPageList', {
      market: 'CME',
      from: '2026-11-25',
      to: '2026-11-28',
    });
    expect(days.body.data.list).toEqual([
      {
        date: '2026-11-25',
        market: 'CME',
        isTradingDay: true,
        isHoliday: false,
        sessions: [{ open: Date.parse('2026-11-24T23:00:00Z'), close: Date.parse('2026-11-25T22:00:00Z') }],
      },
      { date: '2026-11-26', market: 'CME', isTradingDay: false, isHoliday: true, sessions: [] },
      {
        date: '2026-11-27',
        market: 'CME',
        isTradingDay: true,
        isHoliday: false,
        sessions: [
          { open: Date.parse('2026-11-25T23:00:00Z'), close: Date.parse('2026-11-26T18:00:00Z') },
          { open: Date.parse('2026-11-26T23:00:00Z'), close: Date.parse('2026-11-27T18:15:00Z') },
        ],
      },
      { date: '2026-11-28', market: 'CME', isTradingDay: false, isHoliday: false, sessions: [] },
    ]);

    // 18:00 New York: the reopen. The waiting order and the queued close fill on its first quote.
    await advanceTo('2026-11-26T23:01:00Z');
    expect(await quote()).toMatchObject({ price_nominal: '6010.00', marketStatus: 'open' });
    expect(await order(inHalt.body.data.id)).toMatchObject({ status: 1 });
    expect(await order(close.body.data.id)).toMatchObject({ status: 1, openClose: 1 });
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });

  it('closes at 13:15 New York the day after: the rest of the afternoon is closed, not a holiday, and orders wait for Sunday', async () => {
    await advanceTo('2026-11-27T18:14:30Z');
    expect(await quote()).toMatchObject({ price_nominal: '6020.00', marketStatus: 'open' });
    await advanceTo('2026-11-27T18:15:00Z');
    expect(await quote()).toMatchObject({ marketStatus: 'closed' });
    const late = await buy();
    expect(late.body).toMatchObject({ code: 200, data: { status: 0 } });
    // Monday's trade date: Sunday 18:00 to Monday 17:00 New York.
    expect(late.body.data.expireTimeTimestamp).toBe(Date.parse('2026-11-30T22:00:00Z'));
    await advanceTo('2026-11-27T18:30:30Z');
    expect(await quote()).toMatchObject({ price_nominal: '6020.00', marketStatus: 'closed' });
    expect((await order(late.body.data.id)).status).toBe(0);
  });
});
