import {
  accountApi,
  articlesApi,
  bankCardApi,
  blockTradeApi,
  depositApi,
  followApi,
  kycApi,
  leverageApi,
  loanApi,
  messagesApi,
  productsApi,
  tradingApi,
  transferApi,
  walletApi,
  withdrawalApi,
} from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerUser, startTestApp, type TestApp } from './test/test-app.ts';

type Case = { name: string; path: string; raw?: string; body?: unknown };

const wrongValues: Array<[string, unknown]> = [
  ['a number', 12345],
  ['an array', ['a']],
  ['an object', { nested: true }],
  ['null', null],
  ['a boolean', true],
  ['an over-long string', 'x'.repeat(10_000)],
  ['an empty string', ''],
];

/** Builds the bad requests for every account endpoint from its contract: each field broken in each way, plus broken bodies. */
function casesFor(name: string, spec: { path: string; body?: z.ZodType | undefined }): Case[] {
  const cases: Case[] = [
    { name: `${name}: malformed JSON`, path: spec.path, raw: '{"email": ' },
    { name: `${name}: a 2 MB body`, path: spec.path, raw: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }) },
  ];
  // An endpoint without a body (logout, user info) ignores a well-formed one; only unreadable bodies are refused.
  if (!(spec.body instanceof z.ZodObject)) return cases;
  if (!spec.body.safeParse(undefined).success) cases.push({ name: `${name}: a null body`, path: spec.path, raw: 'null' });
  cases.push({ name: `${name}: JSON that is not an object`, path: spec.path, raw: '[1,2,3]' });
  const fields = Object.keys(spec.body.shape);
  const valid: Record<string, unknown> = {
    email: 'someone@example.com',
    username: 'someone@example.com',
    code: '123456',
    type: 'register',
  };
  for (const field of fields) valid[field] ??= field.toLowerCase().includes('pay') ? '123456' : 'password1';
  if (!spec.body.safeParse({}).success) cases.push({ name: `${name}: empty object`, path: spec.path, body: {} });
  for (const field of fields) {
    const { [field]: _removed, ...missing } = valid;
    const isOptional = spec.body.shape[field]?.safeParse(undefined).success === true;
    if (!isOptional) cases.push({ name: `${name}: missing ${field}`, path: spec.path, body: missing });
    // PostgreSQL text cannot hold a null byte: whatever the field's own rule, it is refused at validation.
    cases.push({
      name: `${name}: ${field} has a null byte`,
      path: spec.path,
      body: { ...valid, [field]: `${String(valid[field])}\u0000x` },
    });
    for (const [label, value] of wrongValues) {
      // A value the field itself accepts (an empty optional label) is not a wrong value for it.
      if (spec.body.shape[field]?.safeParse(value).success) continue;
      cases.push({ name: `${name}: ${field} is ${label}`, path: spec.path, body: { ...valid, [field]: value } });
    }
  }
  return cases;
}

const cases = [
  ...Object.entries(accountApi),
  ...Object.entries(walletApi),
  ...Object.entries(transferApi),
  ...Object.entries(depositApi),
  ...Object.entries(withdrawalApi),
  ...Object.entries(bankCardApi),
  ...Object.entries(kycApi),
  ...Object.entries(tradingApi),
  ...Object.entries(leverageApi),
  ...Object.entries(loanApi),
  ...Object.entries(messagesApi),
  ...Object.entries(articlesApi),
  ...Object.entries(blockTradeApi).map(([name, spec]) => [`blockTrade.${name}`, spec] as const),
  ...Object.entries(productsApi),
  ...Object.entries(followApi),
]
  .filter(([, spec]) => spec.method === 'POST')
  .flatMap(([name, spec]) => casesFor(name, spec));

