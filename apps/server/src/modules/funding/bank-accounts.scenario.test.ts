import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  operatorToken,
  registerUser,
  startTestApp,
  type TestApp,
  tinyPng,
  upload,
  verifyIdentity,
  withOperator,
} from '../../test/test-app.ts';
import type { FxRates } from './index.ts';
import { createReferenceFxRates } from './index.ts';

type Card = { id: string; cardNumberMasked: string; accountKind: string | null; routingNumber: string | null };
type Withdrawal = {
  id: string;
  status: string;
  amount: string;
  currency: string;
  destination: string;
  payout: { currency: string; amount: string; rate: string } | null;
};
type YenQuote = { quoteId: string; fromAmount: string; toAmount: string; rate: string };

/** Changes the digit at `index` to the next one, so its check digit no longer matches. */
const wrongDigit = (value: string, index: number) =>
  value.slice(0, index) + String((Number(value[index]) + 1) % 10) + value.slice(index + 1);

const clock = new Date('2026-11-18T15:00:00Z');
const reference = createReferenceFxRates({ isAlwaysOpen: true });
const fxRates: FxRates = { rate: reference.rate, isMarketOpen: () => true };

describe('bank accounts for withdrawals: each format by its check digits, yen paid at a quote, the full account revealed to the payer only (issue 15 §5)', () => {
  let testApp: TestApp;
  let operator: string;

  const addCard = (token: string, cardNumber: string, routingNumber?: string) =>
    testApp.call<Card>('/UserAccount/addCardNo', {
      token,
      language: 'en',
      body: { bankName: 'Bank', accountName: 'Ana Pérez', cardNumber, ...(routingNumber === undefined ? {} : { routingNumber }) },
    });

  /** A verified user with a transaction password and money in BALANCE. */
  async function fundedUser(amount: string) {
    const user = await registerUser(testApp);
    const uploaded = await upload(testApp, user.token, tinyPng);
    const deposit = await testApp.call<{ id: string }>('/recharge/create', {
      token: user.token,
      body: { method: 'fiat', walletType: 'BALANCE', amount, screenshotUrl: uploaded.body.data?.url },
    });
    await testApp.call(`/deposits/${deposit.body.data.id}/approve`, { isOperatorApi: true, token: operator });
    await verifyIdentity(testApp, user, operator);
    await testApp.call('/settingPayPassword', { token: user.token, body: { payPassword: '112233', confirmPayPassword: '112233' } });
    return user;
  }

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { fxRates, now: () => clock } });
    operator = await operatorToken(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const formats: Array<{ kind: string; valid: string; wrong: string; routingNumber?: string; masked: string }> = [
    { kind: 'card', valid: '4509 9535 8000 6623', wrong: wrongDigit('4509953580006623', 15), masked: '**** 6623' },
    { kind: 'cbu', valid: '2850590940090418135201', wrong: wrongDigit('2850590940090418135201', 7), masked: '**** 5201' },
    { kind: 'cvu', valid: '0000003110003245679300', wrong: wrongDigit('0000003110003245679300', 21), masked: '**** 9300' },
    { kind: 'iban', valid: 'DE89 3704 0044 0532 0130 00', wrong: 'DE89370400440532013001', masked: '**** 3000' },
    { kind: 'us_account', valid: '000123456789', routingNumber: '021000021', wrong: '000123456789', masked: '**** 6789' },
    { kind: 'alias', valid: 'ana.perez.caja', wrong: '123.456', masked: 'an****' },
  ];

  for (const format of formats) {
    it(`accepts a valid ${format.kind}, shows it masked, and refuses a wrong check digit`, async () => {
      const user = await registerUser(testApp);
      const added = await addCard(user.token, format.valid, format.routingNumber);
      expect(added.body.code).toBe(200);
      expect(added.body.data).toMatchObject({ accountKind: format.kind, cardNumberMasked: format.masked });
      // The wrong one: a routing number whose check digit fails for a US account, the account's own digit otherwise.
      const wrong =
        format.routingNumber === undefined
          ? await addCard(user.token, format.wrong)
          : await addCard(user.token, format.wrong, wrongDigit(format.routingNumber, 8));
      expect(wrong.body.code).toBe(1001);
      expect(wrong.body.msg).toMatch(format.routingNumber === undefined ? /card|CBU|IBAN/ : /routing/i);
      const cards = await testApp.call<Card[]>('/UserAccount/SelectCardNo', { token: user.token });
      expect(cards.body.data).toHaveLength(1);
      expect(JSON.stringify(cards.body.data)).not.toContain(format.valid.replace(/\s/g, '').slice(0, -4));
    });
  }

  it('refuses a US account number without digits beside a valid routing number', async () => {
    const user = await registerUser(testApp);
    expect((await addCard(user.token, 'ACCOUNT12', '021000021')).body.code).toBe(1001);
  });

  it('validates the yen bank fields: 7-digit account, 3-digit branch, katakana or Latin holder name', async () => {
    const user = await fundedUser('50.00');
    const base = {
      institutionName: 'MUFG Bank',
      branchNumber: '001',
      branchName: 'Tokyo',
      accountNumber: '1234567',
      recipientName: 'ヤマダ タロウ',
      amount: '10.00',
      payPassword: '112233',
    };
    const call = (body: Record<string, string>, key: string) =>
      testApp.call<Withdrawal>('/withdrawal/other-withdrawal-apply', {
        token: user.token,
        language: 'en',
        body: { ...body, idempotencyKey: key },
      });
    expect((await call({ ...base, accountNumber: '123456' }, `yen-fields-a-${user.user.id}`)).body.code).toBe(1001);
    expect((await call({ ...base, branchNumber: '01' }, `yen-fields-b-${user.user.id}`)).body.code).toBe(1001);
    expect((await call({ ...base, recipientName: '山田太郎' }, `yen-fields-c-${user.user.id}`)).body.code).toBe(1001);
    expect((await call({ ...base, accountType: 'checking' }, `yen-fields-d-${user.user.id}`)).body.code).toBe(1001);
    const rows = await testApp.database.db.execute<{ count: string }>(
      sql`SELECT count(*)::text AS count FROM withdrawals WHERE user_id = ${Number(user.user.id)}`,
    );
    expect(rows.rows[0]?.count).toBe('0');
    const accepted = await call({ ...base, accountType: 'current' }, `yen-fields-e-${user.user.id}`);
    expect(accepted.body.code).toBe(200);
  });

  it('pays a yen withdrawal at the quoted rate and records the yen paid; a quote is used once, for its amount only', async () => {
    const user = await fundedUser('100.00');
    const quote = await testApp.call<YenQuote>('/withdrawal/yen-quote', { token: user.token, body: { amount: '25.00' } });
    expect(quote.body.data).toMatchObject({ fromAmount: '25.00', toAmount: '4019.00', rate: '160.77' });
    const body = {
      institutionName: 'MUFG Bank',
      branchNumber: '001',
      branchName: 'Tokyo',
      accountNumber: '7654321',
      recipientName: 'Yamada Taro',
      payPassword: '112233',
    };
    const wrongAmount = await testApp.call('/withdrawal/other-withdrawal-apply', {
      token: user.token,
      body: { ...body, amount: '30.00', quoteId: quote.body.data.quoteId, idempotencyKey: `yen-wrong-${user.user.id}` },
    });
    expect(wrongAmount.body.code).toBe(4003);
    const withdrawal = await testApp.call<Withdrawal>('/withdrawal/other-withdrawal-apply', {
      token: user.token,
      body: { ...body, amount: '25.00', quoteId: quote.body.data.quoteId, idempotencyKey: `yen-quoted-${user.user.id}` },
    });
    expect(withdrawal.body.data).toMatchObject({
      status: 'pending',
      amount: '25.00',
      currency: 'USD',
      payout: { currency: 'JPY', amount: '4019.00', rate: '160.77' },
    });
    const reused = await testApp.call('/withdrawal/other-withdrawal-apply', {
      token: user.token,
      body: { ...body, amount: '25.00', quoteId: quote.body.data.quoteId, idempotencyKey: `yen-again-${user.user.id}` },
    });
    expect(reused.body.code).toBe(4003);
    const queue = await testApp.call<{ list: Withdrawal[] }>('/withdrawals?status=pending&pageSize=100', {
      isOperatorApi: true,
      token: operator,
      method: 'GET',
    });
    const listed = queue.body.data.list.find((entry) => entry.id === withdrawal.body.data.id);
    expect(listed?.payout).toMatchObject({ currency: 'JPY', amount: '4019.00' });
    expect(listed?.destination).not.toContain('7654321');
  });

  it('reveals the full account only to an operator with the withdrawal permission, and audits each reveal without the number', async () => {
    const user = await fundedUser('100.00');
    const card = await addCard(user.token, '2850590940090418135201');
    const withdrawal = await testApp.call<Withdrawal>('/withdrawal/withdrawal-apply', {
      token: user.token,
      body: { method: 'bank', cardId: card.body.data.id, amount: '10.00', payPassword: '112233', idempotencyKey: `reveal-${user.user.id}` },
    });
    expect(withdrawal.body.data.destination).toBe('Bank **** 5201');
    const id = withdrawal.body.data.id;

    await testApp.call('/operators', {
      isOperatorApi: true,
      token: operator,
      body: { email: `support-${id}@example.com`, password: 'password-of-12', role: 'support' },
    });
    const support = (
      await testApp.call<{ token: string }>('/auth/login', {
        isOperatorApi: true,
        body: { email: `support-${id}@example.com`, password: 'password-of-12' },
      })
    ).body.data.token;
    const auditCount = async () =>
      (
        await testApp.database.db.execute<{ count: string }>(
          sql`SELECT count(*)::text AS count FROM audit_log WHERE action = 'withdrawal.reveal_account' AND target_id = ${id}`,
        )
      ).rows[0]?.count;
    const refused = await testApp.call(`/withdrawals/${id}/reveal-account`, { isOperatorApi: true, token: support });
    expect(refused.body.code).not.toBe(200);
    expect(await auditCount()).toBe('0');

    const revealed = await testApp.call<{ method: string; details: Record<string, string> }>(`/withdrawals/${id}/reveal-account`, {
      isOperatorApi: true,
      token: operator,
    });
    expect(revealed.body.data).toMatchObject({
      method: 'bank',
      details: { cardNumber: '2850590940090418135201', accountName: 'Ana Pérez' },
    });
    expect(await auditCount()).toBe('1');
    const audit = await testApp.database.db.execute<{ row: string }>(
      sql`SELECT row_to_json(audit_log)::text AS row FROM audit_log WHERE action = 'withdrawal.reveal_account' AND target_id = ${id}`,
    );
    expect(audit.rows[0]?.row).not.toContain('2850590940090418135201');
    expect((await testApp.call('/withdrawals/999999/reveal-account', { isOperatorApi: true, token: operator })).body.code).toBe(4013);
  });
});
