import { currencyOfWallet, type Order } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { rightLeverageAnswers, startTwoProcesses } from '../../test/test-app.ts';
import { createLedgerService } from '../ledger/index.ts';

// Runs in the server-redis project (REDIS_URL set): two app instances on one PostgreSQL database, told
// of each other's resting orders and positions over Redis, both engines seeing every quote.

type Envelope<T> = { code: number; msg: string; data: T };
const CODES = ['AAPL', 'MSFT'];
const USERS = 6;
const STEPS_PER_USER = 14;

/** A small seeded generator, so a failing interleaving of requests is at least the same stream of them. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('two app instances, many clients placing, cancelling and closing on the same instruments', () => {
  let processes: Awaited<ReturnType<typeof startTwoProcesses>> | undefined;
  const apps: FastifyInstance[] = [];
  const quotes = scriptedQuotes();

  beforeAll(async () => {
    processes = await startTwoProcesses({ appOptions: { quoteSource: quotes } });
    apps.push(...processes.apps);
  }, 60_000);
  afterAll(async () => {
    await processes?.close();
  });

  it('fills no order twice, resolves every hold exactly once, and the ledger reconciles', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const call = async <T>(app: FastifyInstance, path: string, token: string, body: unknown) =>
      (
        await app.inject({
          method: 'POST',
          url: `/web${path}`,
          headers: { authorization: token, languages: 'en' },
          payload: body as object,
        })
      ).json<Envelope<T>>();
    const ledger = createLedgerService({ db: first.platform.database.db, logger: { error: () => undefined, info: () => undefined } });

    const tokens: string[] = [];
    for (let index = 0; index < USERS; index += 1) {
      const email = `two-apps-${index}-${Date.now()}@example.com`;
      const app = index % 2 === 0 ? first : second;
      await call(app, '/getEmailCode', '', { email, type: 'register' });
      const mail = app.platform.mailer.outbox().find((entry) => entry.to === email);
      const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
      const registered = await call<{ token: string; user: { id: string } }>(app, '/register', '', {
        email,
        password: 'secret123',
        confirmPassword: 'secret123',
        code,
      });
      expect(registered.code, JSON.stringify(registered)).toBe(200);
      tokens.push(registered.data.token);
      // Leveraged orders need the leverage check answered (issue 15 §11), here on one process, read by both.
      await call(app, '/trading/acknowledgeLeverage', registered.data.token, rightLeverageAnswers);
      await ledger.post(first.platform.database.db, {
        idempotencyKey: `two-apps-fund:${registered.data.user.id}`,
        reason: 'deposit',
        legs: [
          { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet('STOCK') }, amount: '-6000' },
          { account: { userId: Number(registered.data.user.id), walletType: 'STOCK' }, amount: '6000' },
        ],
      });
    }
    for (const code of CODES) quotes.set(code, '200.00', '200.02');

    // The price swings across the near resting limits (199.50 buys, 200.50 sells) while the clients work.
    let isTrading = true;
    const ticker = (async () => {
      const path = ['199.40', '200.00', '200.60', '200.00'];
      for (let step = 0; isTrading; step += 1) {
        const bid = new Decimal(path[step % path.length] as string);
        for (const code of CODES) quotes.set(code, bid.toFixed(2), bid.plus('0.02').toFixed(2));
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    })();

    const answers: number[] = [];
    const duplicateCreates: Array<[string, string]> = [];
    const client = async (userIndex: number) => {
      const token = tokens[userIndex] as string;
      const random = randomFrom(userIndex + 1);
      const pickApp = () => (random() < 0.5 ? first : second);
      const orderIds: string[] = [];
      const waitingIds: string[] = [];
      for (let step = 0; step < STEPS_PER_USER; step += 1) {
        const roll = random();
        const code = CODES[Math.floor(random() * CODES.length)] as string;
        const idempotencyKey = `two-apps-${userIndex}-${step}`;
        if (roll < 0.45) {
          const isBuy = random() < 0.5;
          // Some limits lie beyond the swing and wait until cancelled: the engine fills the others within
          // milliseconds, so without them a cancel would rarely find an order still waiting.
          const isFar = random() < 0.3;
          const body = {
            stockCode: code,
            direction: isBuy ? 0 : 1,
            // Every create opens a position: a sell is the explicit short (Open 0), not a sale of what is held.
            openClose: 0,
            type: random() < 0.25 ? 0 : 1,
            price: isBuy ? (isFar ? '190.00' : '199.50') : isFar ? '210.00' : '200.50',
            quantity: String(1 + Math.floor(random() * 3)),
            leverage: 2,
            idempotencyKey,
          };
          // Sometimes the same order reaches both instances at once (a client retrying through another).
          const targets = random() < 0.3 ? [first, second] : [pickApp()];
          const results = await Promise.all(targets.map((app) => call<Order>(app, '/stock/create', token, body)));
          for (const result of results) answers.push(result.code);
          const ids = results.filter((result) => result.code === 200).map((result) => result.data.id);
          if (ids.length === 2) duplicateCreates.push([ids[0] as string, ids[1] as string]);
          if (ids[0]) orderIds.push(ids[0]);
          if (ids[0] && isFar && body.type === 1) waitingIds.push(ids[0]);
        } else if (roll < 0.75) {
          // Half the cancels go to an order that surely waits, the others to any order (often already filled).
          const candidates = random() < 0.5 && waitingIds.length > 0 ? waitingIds : orderIds;
          const orderId = candidates[Math.floor(random() * candidates.length)];
          if (!orderId) continue;
          const results = await Promise.all([first, second].map((app) => call<Order>(app, '/orders/cancel', token, { orderId })));
          for (const result of results) answers.push(result.code);
        } else {
          const positions = await call<{ list: Array<{ id: string }> }>(pickApp(), '/position/me', token, {});
          const position = positions.data.list[Math.floor(random() * positions.data.list.length)];
          if (!position) continue;
          // The same close through both instances at once: one close, and both hear of it.
          const results = await Promise.all(
            [first, second].map((app) => call<Order>(app, '/position/flatPosition', token, { id: position.id, idempotencyKey })),
          );
          for (const result of results) answers.push(result.code);
          expect(results.map((result) => result.code)).toEqual([200, 200]);
          expect(results[1]?.data.id).toBe(results[0]?.data.id);
        }
      }
    };
    await Promise.all(tokens.map((_, index) => client(index)));
    isTrading = false;
    await ticker;
    await Promise.all(apps.map((app) => app.trading.engine.idle()));

    // Every answer was a success or a refusal the race explains: money, or an order already finished.
    expect(new Set(answers.filter((code) => ![200, 4001, 5009].includes(code)))).toEqual(new Set());
    expect(answers.filter((code) => code === 200).length).toBeGreaterThan(USERS * 4);
    // A create sent to both instances made one order.
    for (const [left, right] of duplicateCreates) expect(left).toBe(right);

    const db = first.platform.database.db;
    const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute<T & Record<string, unknown>>(query)).rows;
    // No order filled twice; every filled opening order opened exactly one position; every close closed once.
    expect(await rows(sql`SELECT order_id FROM trading_fills GROUP BY order_id HAVING count(*) > 1`)).toEqual([]);
    expect(
      await rows(sql`
        SELECT o.id FROM trading_orders o
        WHERE o.open_close = 0 AND o.status = 1 AND (SELECT count(*) FROM trading_positions p WHERE p.order_id = o.id) <> 1`),
    ).toEqual([]);
    expect(
      await rows(
        sql`SELECT id FROM trading_orders WHERE status = 1 AND NOT EXISTS (SELECT 1 FROM trading_fills f WHERE f.order_id = trading_orders.id)`,
      ),
    ).toEqual([]);
    // Every hold: posted for a filled order, voided for a cancelled one, unresolved while in progress; none without an order.
    // An order that filled as it was accepted never held anything (ADR 0007): no hold, filled at its creation instant.
    const holds = await rows<{ id: string; status: number; outcome: string | null }>(sql`
      SELECT o.id, o.status, r.outcome FROM trading_orders o
      LEFT JOIN ledger_hold_resolutions r ON r.hold_id = o.hold_id
      WHERE o.open_close = 0 AND o.hold_id IS NOT NULL`);
    const outcomeOf = { 0: null, 3: null, 1: 'posted', 2: 'voided' } as Record<number, string | null>;
    expect(holds.filter((hold) => outcomeOf[hold.status] !== hold.outcome)).toEqual([]);
    expect(holds.some((hold) => hold.status === 1) && holds.some((hold) => hold.status === 2)).toBe(true);
    expect(
      await rows(sql`
        SELECT id FROM trading_orders WHERE open_close = 0 AND hold_id IS NULL AND (status <> 1 OR filled_at IS DISTINCT FROM created_at)`),
    ).toEqual([]);
    expect(
      await rows(sql`
        SELECT h.id FROM ledger_holds h WHERE h.reason = 'trade_margin' AND NOT EXISTS (SELECT 1 FROM trading_orders o WHERE o.hold_id = h.id)`),
    ).toEqual([]);
    // What each wallet shows as used is exactly the holds of its orders still in progress.
    const used = await rows<{ user_id: string; used: string; held: string }>(sql`
      SELECT a.user_id, a.held::text AS used,
        COALESCE((SELECT sum(o.held_amount) FROM trading_orders o WHERE o.user_id = a.user_id AND o.status IN (0, 3)), 0)::text AS held
      FROM ledger_accounts a WHERE a.user_id IS NOT NULL AND a.wallet_type = 'STOCK'`);
    for (const row of used) expect(new Decimal(row.used).equals(row.held), JSON.stringify(row)).toBe(true);
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  }, 120_000);
});