describe('bad input to every endpoint of the app API: never a 5xx, always a translated message, nothing written', () => {
  let testApp: TestApp;
  let token: string;
  let countsBefore: unknown;

  const counts = async () =>
    (
      await testApp.database.db.execute(sql`SELECT
        (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM sessions) AS sessions,
        (SELECT count(*) FROM email_codes) AS codes, (SELECT count(*) FROM auth_failures) AS failures,
        (SELECT count(*) FROM ledger_journals) AS journals, (SELECT count(*) FROM ledger_holds) AS holds,
        (SELECT count(*) FROM deposits) AS deposits, (SELECT count(*) FROM withdrawals) AS withdrawals,
        (SELECT count(*) FROM bank_cards) AS cards, (SELECT count(*) FROM withdrawal_addresses) AS addresses,
        (SELECT count(*) FROM wallet_transfers) AS transfers, (SELECT count(*) FROM fx_quotes) AS quotes,
        (SELECT count(*) FROM kyc_submissions) AS kyc,
        (SELECT count(*) FROM trading_orders) AS orders, (SELECT count(*) FROM trading_positions) AS positions,
        (SELECT count(*) FROM trading_leverage_acknowledgements) AS acknowledgements,
        (SELECT count(*) FROM block_applications) AS blockApplications, (SELECT count(*) FROM block_quotes) AS blockQuotes,
        (SELECT count(*) FROM loans) AS loans, (SELECT count(*) FROM loan_events) AS loan_events,
        (SELECT count(*) FROM follow_orders) AS follows, (SELECT count(*) FROM follow_appropriateness) AS appropriateness,
        (SELECT string_agg(password_hash || coalesce(pay_password_hash, ''), ',') FROM users) AS hashes`)
    ).rows[0];

  beforeAll(async () => {
    testApp = await startTestApp();
    token = (await registerUser(testApp)).token;
    countsBefore = await counts();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it.each(cases)('$name', async (badCase) => {
    const send = (language: string) =>
      testApp.call(badCase.path, { token, language, ...(badCase.raw === undefined ? { body: badCase.body } : { raw: badCase.raw }) });
    const [spanish, english] = await Promise.all([send('ar'), send('en')]);
    expect(spanish.status).toBeLessThan(500);
    expect(spanish.body.code).not.toBe(200);
    expect(spanish.body.data).toBeNull();
    expect(spanish.body.msg.length).toBeGreaterThan(0);
    expect(english.body.code).toBe(spanish.body.code);
    expect(english.body.msg).not.toBe(spanish.body.msg);
    expect(`${spanish.body.msg} ${english.body.msg}`).not.toMatch(/zod|Error|undefined|\[object|instancePath|SELECT/);
  });

  it('names the field that is wrong, in the user language', async () => {
    const response = await testApp.call('/register', {
      language: 'ar',
      body: { email: 'not-an-email', password: 'secret123', confirmPassword: 'secret123', code: '123456' },
    });
    expect(response.body).toEqual({ code: 1001, msg: 'Correo: Ingrese un correo válido (texto@texto)', data: null });
    const mismatch = await testApp.call('/register', {
      language: 'en',
      body: { email: 'a@b', password: 'secret123', confirmPassword: 'secret124', code: '123456' },
    });
    expect(mismatch.body.msg).toBe('Repeat password: The two passwords do not match');
  });

  it('refuses a null byte in a query or path parameter with a translated message', async () => {
    for (const path of ['/m_ft/stock_list?type=a%00b', '/m_ft/stock_detail_ft?stockCode=AAPL%00']) {
      const response = await testApp.call(path, { token, method: 'GET', language: 'en' });
      expect(response.status, path).toBe(400);
      expect(response.body.code, path).toBe(1001);
    }
    const field = await testApp.call('/UserAccount/addCardNo', {
      token,
      language: 'en',
      body: { bankName: 'Banco\u0000', accountName: 'Ana', cardNumber: '123456789' },
    });
    expect(field.body).toMatchObject({ code: 1001, msg: 'Bank name: The text contains a character that is not allowed' });
  });

  it('answers a path parameter over 100 characters in the envelope, translated, without echoing the path', async () => {
    const long = 'a'.repeat(150);
    const [english, spanish] = await Promise.all(
      ['en', 'ar'].map((language) => testApp.call(`/file/${long}`, { token, method: 'GET', language })),
    );
    expect(english?.status).toBe(414);
    expect(english?.body).toEqual({ code: 1014, msg: 'The address of the request is too long', data: null });
    expect(spanish?.body.msg).toBe('La dirección de la solicitud es demasiado larga');
  });

  it('reads a null body on an endpoint whose body is optional as no body at all', async () => {
    const response = await testApp.call<unknown[]>('/market/getMakets', { token, raw: 'null', language: 'en' });
    expect(response.status).toBe(200);
    expect(response.body.data.length).toBeGreaterThan(0);
  });

  it('wrote nothing for any of them', async () => {
    expect(await counts()).toEqual(countsBefore);
  });
});
