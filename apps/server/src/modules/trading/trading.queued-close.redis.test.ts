import { currencyOfWallet, type Order } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { rightLeverageAnswers, startTwoProcesses } from '../../test/test-app.ts';
import { createLedgerService } from '../ledger/index.ts';

// Runs in the server-redis project (REDIS_URL set): two app instances on one PostgreSQL database, each
// with its execution engine, told of each other's queued closes over Redis.

type Envelope<T> = { code: number; msg: string; data: T };

describe('closes queued while the market is shut, on two app instances', () => {
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

  it('reserves the quantity across processes, then both engines fill each queued close exactly once at the open', async () => {
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
    const email = `queued-two-apps-${Date.now()}@example.com`;
    await call(first, '/getEmailCode', '', { email, type: 'register' });
    const code = /\b(\d{6})\b/.exec(first.platform.mailer.outbox().find((entry) => entry.to === email)?.text ?? '')?.[1] ?? '';
    const registered = await call<{ token: string; user: { id: string } }>(first, '/register', '', {
      email,
      password: 'secret123',
      confirmPassword: 'secret123',
      code,
    });
    const token = registered.data.token;
    // Leveraged orders need the leverage check answered (issue 15 §11).
    await call(first, '/trading/acknowledgeLeverage', token, rightLeverageAnswers);
    await ledger.post(first.platform.database.db, {
      idempotencyKey: `queued-two-apps-fund:${registered.data.user.id}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet('STOCK') }, amount: '-20000' },
        { account: { userId: Number(registered.data.user.id), walletType: 'STOCK' }, amount: '20000' },
      ],
    });
    quotes.set('AAPL', '200.00', '200.02');
    const opened = await call<Order>(first, '/stock/create', token, {
      stockCode: 'AAPL',
      direction: 0,
      quantity: '10',
      leverage: 2,
      idempotencyKey: 'queued-two-apps-open',
    });
    expect(opened.data.status).toBe(1);

    // The market shuts; eight closes of 3 race on both processes: only three fit in the 10 held.
    quotes.set('AAPL', '201.00', '201.02', 'closed');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call<Order>(index % 2 === 0 ? first : second, '/position/flatPosition', token, {
          id: opened.data.positionId,
          quantity: '3',
          idempotencyKey: `queued-two-apps-close-${index}`,
        }),
      ),
    );
    const accepted = answers.filter((answer) => answer.code === 200);
    expect(accepted).toHaveLength(3);
    expect(accepted.every((answer) => answer.data.status === 0)).toBe(true);
    expect(answers.filter((answer) => answer.code !== 200).map((answer) => answer.code)).toEqual([5011, 5011, 5011, 5011, 5011]);

    // The open, seen by both engines: each queued close fills once, 1 stays open.
    quotes.set('AAPL', '205.00', '205.02');
    for (const app of apps) await app.trading.engine.idle();
    quotes.set('AAPL', '205.10', '205.12');
    for (const app of apps) await app.trading.engine.idle();
    const fills = await first.platform.database.db.execute<{ order_id: string; n: string }>(
      sql`SELECT order_id, count(*) AS n FROM trading_fills WHERE position_id = ${Number(opened.data.positionId)} GROUP BY order_id`,
    );
    // The opening fill and one per queued close.
    expect(fills.rows).toHaveLength(4);
    expect(fills.rows.every((row) => Number(row.n) === 1)).toBe(true);
    // Each fills at the open, or at the next quote when the other process held the position at that
    // moment (ADR 0005: the loser does not wait on the lock); either way once, at a bid of the session.
    let realisedCents = 0;
    for (const answer of accepted) {
      const detail = await call<Order>(second, '/orders/additions', token, { orderId: answer.data.id });
      expect(detail.data.status).toBe(1);
      expect(['205.00', '205.10']).toContain(detail.data.fillPrice);
      realisedCents += 3 * (Math.round(Number(detail.data.fillPrice) * 100) - 20_002);
    }
    const position = await call<Array<{ positionNum: string; sellProfit: string }>>(first, '/position/getByStock', token, {
      stockCode: 'AAPL',
    });
    // 3 × 3 closed from 200.02 (at 205.00 each: 9 × 4.98 = 44.82 realised).
    expect(position.data).toEqual([expect.objectContaining({ positionNum: '1', sellProfit: (realisedCents / 100).toFixed(2) })]);
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
});
