import { currencyOfWallet, type WalletType } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { operatorToken, registerUser, rightLeverageAnswers, startTestApp, type TestApp, withOperator } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';

type Order = { id: string; status: number; margin: string | null };
type Acknowledgement = { isAcknowledged: boolean; acknowledgedAt: number | null };
type Rules = { leverageMin: number; leverageMax: number };

/**
 * Leverage with care (issue 15 §11): retail leverage limits in line with ESMA's by default, and before a
 * user's first leveraged order an appropriateness check and a risk disclosure, recorded once.
 */
describe('trading: leverage limits by class, and the check before a first leveraged order', () => {
  const quotes = scriptedQuotes();
  let testApp: TestApp;
  let ledger: LedgerService;
  let keyCounter = 0;
  const key = () => {
    keyCounter += 1;
    return `leverage-key-${Date.now().toString(36)}-${keyCounter}`;
  };
  const call = <T>(path: string, token: string, body?: unknown, language = 'en') =>
    testApp.call<T>(path, { token, language, ...(body === undefined ? {} : { body }) });
  const fund = async (userId: string, walletType: WalletType, amount: string) => {
    await ledger.post(testApp.database.db, {
      idempotencyKey: `leverage-fund:${userId}:${walletType}:${key()}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
        { account: { userId: Number(userId), walletType }, amount },
      ],
    });
  };
  const buyEurusd = (token: string, leverage: number, language = 'en') =>
    call<Order>('/forex/create', token, { stockCode: 'EURUSD', direction: 0, quantity: '1000', leverage, idempotencyKey: key() }, language);
  const acknowledgements = async (userId: string) =>
    (
      await testApp.database.db.execute<{ answers: Record<string, string>; questions_version: string }>(
        sql`SELECT answers, questions_version FROM trading_leverage_acknowledgements WHERE user_id = ${Number(userId)}`,
      )
    ).rows;

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { quoteSource: quotes } });
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    quotes.set('EURUSD', '1.16000', '1.16002');
    quotes.set('USDTWD', '32.000', '32.010');
    quotes.set('AAPL', '199.99', '200.01');
  });
  afterEach(async () => {
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('refuses a first leveraged order until the check is answered, records the answers once, then accepts; 1× never asks', async () => {
    const eva = await registerUser(testApp, undefined, undefined, { hasLeverageCheck: false });
    await fund(eva.user.id, 'FOREX', '2000');
    await fund(eva.user.id, 'STOCK', '1000');

    // 1×: never asks.
    expect((await buyEurusd(eva.token, 1)).body).toMatchObject({ code: 200, data: { status: 1 } });
    const cash = await call<Order>('/stock/create', eva.token, { stockCode: 'AAPL', direction: 0, quantity: '1', idempotencyKey: key() });
    expect(cash.body).toMatchObject({ code: 200, data: { status: 1 } });
    expect(await call<Acknowledgement>('/trading/leverageAcknowledgement', eva.token, {})).toMatchObject({
      body: { code: 200, data: { isAcknowledged: false, acknowledgedAt: null } },
    });

    // Leveraged, not yet acknowledged: refused, translated, writing nothing.
    const ordersBefore = (await testApp.database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM trading_orders`)).rows[0]?.n;
    const refused = await buyEurusd(eva.token, 10);
    expect(refused.body).toMatchObject({
      code: 5018,
      msg: 'Before your first leveraged trade, answer the questions and read the risk notice',
      data: null,
    });
    const inSpanish = await buyEurusd(eva.token, 10, 'es');
    expect(inSpanish.body.msg).toBe('Antes de su primera operación apalancada, responda las preguntas y lea el aviso de riesgo');
    expect((await testApp.database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM trading_orders`)).rows[0]?.n).toBe(ordersBefore);

    // A wrong answer records nothing; a missing acceptance is bad input.
    const wrong = await call('/trading/acknowledgeLeverage', eva.token, {
      ...rightLeverageAnswers,
      answers: { ...rightLeverageAnswers.answers, loss: 'nothing' },
    });
    expect(wrong.body).toMatchObject({ code: 5019, msg: 'An answer is not right: read the explanation and try again', data: null });
    const unaccepted = await call('/trading/acknowledgeLeverage', eva.token, { answers: rightLeverageAnswers.answers });
    expect(unaccepted.body.code).not.toBe(200);
    expect(await acknowledgements(eva.user.id)).toEqual([]);
    expect((await buyEurusd(eva.token, 10)).body.code).toBe(5018);

    // Answered right: recorded once with the version of the questions; the leveraged order is accepted.
    const answered = await call<Acknowledgement>('/trading/acknowledgeLeverage', eva.token, rightLeverageAnswers);
    expect(answered.body).toMatchObject({ code: 200, data: { isAcknowledged: true } });
    expect(answered.body.data.acknowledgedAt).toEqual(expect.any(Number));
    expect(await acknowledgements(eva.user.id)).toEqual([
      { answers: { loss: 'allMargin', effect: 'tenPercent', stopOut: 'closed' }, questions_version: 'v1' },
    ]);
    // 1,000 × 1.16002 = 1,160.02 at 10×: margin 116.01 (rounded up).
    expect((await buyEurusd(eva.token, 10)).body).toMatchObject({ code: 200, data: { status: 1, margin: '116.01' } });
    const again = await call<Acknowledgement>('/trading/acknowledgeLeverage', eva.token, rightLeverageAnswers);
    expect(again.body.data.acknowledgedAt).toBe(answered.body.data.acknowledgedAt);
    expect(await acknowledgements(eva.user.id)).toHaveLength(1);
  });

  it('limits leverage by default as ESMA does for retail: 30× major pairs, 20× minor pairs, gold and major indices, 10× other commodities, 5× stocks', async () => {
    const user = await registerUser(testApp);
    const front = (root: string) => {
      const found = testApp.app.market.catalog.instruments.find((instrument) => instrument.root === root);
      if (!found) throw new Error(`no ${root} contract`);
      return found.code;
    };
    const maxOf = async (code: string) => {
      const answer = await call<Rules>('/stocka_config/getMinCount', user.token, { stockCode: code });
      if (answer.body.code !== 200) throw new Error(`${code}: ${answer.body.msg}`);
      return answer.body.data.leverageMax;
    };
    const expected: Array<[string, number]> = [
      ['EURUSD', 30],
      ['USDTWD', 20],
      [front('GC'), 20],
      [front('ES'), 20],
      ['AAPL', 5],
    ];
    const found: Array<[string, number]> = [];
    for (const [code] of expected) found.push([code, await maxOf(code)]);
    expect(found).toEqual(expected);

    // Above the default is refused with the limit in force; at it, accepted.
    await fund(user.user.id, 'FOREX', '1000');
    expect((await buyEurusd(user.token, 31)).body).toMatchObject({ code: 5004, msg: 'Leverage must be between 1 and 30' });
    expect((await buyEurusd(user.token, 30)).body).toMatchObject({ code: 200, data: { status: 1 } });
    const minor = await call('/forex/create', user.token, {
      stockCode: 'USDTWD',
      direction: 0,
      quantity: '1000',
      leverage: 21,
      idempotencyKey: key(),
    });
    expect(minor.body).toMatchObject({ code: 5004, msg: 'Leverage must be between 1 and 20' });

    // The console shows each instrument's default in force, and operators change it through the audited settings.
    const operator = await operatorToken(testApp);
    const operatorCall = <T>(path: string, body?: unknown) =>
      testApp.call<T>(path, {
        isOperatorApi: true,
        token: operator,
        language: 'en',
        ...(body === undefined ? { method: 'GET' } : { body }),
      });
    type Listed = { list: Array<{ code: string; effective: Rules }> };
    const listed = await operatorCall<Listed>('/instruments?query=USDTWD');
    expect(listed.body.data.list.find((row) => row.code === 'USDTWD')?.effective).toMatchObject({ leverageMin: 1, leverageMax: 20 });
    expect((await operatorCall('/markets/2/settings', { leverageMax: 50 })).body.code).toBe(200);
    expect([await maxOf('EURUSD'), await maxOf('USDTWD')]).toEqual([50, 50]);
    expect((await operatorCall('/instruments/USDTWD/settings', { leverageMax: 10 })).body.code).toBe(200);
    expect([await maxOf('EURUSD'), await maxOf('USDTWD')]).toEqual([50, 10]);
    await operatorCall('/instruments/USDTWD/settings', { leverageMax: null });
    await operatorCall('/markets/2/settings', { leverageMax: null });
    expect([await maxOf('EURUSD'), await maxOf('USDTWD')]).toEqual([30, 20]);
  });
});
