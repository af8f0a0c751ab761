import type { FundHolding, FundOrder, FundPlan, FundProduct, IncomeReport, Page, Wallet } from '@bolsa/contracts';
import { messageCatalog } from '@bolsa/contracts/messages';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorToken, registerUser, startTestApp, type TestApp, tinyPng, upload, withOperator } from '../../test/test-app.ts';

const es = messageCatalog.es;

const DAY = 86_400_000;
// A Sunday morning: Monday's rate is published the day before; the income of each day is posted the next morning.
let clock = new Date('2026-03-01T06:00:00Z');
const advanceDays = (days: number) => {
  clock = new Date(clock.getTime() + days * DAY);
};
const today = () => clock.toISOString().slice(0, 10);
const yesterday = () => new Date(clock.getTime() - DAY).toISOString().slice(0, 10);
const tomorrow = () => new Date(clock.getTime() + DAY).toISOString().slice(0, 10);

describe('funds: a current fund earning its published rates, plans, redemptions within a cap', () => {
  let testApp: TestApp;
  let operator: string;
  let current: FundProduct;
  let period30: FundProduct;
  let period90: FundProduct;
  let postedDay = '';

  const web = <T>(path: string, token: string, body: unknown = {}, language?: string) =>
    testApp.call<T>(`/user_fund_orders${path}`, { token, body, ...(language ? { language } : {}) });
  const ops = <T>(path: string, options: { body?: unknown; method?: 'GET' | 'POST' } = {}) =>
    testApp.call<T>(path, { isOperatorApi: true, token: operator, ...options });
  const balance = async (token: string) =>
    (await testApp.call<Wallet>('/wallet/getWalletBalance', { token, body: { walletType: 'BALANCE' } })).body.data.balance;
  const runDaily = async () => {
    await testApp.database.db.execute(sql`DELETE FROM platform_job_runs WHERE name = 'funds-daily'`);
    return testApp.app.platform.jobs.runIfDue('funds-daily');
  };
  const publish = (date: string, rateBps: number) => ops(`/funds/products/${current.id}/rates`, { body: { date, rateBps } });
  const holdingsOf = async (token: string) => (await web<FundHolding[]>('/holdings', token)).body.data;
  const counts = async () =>
    (
      await testApp.database.db.execute<{
        orders: string;
        holdings: string;
        journals: string;
        plans: string;
        rates: string;
        audit: string;
      }>(sql`
      SELECT (SELECT count(*) FROM fund_orders) AS orders, (SELECT count(*) FROM fund_holdings WHERE balance > 0) AS holdings,
             (SELECT count(*) FROM ledger_journals) AS journals, (SELECT count(*) FROM fund_plans) AS plans,
             (SELECT count(*) FROM fund_rates) AS rates, (SELECT count(*) FROM audit_log) AS audit`)
    ).rows[0];
  const messagesOf = async (token: string) =>
    (
      await testApp.call<{ list: Array<{ title: string; content: string }> }>('/userMessage/getMessage?pageSize=50', {
        token,
        method: 'GET',
        language: 'es',
      })
    ).body.data.list;

  async function investor(amount: string) {
    const user = await registerUser(testApp);
    const uploaded = await upload(testApp, user.token, tinyPng);
    const deposit = await testApp.call<{ id: string }>('/recharge/create', {
      token: user.token,
      body: { method: 'fiat', walletType: 'BALANCE', amount, screenshotUrl: uploaded.body.data?.url },
    });
    await ops(`/deposits/${deposit.body.data.id}/approve`, { body: {} });
    return user;
  }
  let keyCounter = 0;
  const key = () => {
    keyCounter += 1;
    return `fund-test-${keyCounter}-${Date.now()}`;
  };
  const buy = (token: string, product: FundProduct, amount: string, extra: object = {}) =>
    web<FundOrder>('/create', token, { productId: product.id, amount, idempotencyKey: key(), ...extra });

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { now: () => clock } });
    operator = await operatorToken(testApp);
    const products = (await ops<FundProduct[]>('/funds/products', { method: 'GET' })).body.data;
    [current, period30, period90] = products as [FundProduct, FundProduct, FundProduct];
    expect(current.kind).toBe('current');
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('posts a month of daily income that equals the rates published the day before, to the cent, with the ledger balanced', async () => {
    const rateOf = (day: number) => 200 + (day % 7) * 5;
    // Each day's rate is published the day before it starts: Monday's on Sunday.
    expect((await publish(tomorrow(), rateOf(0))).body.code).toBe(200);
    advanceDays(1);
    const user = await investor('6000');
    expect((await buy(user.token, current, '5000')).body.code).toBe(200);
    // The reference: each day earns balance × rate / 365 on the balance at its close; what is posted is the
    // running exact total rounded half up, so the income compounds into the balance from the next day.
    let exact = new Decimal(0);
    let posted = new Decimal(0);
    let held = new Decimal(5000);
    const days: Array<{ balance: Decimal; income: Decimal }> = [];
    postedDay = today();
    for (let day = 0; day < 30; day += 1) {
      const rateBps = rateOf(day);
      expect((await publish(tomorrow(), rateOf(day + 1))).body.code).toBe(200);
      advanceDays(1);
      await runDaily();
      exact = exact.plus(held.times(rateBps).div(10_000).div(365));
      const income = exact.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).minus(posted);
      posted = posted.plus(income);
      days.push({ balance: held, income });
      held = held.plus(income);
      const [holding] = await holdingsOf(user.token);
      expect({ last: holding?.lastIncome, date: holding?.lastIncomeDate, balance: holding?.balance }).toEqual({
        last: income.toFixed(2),
        date: yesterday(),
        balance: held.toFixed(2),
      });
    }
    // A second run the same morning posts nothing twice.
    await runDaily();
    const stat = (await web<{ currentAmount: string; currentIncome: string; totalAssets: string }>('/stat', user.token)).body.data;
    expect(stat).toMatchObject({ currentAmount: held.toFixed(2), currentIncome: posted.toFixed(2) });
    const report = (await ops<IncomeReport>(`/funds/products/${current.id}/income?date=${yesterday()}`, { method: 'GET' })).body.data;
    expect(report.isPosted).toBe(true);
    expect(report.isReconciled).toBe(true);
    const ledger = (await ops<{ isBalanced: boolean }>('/ledger/reconciliation', { method: 'GET' })).body.data;
    expect(ledger.isBalanced).toBe(true);
    // The 7-day yield is the income actually posted over the balances it was posted on, a year of it.
    const product = (await web<Page<FundProduct>>('/productPageList', user.token, {})).body.data.list.find((row) => row.id === current.id);
    expect(product?.sevenDayYieldDays).toBe(7);
    const week = days.slice(-7);
    const weekIncome = week.reduce((total, day) => total.plus(day.income), new Decimal(0));
    const weekBalance = week.reduce((total, day) => total.plus(day.balance), new Decimal(0));
    expect(product?.sevenDayYield).toBe(weekIncome.div(weekBalance).times(36_500).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4));
  });

  it("refuses a rate for a day already started, in the operator's language, writing nothing; tomorrow's can be corrected until it starts", async () => {
    const publishIn = (date: string, rateBps: number) =>
      testApp.call(`/funds/products/${current.id}/rates`, {
        isOperatorApi: true,
        token: operator,
        body: { date, rateBps },
        language: 'es',
      });
    const before = await counts();
    for (const day of [today(), yesterday(), postedDay]) {
      const refused = await publishIn(day, 999);
      expect(refused.body).toMatchObject({ code: 8217, msg: es.errors.FUND_RATE_NOT_AHEAD });
    }
    expect(await counts()).toEqual(before);
    // Tomorrow's rate, published and corrected while tomorrow has not started.
    expect((await publish(tomorrow(), 150)).body.code).toBe(200);
    expect((await publish(tomorrow(), 205)).body.code).toBe(200);
    advanceDays(1);
    // Now that day has started: its rate is fixed, only the next day's can be published.
    const started = today();
    expect((await publishIn(started, 300)).body.code).toBe(8217);
    expect((await publish(tomorrow(), 210)).body.code).toBe(200);
    advanceDays(1);
    await runDaily();
    const report = (await ops<IncomeReport>(`/funds/products/${current.id}/income?date=${started}`, { method: 'GET' })).body.data;
    expect(report).toMatchObject({ rateBps: 205, isPosted: true, isReconciled: true });
    expect(report.holders).toBeGreaterThan(0);
  });

  it('runs a weekly plan over a quarter, pauses once when the money is short and says so, and resumes', async () => {
    const user = await investor('350');
    const plan = await web<FundPlan>('/plans/create', user.token, {
      productId: current.id,
      amount: '100',
      frequency: 'weekly',
      day: 3,
      idempotencyKey: key(),
    });
    expect(plan.body.data).toMatchObject({ status: 'active', frequency: 'weekly', day: 3 });
    const runs: string[] = [];
    let topped = false;
    for (let day = 0; day < 91; day += 1) {
      await publish(tomorrow(), 210);
      advanceDays(1);
      await runDaily();
      const [state] = (await web<FundPlan[]>('/plans', user.token)).body.data;
      if (state?.status === 'paused' && !topped) {
        runs.push(`paused:${state.shortOn}:${state.pauseReason}`);
        topped = true;
        const deposit = await testApp.call<{ id: string }>('/recharge/create', {
          token: user.token,
          body: {
            method: 'fiat',
            walletType: 'BALANCE',
            amount: '1000',
            screenshotUrl: (await upload(testApp, user.token, tinyPng)).body.data?.url,
          },
        });
        await ops(`/deposits/${deposit.body.data.id}/approve`, { body: {} });
        expect((await web<FundPlan>('/plans/resume', user.token, { id: state.id })).body.data.status).toBe('active');
      }
    }
    const [final] = (await web<FundPlan[]>('/plans', user.token)).body.data;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatch(/^paused:\d{4}-\d{2}-\d{2}:short_money$/);
    // 13 Wednesdays in the quarter, one of them short: 12 purchases of 100.
    expect(final).toMatchObject({ status: 'active', runCount: 12, investedTotal: '1200.00' });
    const inbox = await messagesOf(user.token);
    expect(
      inbox.some((message) => message.title === 'Inversión periódica pausada' && message.content.includes('No se le cobró nada')),
    ).toBe(true);
    expect(inbox.filter((message) => message.title === 'Inversión periódica mañana').length).toBeGreaterThanOrEqual(12);
    expect((await web<FundPlan>('/plans/end', user.token, { id: final?.id })).body.data.status).toBe('ended');
  });

  it('redeems instantly up to the daily cap and the rest the next business day, shown before confirming', async () => {
    // A Friday: the rest arrives on Monday at 09:00 UTC.
    clock = new Date('2026-07-03T10:00:00Z');
    const user = await investor('15000');
    await buy(user.token, current, '15000');
    const [holding] = await holdingsOf(user.token);
    const quote = await web<{ instantAmount: string; deferredAmount: string; arrivalTimestamp: number }>('/redeemQuote', user.token, {
      holdingId: holding?.id,
      amount: '12000',
    });
    expect(quote.body.data).toMatchObject({
      instantAmount: '10000.00',
      deferredAmount: '2000.00',
      arrivalTimestamp: Date.parse('2026-07-06T09:00:00Z'),
    });
    const order = await web<FundOrder>('/redeem', user.token, { holdingId: holding?.id, amount: '12000', idempotencyKey: key() });
    expect(order.body.data).toMatchObject({ status: 'pending', instantAmount: '10000.00', deferredAmount: '2000.00' });
    expect(await balance(user.token)).toBe('10000.00');
    clock = new Date('2026-07-06T09:30:00Z');
    await runDaily();
    expect(await balance(user.token)).toBe('12000.00');
    const orders = (await web<Page<FundOrder>>('/pageList', user.token, { pageNum: 1, pageSize: 10 })).body.data.list;
    expect(orders[0]).toMatchObject({ kind: 'redemption', status: 'done' });
    expect((await messagesOf(user.token)).some((message) => message.title === 'Rescate acreditado')).toBe(true);
  });

  it("shares one day's instant cap between redemptions sent at once", async () => {
    clock = new Date('2026-07-07T10:00:00Z');
    const user = await investor('12000');
    await buy(user.token, current, '12000');
    const [holding] = await holdingsOf(user.token);
    const orders = await Promise.all(
      ['6000', '6000'].map((amount) => web<FundOrder>('/redeem', user.token, { holdingId: holding?.id, amount, idempotencyKey: key() })),
    );
    const instant = orders.reduce((total, order) => total.plus(order.body.data.instantAmount), new Decimal(0));
    const deferred = orders.reduce((total, order) => total.plus(order.body.data.deferredAmount), new Decimal(0));
    expect({ instant: instant.toFixed(2), deferred: deferred.toFixed(2) }).toEqual({ instant: '10000.00', deferred: '2000.00' });
    expect(await balance(user.token)).toBe('10000.00');
  });

  it('pays a period product at maturity with the income stated at purchase, and enforces the early-redemption rules', async () => {
    const user = await investor('2000');
    expect((await buy(user.token, period30, '1000', { confirmedRateBps: 250 })).body.code).toBe(8206);
    await buy(user.token, period30, '1000', { confirmedRateBps: period30.rateBps });
    await buy(user.token, period90, '600', { confirmedRateBps: period90.rateBps });
    const holdings = await holdingsOf(user.token);
    const thirty = holdings.find((row) => row.productId === period30.id);
    const ninety = holdings.find((row) => row.productId === period90.id);
    // 1000 × 3 % × 30 / 365 = 2.4657… → 2.47.
    expect(thirty?.incomeAtMaturity).toBe('2.47');
    const refused = await web('/redeemQuote', user.token, { holdingId: ninety?.id, amount: '600' }, 'es');
    expect(refused.body).toMatchObject({ code: 8205, msg: es.errors.FUND_EARLY_REDEMPTION_NOT_ALLOWED });
    // At maturity, redeemed by the user before the job ran: the principal and the income stated at purchase.
    advanceDays(30);
    const matured = await web<FundOrder>('/redeem', user.token, { holdingId: thirty?.id, amount: '1000.00', idempotencyKey: key() });
    expect(matured.body.code).toBe(200);
    await runDaily();
    expect(await balance(user.token)).toBe('1402.47');
    // The 90-day product, paid by the job at its maturity, once, and the user told.
    advanceDays(60);
    await runDaily();
    await runDaily();
    expect(await balance(user.token)).toBe(new Decimal('1402.47').plus(600).plus('5.55').toFixed(2));
    expect((await messagesOf(user.token)).filter((message) => message.title === 'Producto a plazo vencido')).toHaveLength(1);
  });

  it('refuses in the user language and writes nothing', async () => {
    const user = await investor('50');
    const before = await counts();
    const below = await buy(user.token, period90, '100', { confirmedRateBps: period90.rateBps });
    const short = await web('/create', user.token, { productId: current.id, amount: '80', idempotencyKey: key() }, 'es');
    const badDay = await web(
      '/plans/create',
      user.token,
      { productId: current.id, amount: '10', frequency: 'weekly', day: 9, idempotencyKey: key() },
      'es',
    );
    expect(below.body.code).toBe(8202);
    expect(short.body).toMatchObject({ code: 4001 });
    expect(badDay.body).toMatchObject({ code: 8210, msg: es.errors.FUND_PLAN_DAY_INVALID });
    expect(await counts()).toEqual(before);
    await buy(user.token, current, '40');
    const [holding] = await holdingsOf(user.token);
    const over = await web('/redeem', user.token, { holdingId: holding?.id, amount: '41', idempotencyKey: key() }, 'es');
    expect(over.body).toMatchObject({
      code: 8204,
      msg: es.errors.FUND_REDEEM_OVER_BALANCE.replace('{{balance}}', '40.00').replace('{{currency}}', 'USD'),
    });
  });
});
