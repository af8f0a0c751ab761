import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/index.ts';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { registerUser, startTestApp, type TestApp } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';
import { placeFilledOrders } from './trading.repository.ts';
import { tradingOrders, tradingPositions } from './trading.tables.ts';

type Order = { id: string; status: number; fillPrice: string | null; fee: string | null; margin: string | null; positionId: string | null };
type Wallet = { balance: string; usedBalance: string };

/**
 * Market orders of different users placed at the same moment share one statement and one commit
 * (ADR 0011). Each still gets exactly what it would get alone: its order filled at the ask with its
 * position, fill and one journal of margin + fee; a refusal (short of money, trading frozen) fails that
 * order alone and leaves nothing of it; a retried key answers the first order and moves nothing again.
 */
describe('orders that fill at once, placed together', () => {
  const quotes = scriptedQuotes();
  let testApp: TestApp;
  let ledger: LedgerService;
  let users: Array<{ token: string; user: { id: string } }>;
  const call = <T>(path: string, token: string, body?: unknown) =>
    testApp.call<T>(path, { token, language: 'en', ...(body === undefined ? {} : { body }) });
  /** Orders asked in the same turn of the event loop travel together, as concurrent requests do under load. */
  const buy = (user: { user: { id: string } }, idempotencyKey: string, quantity = '10'): Promise<Order> =>
    testApp.app.trading.service.create({ userId: user.user.id, sessionId: 'test' }, 'stock', {
      code: 'AAPL',
      direction: 0,
      type: 0,
      quantity,
      leverage: 2,
      timeInForce: 'day',
      idempotencyKey,
    }) as Promise<Order>;
  const refusalOf = async (order: Promise<Order>) => {
    const outcome = await order.then(
      () => undefined,
      (error: unknown) => error,
    );
    return outcome instanceof AppError ? outcome.result : outcome;
  };
  const stats = () => testApp.app.trading.service.filledOrderGroupStats() ?? { groups: 0, items: 0, largestGroup: 0, fallbacks: 0 };
  /** A balance less an order's margin and fee. */
  const paidFrom = (balance: string | undefined, order: Order | undefined) =>
    new Decimal(balance ?? 'NaN')
      .minus(order?.margin ?? 'NaN')
      .minus(order?.fee ?? 'NaN')
      .toFixed(2);
  const wallet = async (token: string) => (await call<Wallet>('/wallet/getWalletBalance', token, { walletType: 'STOCK' })).body.data;

  beforeAll(async () => {
    testApp = await startTestApp({ appOptions: { quoteSource: quotes } });
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    users = [];
    // Users of one lane: a group holds only users whose house and fee shards are of the same lane (the
    // default two lanes split users by the parity of their id), so four of them can share one group.
    while (users.length < 4) {
      const user = await registerUser(testApp);
      if (users.length > 0 && Number(user.user.id) % 2 !== Number(users[0]?.user.id) % 2) continue;
      users.push(user);
      await ledger.post(testApp.database.db, {
        idempotencyKey: `group-orders-fund:${user.user.id}`,
        reason: 'deposit',
        legs: [
          { account: { system: 'DEPOSIT_CLEARING', currency: 'USD' }, amount: '-2000.00' },
          { account: { userId: Number(user.user.id), walletType: 'STOCK' }, amount: '2000.00' },
        ],
      });
    }
    // Bid 99.98, ask 100.00: a buy of 10 at 2× costs 500.00 of margin plus the fee.
    quotes.set('AAPL', '99.98', '100.00');
    // A first order each, alone: the house and fee accounts of their shards exist from here on (a group
    // that meets an account not created yet is placed one by one, ADR 0009).
    for (const user of users) await buy(user, `first-${user.user.id}`, '1');
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('fills the orders of three users in one group, each with its own position, fill and journal', async () => {
    const balancesBefore = await Promise.all(users.slice(0, 3).map(async (user) => (await wallet(user.token)).balance));
    const before = stats();
    const orders = await Promise.all(users.slice(0, 3).map((user, index) => buy(user, `together-${index}`)));
    const after = stats();
    expect(after.groups - before.groups).toBe(1);
    expect(after.largestGroup).toBeGreaterThanOrEqual(3);
    expect(after.fallbacks - before.fallbacks).toBe(0);
    for (const order of orders) expect(order).toMatchObject({ status: 1, fillPrice: '100.00', margin: '500.00' });
    expect(new Set(orders.map((order) => order.positionId)).size).toBe(3);
    // Each user's wallet paid its own margin and fee, nothing is left held.
    for (const [index, user] of users.slice(0, 3).entries()) {
      const order = orders[index];
      const expected = paidFrom(balancesBefore[index], order);
      expect(await wallet(user.token)).toMatchObject({ balance: expected, usedBalance: '0.00' });
    }
    // One position, one fill and one journal (with the order's memo) per order, as an order alone writes.
    const written = await testApp.database.db.execute<{ positions: number; fills: number; journals: number; memos: number }>(sql`
      SELECT (SELECT count(*)::int FROM trading_positions p JOIN trading_orders o ON o.position_id = p.id AND p.order_id = o.id
              WHERE o.idempotency_key LIKE 'together-%') AS positions,
             (SELECT count(*)::int FROM trading_fills f JOIN trading_orders o ON o.id = f.order_id
              WHERE o.idempotency_key LIKE 'together-%') AS fills,
             (SELECT count(*)::int FROM ledger_journals j JOIN trading_orders o ON j.idempotency_key = 'order:' || o.id || ':fill'
              WHERE o.idempotency_key LIKE 'together-%') AS journals,
             (SELECT count(*)::int FROM ledger_journals j JOIN trading_orders o ON j.memo = 'order ' || o.id || ' ' || o.code
              WHERE o.idempotency_key LIKE 'together-%') AS memos`);
    expect(written.rows[0]).toEqual({ positions: 3, fills: 3, journals: 3, memos: 3 });

    // Retried together (a client that lost the answers): the same orders, nothing moved again.
    const retried = await Promise.all(users.slice(0, 3).map((user, index) => buy(user, `together-${index}`)));
    expect(retried).toEqual(orders);
    for (const [index, user] of users.slice(0, 3).entries()) {
      const order = orders[index];
      expect((await wallet(user.token)).balance).toBe(paidFrom(balancesBefore[index], order));
    }
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });

  it('refuses only the order its wallet cannot pay and the order of a frozen user; the others fill', async () => {
    const [rich, poor, frozen, other] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0], (typeof users)[0]];
    await testApp.database.db.execute(
      sql`INSERT INTO user_restrictions (user_id, kind, reason) VALUES (${Number(frozen.user.id)}, 'trading', 'test freeze')`,
    );
    const poorBefore = await wallet(poor.token);
    const before = stats();
    const [richOrder, poorRefusal, frozenRefusal, otherOrder] = await Promise.all([
      buy(rich, 'mixed-rich', '1'),
      refusalOf(buy(poor, 'mixed-poor', '1000')),
      refusalOf(buy(frozen, 'mixed-frozen', '1')),
      buy(other, 'mixed-other', '1'),
    ]);
    // The group was refused whole and its orders placed one by one, each with its own answer.
    expect(stats().fallbacks - before.fallbacks).toBe(1);
    expect(poorRefusal).toBe('INSUFFICIENT_FUNDS');
    expect(frozenRefusal).toBe('TRADING_FROZEN');
    expect(richOrder.status).toBe(1);
    expect(otherOrder.status).toBe(1);
    const rows = await testApp.database.db.execute<{ idempotency_key: string }>(
      sql`SELECT idempotency_key FROM trading_orders WHERE idempotency_key LIKE 'mixed-%' ORDER BY idempotency_key`,
    );
    expect(rows.rows.map((row) => row.idempotency_key)).toEqual(['mixed-other', 'mixed-rich']);
    expect(await wallet(poor.token)).toEqual(poorBefore);
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });

  it('answers each order and position exactly as the database stored them', async () => {
    const [first, second] = users as [(typeof users)[0], (typeof users)[0]];
    const at = new Date();
    const inputOf = (user: (typeof users)[0], key: string, quantity: string, takeProfit: string | null) => {
      const userId = Number(user.user.id);
      return {
        order: {
          userId,
          idempotencyKey: key,
          code: 'AAPL',
          source: '0',
          walletType: 'STOCK',
          direction: 0,
          orderType: 1,
          openClose: 0,
          status: 0,
          quantity,
          limitPrice: '100.5',
          stopPrice: null,
          leverage: 2,
          timeInForce: 'gtc' as const,
          takeProfit,
          stopLoss: null,
          expiresAt: new Date(at.getTime() + 86_400_000),
          createdAt: at,
        },
        hold: { currency: 'USD', amount: '51' },
        fill: {
          price: '100',
          amount: '100',
          fee: '1',
          margin: '50',
          at,
          movement: ledger.sqlMovement('trade_margin', [
            { account: { userId, walletType: 'STOCK' }, amount: '-51.00', requireFunds: true },
            { account: { system: 'HOUSE', currency: 'USD', spreadKey: userId }, amount: '50.00' },
            { account: { system: 'FEES', currency: 'USD', spreadKey: userId }, amount: '1.00' },
          ]),
        },
      };
    };
    const answered = await placeFilledOrders(testApp.database.db, [
      inputOf(first, 'rows-a', '1', '120.25'),
      inputOf(second, 'rows-b', '1.50', null),
    ]);
    for (const { order, position } of answered) {
      const [storedOrder] = await testApp.database.db.select().from(tradingOrders).where(eq(tradingOrders.id, order.id));
      const [storedPosition] = await testApp.database.db
        .select()
        .from(tradingPositions)
        .where(eq(tradingPositions.id, position?.id ?? 0));
      expect(order).toEqual(storedOrder);
      expect(position).toEqual(storedPosition);
    }
    expect(answered.map(({ order }) => [order.idempotencyKey, order.quantity, order.heldAmount, order.takeProfit])).toEqual([
      ['rows-a', '1.00000000', '51.00', '120.25000000'],
      ['rows-b', '1.50000000', '51.00', null],
    ]);
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });
});
