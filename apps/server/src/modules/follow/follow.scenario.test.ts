import type { FollowOrder, Institution, Wallet } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditCount } from '../../test/operators.ts';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { operatorToken, registerUser, startTestApp, type TestApp, withOperator } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';
import { seedDemoInstitutions } from './follow.demo.ts';
import { settlementOf } from './follow.fees.ts';

const MINUTE = 60_000;
let clock = new Date('2026-11-18T15:00:00Z');
const rightAnswers = { answers: { canLose: 'yes', canWithdrawEarly: 'no', pastIsPromise: 'no' }, acceptsRiskWarning: true };

describe('follow: an institution followed from the hold to its settlement at NAV', () => {
  const quotes = scriptedQuotes();
  let testApp: TestApp;
  let ledger: LedgerService;
  let admin: string;
  let keyCounter = 0;
  /** The follower of the second scenario, whose high-water mark the last one reads. */
  let follower: { token: string };
  const key = () => {
    keyCounter += 1;
    return `follow-key-${keyCounter}`;
  };
  const call = <T>(path: string, token: string, body?: unknown, language = 'en', method: 'GET' | 'POST' = 'POST') =>
    testApp.call<T>(path, { token, language, method, ...(body === undefined ? {} : { body }) });
  const op = <T>(path: string, body?: unknown, method: 'GET' | 'POST' = 'POST') =>
    testApp.call<T>(path, { isOperatorApi: true, token: admin, method, ...(body === undefined ? {} : { body }) });
  const wallet = async (token: string) => (await call<Wallet>('/wallet/getWalletBalance', token, { walletType: 'FOLLOW' })).body.data;
  const counts = async () =>
    (
      await testApp.database.db.execute<{ orders: string; holds: string; journals: string }>(sql`
        SELECT (SELECT count(*) FROM follow_orders) AS orders, (SELECT count(*) FROM ledger_holds) AS holds,
               (SELECT count(*) FROM ledger_journals) AS journals`)
    ).rows[0];
  const runMinute = async () => {
    await testApp.database.db.execute(sql`DELETE FROM platform_job_runs WHERE name = 'follow-nav'`);
    expect(await testApp.app.platform.jobs.runIfDue('follow-nav')).toBe(true);
  };
  const orders = async (token: string) => (await call<{ list: FollowOrder[] }>('/userFollowInvest/pageList', token, {})).body.data.list;

  async function fundedUser(amount: string) {
    const user = await registerUser(testApp);
    await ledger.post(testApp.database.db, {
      idempotencyKey: `test-fund:${user.user.id}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: 'USD' }, amount: `-${amount}` },
        { account: { userId: Number(user.user.id), walletType: 'FOLLOW' }, amount },
      ],
    });
    return user;
  }

  const institutionBody = {
    name: 'Scenario Model',
    description: 'Sixty per cent AAPL, thirty MSFT, ten cash.',
    managementFeeRate: '0.02',
    performanceFeeRate: '0.1',
    periodsMinutes: [60, 1440],
    weights: [
      { code: 'AAPL', weight: '0.6' },
      { code: 'MSFT', weight: '0.3' },
    ],
  };

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { quoteSource: quotes, now: () => clock } });
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    admin = await operatorToken(testApp);
    quotes.set('AAPL', '200', '200.1');
    quotes.set('MSFT', '400', '400.2');
  });
  afterEach(async () => {
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('creates an institution at NAV 1 only with valid weights and live quotes, audited', async () => {
    const audits = await auditCount(testApp);
    const tooMuch = await op('/follow/institutions', {
      ...institutionBody,
      weights: [
        { code: 'AAPL', weight: '0.8' },
        { code: 'MSFT', weight: '0.3' },
      ],
    });
    expect(tooMuch.body.code).toBe(8308);
    const notStock = await op('/follow/institutions', { ...institutionBody, weights: [{ code: 'EURUSD', weight: '0.5' }] });
    expect(notStock.body.code).toBe(8308);
    const noQuote = await op('/follow/institutions', { ...institutionBody, weights: [{ code: 'GEV', weight: '0.5' }] });
    expect(noQuote.body.code).toBe(8309);
    expect(await auditCount(testApp)).toBe(audits);
    const created = await op<Institution>('/follow/institutions', institutionBody);
    expect(created.body.code, created.body.msg).toBe(200);
    expect(created.body.data).toMatchObject({ nav: '1', followers: 0 });
    expect(created.body.data.weights.map((entry) => [entry.code, entry.weight])).toEqual([
      ['AAPL', '0.6'],
      ['MSFT', '0.3'],
    ]);
    expect(await auditCount(testApp)).toBe(audits + 1);
  });

  it('follows within 100 and 1,000,000 after the check, buys units at the cut-off, refuses a sale, and settles at NAV with fees', async () => {
    const [institution] = (await testApp.call<Institution[]>('/userFollowInvest/getInvestAgencyList', { method: 'GET' })).body.data;
    if (!institution) throw new Error('no institution');
    const user = await fundedUser('1000100');
    follower = user;
    const follow = (amount: string, periodMinutes = 60, stopLossPercent: number | null = null) =>
      call<FollowOrder>(
        '/userFollowInvest/add',
        user.token,
        { institutionId: institution.id, amount, periodMinutes, stopLossPercent, idempotencyKey: key() },
        'es',
      );
    const before = await counts();

    // The check comes first; a wrong answer records nothing. Every refusal is in the user's language and writes nothing.
    expect((await follow('1000')).body).toMatchObject({
      code: 8303,
      msg: 'Antes de su primer seguimiento, responda las preguntas sobre sus riesgos',
    });
    const wrong = await call('/userFollowInvest/appropriateness', user.token, {
      ...rightAnswers,
      answers: { ...rightAnswers.answers, canLose: 'no' },
    });
    expect(wrong.body.code).toBe(8304);
    expect((await call('/userFollowInvest/appropriateness', user.token, rightAnswers)).body.data).toMatchObject({ isDone: true });
    expect((await follow('99.99')).body).toMatchObject({ code: 8301, msg: 'El importe debe estar entre 100 y 1000000 USD' });
    expect((await follow('1000000.01')).body.code).toBe(8301);
    expect((await follow('1000', 30)).body.code).toBe(8302);
    expect(await counts()).toEqual(before);

    // Both bounds are accepted: held on FOLLOW (wait confirm).
    const large = await follow('1000000');
    expect(large.body.data).toMatchObject({ status: 'wait_confirm', subscriptionAmount: '1000000.00', units: null });
    const small = await follow('100', 1440, 5);
    expect(small.body.data.status).toBe('wait_confirm');
    expect(await wallet(user.token)).toMatchObject({ balance: '1000100.00', availableBalance: '0.00' });

    // Cannot be sold after ordering (spec §5): refused, translated, nothing written.
    const during = await counts();
    const sale = await call('/userFollowInvest/sell', user.token, { id: large.body.data.id }, 'es');
    expect(sale.body.code).toBe(8305);
    expect(sale.body.msg).toMatch(/^Un seguimiento no puede venderse antes de que termine su plazo, el 2026-11-18 16:00/);
    expect(await counts()).toEqual(during);

    // The cut-off buys units at NAV 1; the lock runs from it.
    await runMinute();
    const confirmed = await orders(user.token);
    expect(confirmed.map((order) => [order.status, order.units, order.entryNav])).toEqual([
      ['to_be_settled', '100', '1'],
      ['to_be_settled', '1000000', '1'],
    ]);
    expect((await call('/userFollowInvest/sell', user.token, { id: large.body.data.id })).body.code).toBe(8305);

    // AAPL 210 and MSFT 380: NAV 0.003 × 210 + 0.00075 × 380 + 0.1 = 1.015. After 61 minutes the hour follow ends:
    // gross 1,015,000.00; management 1,015,000 × 2 % × 61 ÷ 525,600 = 2.36; performance 1,000,000 × 0.015 × 10 % = 1,500.00.
    quotes.set('AAPL', '210', '210.1');
    quotes.set('MSFT', '380', '380.2');
    clock = new Date(clock.getTime() + 61 * MINUTE);
    await runMinute();
    const [stillLocked, settled] = await orders(user.token);
    expect(settled).toMatchObject({
      status: 'settled',
      endReason: 'matured',
      exitNav: '1.015',
      managementFee: '2.36',
      performanceFee: '1500.00',
      payout: '1013497.64',
      result: '13497.64',
      totalAmount: '1013497.64',
    });
    expect(stillLocked).toMatchObject({ status: 'to_be_settled', totalAmount: '101.50' });
    expect((await call('/userFollowInvest/sell', user.token, { id: settled?.id })).body.code).toBe(8307);

    // AAPL falls to 180: NAV 0.925, the small follow lost 7.5 % > its 5 % limit and ends early at NAV.
    quotes.set('AAPL', '180', '180.1');
    clock = new Date(clock.getTime() + MINUTE);
    await runMinute();
    const [stopped] = await orders(user.token);
    expect(stopped).toMatchObject({ status: 'settled', endReason: 'stop_loss', exitNav: '0.925', payout: '92.50', performanceFee: '0.00' });
    expect(await wallet(user.token)).toMatchObject({ balance: '1013590.14', availableBalance: '1013590.14' });

    // Each state reached the user as a message.
    const inbox = await call<{ list: Array<{ title: string }> }>('/userMessage/getMessage?pageSize=20', user.token, undefined, 'en', 'GET');
    expect(inbox.body.data.list.map((message) => message.title)).toEqual(
      expect.arrayContaining(['Follow received', 'Follow confirmed', 'Follow settled', 'Follow stopped at your loss limit']),
    );

    // The list shows the record honestly: the followers' median result after fees (+1.349764 % and −7.5 %: −3.0751 %)
    // beside the portfolio's own over the same follows (+1.5 % and −7.5 %: −3 %); the day's close is the drawdown's.
    const [listed] = (await testApp.call<Institution[]>('/userFollowInvest/getInvestAgencyList', { method: 'GET' })).body.data;
    expect(listed).toMatchObject({
      nav: '0.925',
      followers: 0,
      settledFollows: 2,
      maxDrawdown: '-0.075',
      followersMedianResult: '-0.030751',
      portfolioMedianResult: '-0.03',
    });
    expect(listed?.returns.sinceInception).toBe('-0.075');
  });

  it('rebalances at today’s NAV, audited and shown to followers with its time; the console lists the follows', async () => {
    const [institution] = (await op<Institution[]>('/follow/institutions', undefined, 'GET')).body.data;
    if (!institution) throw new Error('no institution');
    const audits = await auditCount(testApp);
    const rebalanced = await op<Institution>(`/follow/institutions/${institution.id}/rebalance`, {
      weights: [{ code: 'MSFT', weight: '1' }],
      note: 'All in MSFT',
    });
    expect(rebalanced.body.code, rebalanced.body.msg).toBe(200);
    expect(rebalanced.body.data.nav).toBe('0.925');
    expect(rebalanced.body.data.rebalances.map((change) => [change.note, change.atTimestamp])).toEqual([
      ['All in MSFT', clock.getTime()],
      ['', expect.any(Number)],
    ]);
    expect(await auditCount(testApp)).toBe(audits + 1);
    const followers = await op<Array<{ userEmail: string; status: string }>>(
      `/follow/institutions/${institution.id}/followers`,
      undefined,
      'GET',
    );
    expect(followers.body.data).toHaveLength(2);
    expect(followers.body.data[0]?.userEmail).toMatch(/@/);
  });

  it('charges a later follow a performance fee only above the follower’s high-water mark, not from its entry', async () => {
    // The follower was charged up to NAV 1.015 already. A new follow enters at 0.925 (all MSFT at 380) and MSFT
    // rises to 432 (NAV ≈ 1.0516): the gain from 0.925 to 1.015 was charged before, so only the part above 1.015 is.
    const [institution] = (await testApp.call<Institution[]>('/userFollowInvest/getInvestAgencyList', { method: 'GET' })).body.data;
    const added = await call<FollowOrder>('/userFollowInvest/add', follower.token, {
      institutionId: institution?.id,
      amount: '1000',
      periodMinutes: 60,
      idempotencyKey: key(),
    });
    expect(added.body.code, added.body.msg).toBe(200);
    clock = new Date(clock.getTime() + MINUTE);
    await runMinute();
    quotes.set('MSFT', '432', '432.2');
    clock = new Date(clock.getTime() + 61 * MINUTE);
    await runMinute();
    const [settled] = await orders(follower.token);
    expect(settled).toMatchObject({ status: 'settled', entryNav: '0.925' });
    const units = new Decimal(settled?.units ?? 0);
    const exit = new Decimal(settled?.exitNav ?? 0);
    expect(exit.greaterThan('1.05')).toBe(true);
    const aboveMark = units.times(exit.minus('1.015')).times('0.1').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const fromEntry = units.times(exit.minus('0.925')).times('0.1').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(settled?.performanceFee).toBe(aboveMark.toFixed(2));
    expect(aboveMark.lessThan(fromEntry.div(3))).toBe(true);
  });
  it('settles each follow by the fee terms it was made under: a fee change reaches only the follows made after it', async () => {
    const [institution] = (await testApp.call<Institution[]>('/userFollowInvest/getInvestAgencyList', { method: 'GET' })).body.data;
    if (!institution) throw new Error('no institution');
    const followOnce = async () => {
      const user = await fundedUser('1000');
      await call('/userFollowInvest/appropriateness', user.token, rightAnswers);
      const added = await call<FollowOrder>('/userFollowInvest/add', user.token, {
        institutionId: institution.id,
        amount: '1000',
        periodMinutes: 60,
        idempotencyKey: key(),
      });
      expect(added.body.code, added.body.msg).toBe(200);
      return user;
    };
    const before = await followOnce();
    // The operator raises both fees: 5 % a year and 30 % of the gain, from now on.
    const changed = await op<Institution>(`/follow/institutions/${institution.id}`, {
      ...institutionBody,
      managementFeeRate: '0.05',
      performanceFeeRate: '0.3',
    });
    expect(changed.body.code, changed.body.msg).toBe(200);
    const after = await followOnce();
    // Each follow shows its own terms (the follow page lists them), and the institution the new ones.
    expect((await orders(before.token)).map((order) => [order.managementFeeRate, order.performanceFeeRate])).toEqual([['0.02', '0.1']]);
    expect((await orders(after.token)).map((order) => [order.managementFeeRate, order.performanceFeeRate])).toEqual([['0.05', '0.3']]);
    const [listed] = (await testApp.call<Institution[]>('/userFollowInvest/getInvestAgencyList', { method: 'GET' })).body.data;
    expect([listed?.managementFeeRate, listed?.performanceFeeRate]).toEqual(['0.05', '0.3']);

    // Both buy at the same cut-off and end together after MSFT rises from 432 to 450.
    clock = new Date(clock.getTime() + MINUTE);
    await runMinute();
    quotes.set('MSFT', '450', '450.2');
    clock = new Date(clock.getTime() + 61 * MINUTE);
    await runMinute();
    const [early] = await orders(before.token);
    const [late] = await orders(after.token);
    expect([early?.status, late?.status]).toEqual(['settled', 'settled']);
    expect(early?.entryNav).toBe(late?.entryNav);
    const expected = (order: FollowOrder | undefined, managementFeeRate: string, performanceFeeRate: string) => {
      const outcome = settlementOf({
        units: order?.units ?? 0,
        entryNav: order?.entryNav ?? 0,
        exitNav: order?.exitNav ?? 0,
        highWaterMark: null,
        managementFeeRate,
        performanceFeeRate,
        minutesHeld: 61,
      });
      return { managementFee: outcome.managementFee.toFixed(2), performanceFee: outcome.performanceFee.toFixed(2) };
    };
    expect(early).toMatchObject(expected(early, '0.02', '0.1'));
    expect(late).toMatchObject(expected(late, '0.05', '0.3'));
    // The change was large enough to tell the two apart.
    expect(new Decimal(late?.performanceFee ?? 0).greaterThan(new Decimal(early?.performanceFee ?? 0).times(2))).toBe(true);
  });
  it('describes the demo institutions in the language of the request, in each of the eight', async () => {
    // Three daily closes of every stock, enough for an inception and a record.
    const history = async (code: string) =>
      [3, 2, 1].map((back) => {
        const close = code === 'TSLA' ? '250' : '150';
        return {
          code,
          interval: '1d' as const,
          time: clock.getTime() - back * 86_400_000,
          open: close,
          high: close,
          low: close,
          close,
          volume: '1',
        };
      });
    await seedDemoInstitutions(testApp.database.db, history, () => clock);
    const described = async (language: string) =>
      new Map(
        (await testApp.call<Institution[]>('/userFollowInvest/getInvestAgencyList', { method: 'GET', language })).body.data.map((row) => [
          row.name,
          row.description,
        ]),
      );
    const es = await described('es');
    expect(es.get('Andes US Technology Model')).toMatch(/^Acciones tecnológicas de EE\. UU\./);
    expect(es.get('Pampa Balanced Model')).toMatch(/^La mitad en tres grandes acciones/);
    const seen = new Set<string>();
    for (const language of ['es', 'en', 'de', 'hi', 'ja', 'th', 'zh-CN', 'zh-TW']) {
      const text = (await described(language)).get('Pampa Balanced Model') ?? '';
      expect(text, language).not.toBe('');
      seen.add(text);
    }
    expect(seen.size).toBe(8);
    // An institution written by an operator in one language reads the same in every one.
    expect((await described('ja')).get('Scenario Model')).toBe(institutionBody.description);
  });
});
