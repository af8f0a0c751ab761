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

type KycState = { status: string; reviewStatus: number; idNumberMasked: string | null; reason: string | null };
type Submission = { id: string; userEmail: string; status: string };

describe('identity verification: submitted by the user, decided by an operator, required for money to leave', () => {
  let testApp: TestApp;
  let operator: string;

  const submit = async (token: string, overrides: Record<string, unknown> = {}) => {
    const front = await upload(testApp, token, tinyPng);
    const back = await upload(testApp, token, tinyPng);
    return testApp.call<KycState>('/updateReal', {
      token,
      language: 'en',
      body: {
        documentType: 'idcard',
        countryCode: 'AR',
        firstName: 'Luis',
        lastName: 'Gómez',
        idNumber: 'ab-1234567',
        frontImageUrl: front.body.data?.url,
        backImageUrl: back.body.data?.url,
        ...overrides,
      },
    });
  };
  const pendingIdOf = async (email: string) => {
    const queue = await testApp.call<{ list: Submission[] }>('/kyc?status=pending&pageSize=100', {
      isOperatorApi: true,
      token: operator,
      method: 'GET',
    });
    return queue.body.data.list.find((entry) => entry.userEmail === email)?.id;
  };

  beforeAll(async () => {
    testApp = await startTestApp({
      configOverrides: { ...withOperator, WITHDRAWAL_DAILY_MAX_USD: '100', WITHDRAWAL_MONTHLY_MAX_USD: '150' },
    });
    operator = await operatorToken(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('starts with nothing submitted, waits for review after submitting, and refuses a second submission meanwhile', async () => {
    const user = await registerUser(testApp);
    expect((await testApp.call<KycState>('/kyc/state', { token: user.token })).body.data).toMatchObject({
      status: 'none',
      reviewStatus: 0,
    });
    const submitted = await submit(user.token);
    expect(submitted.body.data).toMatchObject({ status: 'pending', reviewStatus: 1, idNumberMasked: '•••••••567' });
    expect((await submit(user.token)).body).toMatchObject({
      code: 2015,
      msg: 'Your identity verification is already under review or approved',
    });
  });

  it('is verified when an operator approves, with an audit row, and then cannot be submitted again', async () => {
    const user = await registerUser(testApp);
    await submit(user.token);
    const id = await pendingIdOf(user.email);
    const approved = await testApp.call<Submission>(`/kyc/${id}/approve`, { isOperatorApi: true, token: operator });
    expect(approved.body.data.status).toBe('verified');
    expect((await testApp.call<KycState>('/kyc/state', { token: user.token })).body.data).toMatchObject({
      status: 'verified',
      reviewStatus: 3,
    });
    expect((await submit(user.token)).body.code).toBe(2015);
    const audit = await testApp.database.db.execute(sql`SELECT action FROM audit_log WHERE target_type = 'kyc' AND target_id = ${id}`);
    expect(audit.rows).toEqual([{ action: 'kyc.approve' }]);
  });

  it("shows the reviewer's reason when refused, and lets the user try again", async () => {
    const user = await registerUser(testApp);
    await submit(user.token);
    const id = await pendingIdOf(user.email);
    await testApp.call(`/kyc/${id}/reject`, { isOperatorApi: true, token: operator, body: { reason: 'La foto está borrosa' } });
    expect((await testApp.call<KycState>('/kyc/state', { token: user.token })).body.data).toMatchObject({
      status: 'rejected',
      reviewStatus: 2,
      reason: 'La foto está borrosa',
    });
    expect((await submit(user.token)).body.data.status).toBe('pending');
  });

  it("refuses images that are not the user's own uploads, an ID card without its back, and a malformed number", async () => {
    const owner = await registerUser(testApp);
    const stranger = await registerUser(testApp);
    const ownerImage = await upload(testApp, owner.token, tinyPng);
    const borrowed = await submit(stranger.token, { frontImageUrl: ownerImage.body.data?.url });
    expect(borrowed.body.code).toBe(2016);
    const noBack = await submit(stranger.token, { backImageUrl: undefined });
    expect(noBack.body.msg).toBe('Back of the document: Please upload an image');
    const passport = await submit(stranger.token, { documentType: 'passport', backImageUrl: undefined, idNumber: 'X1234567' });
    expect(passport.body.data.status).toBe('pending');
    const malformed = await submit(owner.token, { idNumber: '12 34; DROP' });
    expect(malformed.body.msg).toBe('Document number: Use only letters, digits and hyphens');
    const nowhere = await submit(owner.token, { countryCode: 'ZZ' });
    expect(nowhere.body).toMatchObject({ code: 1001, msg: 'Issuing country: Please choose a country' });
  });

  it('keeps money in until the identity is verified, then within the daily and monthly limits', async () => {
    const user = await registerUser(testApp);
    await testApp.call('/settingPayPassword', { token: user.token, body: { payPassword: '123456', confirmPayPassword: '123456' } });
    const uploaded = await upload(testApp, user.token, tinyPng);
    const deposit = await testApp.call<{ id: string }>('/recharge/create', {
      token: user.token,
      body: { method: 'fiat', walletType: 'BALANCE', amount: '500.00', screenshotUrl: uploaded.body.data?.url },
    });
    await testApp.call(`/deposits/${deposit.body.data.id}/approve`, { isOperatorApi: true, token: operator });
    const card = await testApp.call<{ id: string }>('/UserAccount/addCardNo', {
      token: user.token,
      body: { bankName: 'Galicia', accountName: 'Luis', cardNumber: '4111 1111 3111 7890' },
    });
    const withdraw = (amount: string, key: string) =>
      testApp.call('/withdrawal/withdrawal-apply', {
        token: user.token,
        language: 'en',
        body: {
          method: 'bank',
          cardId: card.body.data.id,
          amount,
          payPassword: '123456',
          idempotencyKey: `kyc-limit-${user.user.id}-${key}`,
        },
      });

    expect((await withdraw('10.00', 'first')).body).toMatchObject({ code: 4016, msg: 'Please verify your identity before withdrawing' });
    await verifyIdentity(testApp, user, operator);
    expect((await withdraw('60.00', 'a')).body.code).toBe(200);
    const overDaily = await withdraw('40.01', 'b');
    expect(overDaily.body).toMatchObject({
      code: 4017,
      msg: 'This withdrawal is above your daily or monthly limit; you can still withdraw $40.00 now',
    });
    expect((await withdraw('40.00', 'c')).body.code).toBe(200);
    const wallet = await testApp.call<{ usedBalance: string }>('/wallet/getWalletBalance', {
      token: user.token,
      body: { walletType: 'BALANCE' },
    });
    expect(wallet.body.data.usedBalance).toBe('100.00');

    // Moved to yesterday, the 100.00 counts for the month (limit 150) but no longer for today (limit 100).
    // On the first day of a month there is no yesterday in the same month, and today's limit still binds.
    const isFirstDayOfMonth = new Date().getUTCDate() === 1;
    if (!isFirstDayOfMonth) {
      await testApp.database.db.execute(
        sql`UPDATE withdrawals SET created_at = now() - interval '1 day' WHERE user_id = ${Number(user.user.id)}`,
      );
    }
    expect((await withdraw('50.01', 'd')).body.code).toBe(4017);
    expect((await withdraw('50.00', 'e')).body.code).toBe(isFirstDayOfMonth ? 4017 : 200);
  });
});
