import {
  currencyOfWallet,
  type Message,
  type ResultName,
  type RobotBacktest,
  type RobotEnergy,
  type RobotEnergyPack,
  type RobotPurchase,
  type RobotRunDetail,
  type RobotTemplate,
  resultCodes,
  type WalletType,
} from '@bolsa/contracts';
import { messageCatalog } from '@bolsa/contracts/messages';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { operatorToken, registerUser, startTestApp, type TestApp, withOperator } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';

type User = { token: string; user: { id: string } };
const spanish = messageCatalog.es as { errors: Record<string, string> };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Tuesday, 15:00 UTC: every test moves this clock itself. */
const START = Date.parse('2026-03-03T15:00:00Z');

describe('strategy robots (issue 22)', { timeout: 180_000 }, () => {
  const quotes = scriptedQuotes();
  let clock = START;
  let testApp: TestApp;
  let ledger: LedgerService;
  let operator: string;
  let counter = 0;
  let templates: RobotTemplate[];
  let packs: RobotEnergyPack[];
  const key = () => `robot-key-${++counter}`;
  const db = () => testApp.database.db;
  const call = <T>(user: User, path: string, body?: unknown, language = 'en') =>
    testApp.call<T>(path, { token: user.token, language, body: body ?? {} });
  const ok = async <T>(user: User, path: string, body?: unknown) => {
    const answer = await call<T>(user, path, body);
    expect(answer.body.code, `${path} ${answer.body.msg}`).toBe(200);
    return answer.body.data;
  };
  const fund = (user: User, walletType: WalletType, amount: string) =>
    ledger.post(db(), {
      idempotencyKey: `robot-fund:${key()}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: new Decimal(amount).negated() },
        { account: { userId: Number(user.user.id), walletType }, amount },
      ],
    });
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db().execute<T & Record<string, unknown>>(query)).rows;
  const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: string }>(query))[0]?.n);
  const balance = async (user: User, walletType: WalletType) =>
    (await ok<{ balance: string }>(user, '/wallet/getWalletBalance', { walletType })).balance;
  const runJob = async () => {
    await db().execute(sql`DELETE FROM platform_job_runs WHERE name = 'robot-runs'`);
    expect(await testApp.app.platform.jobs.runIfDue('robot-runs')).toBe(true);
  };
  const inbox = async (user: User, language = 'en') =>
    (await testApp.call<{ list: Message[] }>('/userMessage/getMessage', { token: user.token, language, method: 'GET' })).body.data.list;
  const template = (kind: RobotTemplate['kind']) => templates.find((row) => row.kind === kind) as RobotTemplate;
  const offer = (kind: RobotTemplate['kind'], days: number | null) =>
    template(kind).prices.find((price) => price.days === days) as RobotTemplate['prices'][number];
  const run = (user: User, id: string) => ok<RobotRunDetail>(user, '/robot/runs/detail', { id });
  const writtenBy = async (user: User) => {
    const userId = Number(user.user.id);
    return {
      runs: await count(sql`SELECT count(*) AS n FROM robot_runs WHERE user_id = ${userId}`),
      purchases: await count(sql`SELECT count(*) AS n FROM robot_purchases WHERE user_id = ${userId}`),
      licences: await count(sql`SELECT count(*) AS n FROM robot_licences WHERE user_id = ${userId}`),
      energy: await count(sql`SELECT coalesce(sum(units), 0) AS n FROM robot_energy WHERE user_id = ${userId}`),
      entries: await count(sql`SELECT count(*) AS n FROM ledger_entries`),
      messages: (await inbox(user)).length,
    };
  };
  /** A refusal answered with its code and Spanish message, that wrote nothing. */
  async function expectRefused(user: User, path: string, body: unknown, name: ResultName) {
    const before = await writtenBy(user);
    const answer = await call(user, path, body, 'es');
    expect(answer.body.code, `${path} ${answer.body.msg}`).toBe(resultCodes[name].code);
    const text = spanish.errors[name] ?? '';
    expect(text, name).not.toBe('');
    expect(answer.body.msg.startsWith(text.split('{{')[0] ?? text)).toBe(true);
    expect(await writtenBy(user)).toEqual(before);
  }
  async function fundedUser() {
    const user = await registerUser(testApp);
    await fund(user, 'BALANCE', '1000');
    await fund(user, 'STOCK', '100000');
    return user;
  }

  beforeAll(async () => {
    testApp = await startTestApp({
      configOverrides: withOperator,
      appOptions: { quoteSource: quotes, now: () => new Date(clock), marketNow: () => clock },
    });
    ledger = createLedgerService({ db: db(), logger: { error: () => undefined, info: () => undefined } });
    operator = await operatorToken(testApp);
    quotes.set('AAPL', '200', '200');
    const probe = await registerUser(testApp);
    templates = await ok<RobotTemplate[]>(probe, '/robot/templates');
    packs = await ok<RobotEnergyPack[]>(probe, '/robot/energy/packs');
  });
  afterEach(async () => {
    clock = START;
    quotes.set('AAPL', '200', '200');
    // Leave no run behind for the next test's rounds: the kill switch returns their cash.
    const killed = await testApp.call('/robots/kill-all', { isOperatorApi: true, token: operator, body: { note: 'end of test' } });
    expect(killed.body.code).toBe(200);
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('offers the four strategies with their plain-language keys, licences, rentals and energy packs, without any promised return', async () => {
    expect(templates.map((row) => row.kind).sort()).toEqual(['dca', 'grid', 'ma-cross', 'rebalance']);
    for (const row of templates) {
      expect(row.explanation).toEqual({
        does: `robots.kinds.${row.kind}.does`,
        cannot: `robots.kinds.${row.kind}.cannot`,
        loses: `robots.kinds.${row.kind}.loses`,
      });
      expect(row.prices.map((price) => price.days)).toEqual([null, 7, 30, 90]);
      expect(JSON.stringify(row)).not.toMatch(/yield|return|apy|apr/i);
    }
    expect(packs.length).toBeGreaterThan(0);
  });

  it('pays a purchase through the ledger, says so in the inbox, keeps a failed one with its reason, and refuses without writing', async () => {
    const ana = await fundedUser();
    const rental = offer('grid', 7);
    const before = new Decimal(await balance(ana, 'BALANCE'));
    const paid = await ok<RobotPurchase>(ana, '/robot/buy', { priceId: rental.id, idempotencyKey: 'rent-grid-1' });
    expect(paid).toMatchObject({ kind: 'rental', status: 'successful', days: 7, energyUnits: rental.energyIncluded });
    expect(paid.expireTimeTimestamp).toBe(START + 7 * DAY);
    // The same key answers the same purchase, paid once.
    expect((await ok<RobotPurchase>(ana, '/robot/buy', { priceId: rental.id, idempotencyKey: 'rent-grid-1' })).id).toBe(paid.id);
    expect(new Decimal(await balance(ana, 'BALANCE')).toFixed(2)).toBe(before.minus(rental.price).toFixed(2));
    expect((await ok<RobotEnergy>(ana, '/robot/energy')).units).toBe(rental.energyIncluded);
    const [told] = await inbox(ana);
    expect(told?.title).toBe('Purchase successful');
    expect(told?.content).toBe(`You paid ${rental.price} USD for a 7-day rental of the Grid robot.`);
    expect((await inbox(ana, 'es'))[0]?.content).toBe(`Usted pagó ${rental.price} USD por un alquiler de 7 días del robot Grid.`);

    // A licence the wallet cannot pay: refused, kept in the history as failed with the reason, told in the inbox.
    const bea = await registerUser(testApp);
    const answer = await call(bea, '/robot/buy', { priceId: offer('dca', null).id, idempotencyKey: 'buy-dca-1' }, 'es');
    expect(answer.body.code).toBe(resultCodes.INSUFFICIENT_FUNDS.code);
    const history = await ok<{ list: RobotPurchase[] }>(bea, '/robot/purchases', {});
    expect(history.list[0]).toMatchObject({ status: 'failed', failReason: 'INSUFFICIENT_FUNDS' });
    const [failed] = await inbox(bea, 'es');
    expect(failed?.title).toBe('Compra fallida');
    expect(failed?.content).toBe(
      `Su compra de una licencia del robot DCA falló: ${spanish.errors.INSUFFICIENT_FUNDS}. No se le cobró nada.`,
    );
    expect(await count(sql`SELECT count(*) AS n FROM robot_licences WHERE user_id = ${Number(bea.user.id)}`)).toBe(0);

    // Refusals write nothing and are worded in the reader's language.
    await ok(ana, '/robot/buy', { priceId: offer('dca', null).id, idempotencyKey: 'buy-dca-ana' });
    await expectRefused(ana, '/robot/buy', { priceId: offer('dca', null).id, idempotencyKey: 'buy-dca-again' }, 'ROBOT_ALREADY_LICENSED');
    await expectRefused(ana, '/robot/buy', { priceId: offer('grid', 30).id, idempotencyKey: 'rent-grid-1' }, 'ROBOT_KEY_REUSED');
    await expectRefused(ana, '/robot/buy', { priceId: '999999', idempotencyKey: 'buy-none-1' }, 'ROBOT_PRICE_NOT_FOUND');
    const start = { stockCode: 'AAPL', amount: '5000', idempotencyKey: 'start-refused' };
    await expectRefused(
      ana,
      '/robot/runs/start',
      { ...start, templateId: template('ma-cross').id, parameters: template('ma-cross').defaultParameters },
      'ROBOT_NO_LICENCE',
    );
    await expectRefused(
      ana,
      '/robot/runs/start',
      { ...start, templateId: template('grid').id, parameters: template('dca').defaultParameters },
      'ROBOT_KIND_MISMATCH',
    );
    await expectRefused(
      ana,
      '/robot/runs/start',
      { ...start, amount: '50', templateId: template('grid').id, parameters: template('grid').defaultParameters },
      'ROBOT_AMOUNT_TOO_SMALL',
    );
    await expectRefused(
      ana,
      '/robot/runs/start',
      { ...start, templateId: template('dca').id, parameters: { kind: 'dca', amountPerBuy: '10', intervalHours: 24 } },
      'ROBOT_PARAMETERS_INVALID',
    );
    // A bought licence without energy cannot start.
    await expectRefused(
      bea,
      '/robot/runs/start',
      { ...start, templateId: template('dca').id, parameters: template('dca').defaultParameters },
      'ROBOT_NO_LICENCE',
    );
    const cleo = await fundedUser();
    await ok(cleo, '/robot/buy', { priceId: offer('dca', null).id, idempotencyKey: 'buy-dca-cleo' });
    await expectRefused(
      cleo,
      '/robot/runs/start',
      { ...start, templateId: template('dca').id, parameters: template('dca').defaultParameters },
      'ROBOT_NO_ENERGY',
    );
  });

  it('bills one unit an hour over a simulated week and stops exactly when energy ends; the money reconciles', async () => {
    const dan = await fundedUser();
    await ok(dan, '/robot/buy', { priceId: offer('dca', null).id, idempotencyKey: 'dan-dca-1' });
    const pack = packs[0] as RobotEnergyPack;
    await ok(dan, '/robot/energy/buy', { packId: pack.id, idempotencyKey: 'dan-pack-1' });
    await ok(dan, '/robot/energy/buy', { packId: pack.id, idempotencyKey: 'dan-pack-2' });
    const units = pack.units * 2;
    const walletBefore = new Decimal(await balance(dan, 'STOCK'));
    const started = await ok<RobotRunDetail>(dan, '/robot/runs/start', {
      templateId: template('dca').id,
      stockCode: 'AAPL',
      amount: '20000',
      parameters: { kind: 'dca', amountPerBuy: '1000', intervalHours: 6 },
      idempotencyKey: 'dan-run-1',
    });
    expect(started).toMatchObject({
      status: 'in_progress',
      allocatedAmount: '20000.00',
      cash: '20000.00',
      energyUsed: 1,
      walletType: 'STOCK',
    });
    expect(new Decimal(await balance(dan, 'STOCK')).toFixed(2)).toBe(walletBefore.minus(20000).toFixed(2));
    expect((await ok<RobotEnergy>(dan, '/robot/energy')).endsAtTimestamp).toBe(START + units * HOUR);

    // A week in hourly steps, the price drifting; the run pays each hour at its start.
    for (let hour = 0; hour < 7 * 24; hour += 1) {
      clock = START + hour * HOUR + 60_000;
      const price = (200 + 10 * Math.sin(hour / 5)).toFixed(2);
      quotes.set('AAPL', price, price);
      await runJob();
      const seen = await run(dan, started.id);
      if (hour < units) {
        expect(seen.status, `hour ${hour}`).toBe('in_progress');
        expect(seen.energyUsed).toBe(hour + 1);
      } else {
        expect(seen.status, `hour ${hour}`).toBe('failed');
      }
    }
    const ended = await run(dan, started.id);
    expect(ended).toMatchObject({ status: 'failed', endReason: 'energy', energyUsed: units, cash: '0.00' });
    expect(ended.endedAtTimestamp).toBe(START + units * HOUR);
    expect((await ok<RobotEnergy>(dan, '/robot/energy')).units).toBe(0);
    expect((await inbox(dan))[0]?.title).toBe('Insufficient energy so mining stops');
    expect((await inbox(dan, 'es'))[0]?.title).toBe('Energía insuficiente, la minería se detiene');

    // Every 6 hours a buy, each a trading order of the user in their statement.
    expect(ended.tradesCount).toBe(Math.ceil(units / 6));
    const orders = await rows<{ amount: string; fee: string; quantity: string; status: number }>(
      sql`SELECT amount, fee, quantity, status FROM trading_orders WHERE user_id = ${Number(dan.user.id)} AND idempotency_key LIKE ${`robot:${started.id}:%`}`,
    );
    expect(orders.length).toBe(ended.tradesCount);
    const spent = orders.reduce((sum, order) => sum.plus(order.amount).plus(order.fee), new Decimal(0));
    const fees = orders.reduce((sum, order) => sum.plus(order.fee), new Decimal(0));
    // No money created: the wallet lost exactly what the orders cost, the run's fees are the orders' fees,
    // its income is minus those fees (nothing sold), and the ring-fenced account holds nothing once it ended.
    expect(new Decimal(await balance(dan, 'STOCK')).toFixed(2)).toBe(walletBefore.minus(spent).toFixed(2));
    expect(ended.fees).toBe(fees.toFixed(2));
    expect(ended.income).toBe(fees.negated().toFixed(2));
    expect(ended.days.reduce((sum, day) => sum.plus(day.output), new Decimal(0)).toFixed(2)).toBe(ended.income);
    expect(ended.quantity).toBe(orders.reduce((sum, order) => sum.plus(order.quantity), new Decimal(0)).toString());
    expect(await ledger.systemBalance(db(), 'ROBOT_RUNS', 'USD')).toBe('0.00');
    expect(ended.annualisedPercent).toBeNull();
    // The shares stay the user's.
    const held = await count(
      sql`SELECT coalesce(sum(quantity), 0) AS n FROM trading_positions WHERE user_id = ${Number(dan.user.id)} AND is_open`,
    );
    expect(held).toBe(Number(ended.quantity));
    // Ended: later rounds change nothing.
    clock += DAY;
    await runJob();
    expect(await run(dan, started.id)).toEqual(ended);
  });

  it('fills a replayed price path the same live and in the backtest, sells realise against cost net of fees, and a rental expires', async () => {
    const eva = await fundedUser();
    await ok(eva, '/robot/buy', { priceId: offer('grid', 7).id, idempotencyKey: 'eva-grid-1' });
    const parameters = { kind: 'grid' as const, lowerPrice: '180', upperPrice: '220', levels: 5 };
    const path = ['200', '195', '185', '178', '192', '205', '215', '221', '208', '188', '199', '212', '183', '201'];
    const live = await ok<RobotRunDetail>(eva, '/robot/runs/start', {
      templateId: template('grid').id,
      stockCode: 'AAPL',
      amount: '10000',
      parameters,
      idempotencyKey: 'eva-run-1',
    });
    for (const [index, price] of path.entries()) {
      clock = START + index * HOUR + 1000;
      quotes.set('AAPL', price, price);
      await runJob();
    }
    const after = await run(eva, live.id);
    expect(after.tradesCount).toBeGreaterThan(4);
    expect(after.orders.some((order) => order.direction === 1)).toBe(true);

    // The same prices as stored daily candles, backtested through the API.
    await db().execute(sql`DELETE FROM market_candles WHERE instrument_code = 'AAPL' AND interval = '1d'`);
    const end = START + path.length * HOUR;
    for (const [index, price] of path.entries()) {
      const at = new Date(end - (path.length - index) * DAY).toISOString();
      await db().execute(sql`INSERT INTO market_candles VALUES ('AAPL', '1d', ${at}, ${price}, ${price}, ${price}, ${price}, 1000)`);
    }
    clock = end;
    const backtest = await ok<RobotBacktest>(eva, '/robot/backtest', {
      templateId: template('grid').id,
      stockCode: 'AAPL',
      amount: '10000',
      parameters,
      days: 30,
    });
    expect(backtest.isHypothetical).toBe(true);
    expect(backtest.limitKeys.length).toBeGreaterThan(0);
    expect(backtest.candles).toBe(path.length);
    const shape = (fill: { direction: number; quantity: string; price: string; fee: string; realised: string }) =>
      [fill.direction, fill.quantity, new Decimal(fill.price).toString(), fill.fee, fill.realised].join(' ');
    expect(backtest.fills.map(shape)).toEqual(after.orders.map(shape));
    expect(backtest.income).toBe(after.income);
    expect(backtest.fees).toBe(after.fees);
    expect(backtest.profitLoss).toBe(after.profitLoss);
    expect(backtest.maxDrawdownPercent).toBe(after.maxDrawdownPercent);
    // Daily output is realised P&L net of fees: the sum of the orders' realised amounts.
    expect(after.orders.reduce((sum, order) => sum.plus(order.realised), new Decimal(0)).toFixed(2)).toBe(after.income);

    // The 7-day rental ends: the run ends at that very time (successful: its end), its cash back, and a new start is refused.
    const walletBefore = new Decimal(await balance(eva, 'STOCK'));
    const cash = (await run(eva, live.id)).cash;
    clock = START + 7 * DAY + 30 * 60_000;
    await runJob();
    const expired = await run(eva, live.id);
    expect(expired).toMatchObject({ status: 'successful', endReason: 'licence_expired', cash: '0.00' });
    expect(expired.endedAtTimestamp).toBe(START + 7 * DAY);
    expect(new Decimal(await balance(eva, 'STOCK')).toFixed(2)).toBe(walletBefore.plus(cash).toFixed(2));
    const licences = await ok<Array<{ isValid: boolean }>>(eva, '/robot/licences');
    expect(licences.map((licence) => licence.isValid)).toEqual([false]);
    await expectRefused(
      eva,
      '/robot/runs/start',
      { templateId: template('grid').id, stockCode: 'AAPL', amount: '5000', parameters, idempotencyKey: 'eva-run-2' },
      'ROBOT_NO_LICENCE',
    );
  });

  it('lets the user stop a run and operators kill one or all, audited, cash back and shares kept', async () => {
    const fay = await fundedUser();
    await ok(fay, '/robot/buy', { priceId: offer('rebalance', 30).id, idempotencyKey: 'fay-rebal-1' });
    const start = (idempotencyKey: string) =>
      ok<RobotRunDetail>(fay, '/robot/runs/start', {
        templateId: template('rebalance').id,
        stockCode: 'AAPL',
        amount: '4000',
        parameters: { kind: 'rebalance', targetPercent: 50, bandPercent: 5 },
        idempotencyKey,
      });
    const first = await start('fay-run-1');
    const second = await start('fay-run-2');
    const third = await start('fay-run-3');
    await runJob();
    const traded = await run(fay, first.id);
    expect(traded.tradesCount).toBe(1);
    expect(new Decimal(traded.quantity).times(200).toNumber()).toBeLessThanOrEqual(2000);

    const stopped = await ok<RobotRunDetail>(fay, '/robot/runs/stop', { id: first.id });
    expect(stopped).toMatchObject({ status: 'successful', endReason: 'user', cash: '0.00' });
    await expectRefused(fay, '/robot/runs/stop', { id: first.id }, 'ROBOT_RUN_ENDED');

    const op = (path: string, body?: unknown, method: 'GET' | 'POST' = 'POST') =>
      testApp.call<{ stopped: number; runIds: string[] }>(path, { isOperatorApi: true, token: operator, method, body });
    const killed = await op(`/robots/runs/${second.id}/kill`, { note: 'test kill switch' });
    expect(killed.body.data).toEqual({ stopped: 1, runIds: [second.id] });
    expect(await run(fay, second.id)).toMatchObject({ status: 'failed', endReason: 'killed' });
    expect((await inbox(fay))[0]?.title).toBe('Mining failed');
    const all = await op('/robots/kill-all', { note: 'all of them' });
    expect(all.body.data.runIds).toContain(third.id);
    expect(await count(sql`SELECT count(*) AS n FROM audit_log WHERE action = 'robot.run.kill'`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM audit_log WHERE action = 'robot.run.kill_all'`)).toBeGreaterThan(0);
    const listed = await testApp.call<{ list: Array<{ id: string; userEmail: string }> }>('/robots/runs?pageSize=100', {
      isOperatorApi: true,
      token: operator,
      method: 'GET',
    });
    expect(listed.body.data.list.map((row) => row.id)).toContain(third.id);
    expect(await ledger.systemBalance(db(), 'ROBOT_RUNS', 'USD')).toBe('0.00');
  });
});
