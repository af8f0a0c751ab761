import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userEventsTopic } from '../../platform/notifications.ts';
import { operatorWithRole } from '../../test/operators.ts';
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

type User = Awaited<ReturnType<typeof registerUser>>;
type Heard = { type: string; data: { walletTypes?: string[] } };
type Wallet = { balance: string; availableBalance: string };

/**
 * Balances are live (issue 15 §7): every movement of a user's money is announced on that user's bus
 * topic (what their push sockets follow) once it has committed, naming the wallets touched, and on no
 * other user's topic.
 */
describe('funding: each movement of money tells its owner, and only its owner, after commit', () => {
  let testApp: TestApp;
  let operator: string;
  let ana: User;
  let luis: User;
  const heard = new Map<string, Heard[]>();
  const seenBalances: Array<Promise<string>> = [];
  let stops: Array<() => void> = [];

  const wallet = async (token: string, walletType: string) =>
    (await testApp.call<Wallet>('/wallet/getWalletBalance', { token, body: { walletType } })).body.data;
  const operatorCall = <T>(path: string, token: string, body: unknown = {}) => testApp.call<T>(path, { isOperatorApi: true, token, body });
  /** Events are published after commit, outside the request: let them arrive. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  const balanceEventsOf = (user: User) => (heard.get(user.user.id) ?? []).filter((event) => event.type === 'balance');

  async function deposit(user: User, amount: string) {
    const uploaded = await upload(testApp, user.token, tinyPng);
    const created = await testApp.call<{ id: string }>('/recharge/create', {
      token: user.token,
      body: { method: 'fiat', walletType: 'BALANCE', amount, screenshotUrl: uploaded.body.data?.url },
    });
    return created.body.data.id;
  }

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator });
    operator = await operatorToken(testApp);
    ana = await registerUser(testApp);
    luis = await registerUser(testApp);
    await verifyIdentity(testApp, ana, operator);
  });
  beforeEach(() => {
    for (const stop of stops) stop();
    seenBalances.length = 0;
    stops = [ana, luis].map((user) => {
      heard.set(user.user.id, []);
      return testApp.app.platform.bus.subscribe(userEventsTopic(user.user.id), (payload) => {
        const event = payload as Heard;
        heard.get(user.user.id)?.push(event);
        // What the app would fetch on hearing it: the movement must already be visible.
        if (event.type === 'balance' && user === ana) seenBalances.push(wallet(ana.token, 'BALANCE').then((row) => row.balance));
      });
    });
  });
  afterAll(async () => {
    for (const stop of stops) stop();
    await testApp.close();
  });

  it("announces a deposit the operator approves to its owner's topic only, once the credit can be read", async () => {
    const depositId = await deposit(ana, '150.00');
    await settle();
    expect(balanceEventsOf(ana)).toEqual([]);

    await operatorCall(`/deposits/${depositId}/approve`, operator);
    await settle();
    expect(balanceEventsOf(ana)).toEqual([{ type: 'balance', data: { walletTypes: ['BALANCE'] } }]);
    expect(await Promise.all(seenBalances)).toEqual(['150.00']);
    expect(balanceEventsOf(luis)).toEqual([]);
  });

  it('announces a transfer between two wallets with both wallets named', async () => {
    const moved = await testApp.call('/wallet/transfer', {
      token: ana.token,
      body: { fromWalletType: 'BALANCE', toWalletType: 'STOCK', amount: '40.00', idempotencyKey: `live-transfer-${ana.user.id}` },
    });
    expect(moved.body.code).toBe(200);
    await settle();
    const [event, ...others] = balanceEventsOf(ana);
    expect(others).toEqual([]);
    expect(event?.data.walletTypes?.toSorted()).toEqual(['BALANCE', 'STOCK']);
    expect(await Promise.all(seenBalances)).toEqual(['110.00']);
    expect(balanceEventsOf(luis)).toEqual([]);
  });

  it('announces an adjustment only when the second operator approves it, to the adjusted user only', async () => {
    const reviewer = (await operatorWithRole(testApp, 'reviewer')).token;
    const requested = await operatorCall<{ id: string }>('/adjustments', operator, {
      userId: luis.user.id,
      walletType: 'BALANCE',
      direction: 'credit',
      amount: '25.00',
      reasonCode: 'goodwill',
      note: 'Compensation for the outage of 3 March',
    });
    await settle();
    expect(balanceEventsOf(luis)).toEqual([]);

    await operatorCall(`/adjustments/${requested.body.data.id}/approve`, reviewer);
    await settle();
    expect(balanceEventsOf(luis)).toEqual([{ type: 'balance', data: { walletTypes: ['BALANCE'] } }]);
    expect((await wallet(luis.token, 'BALANCE')).balance).toBe('25.00');
    expect(balanceEventsOf(ana)).toEqual([]);
  });

  it('announces a withdrawal when it is requested (money held) and when the operator refuses it (released)', async () => {
    const card = await testApp.call<{ id: string }>('/UserAccount/addCardNo', {
      token: ana.token,
      body: { bankName: 'Banco Nación', accountName: 'Ana Pérez', cardNumber: '4509 9535 8000 6623' },
    });
    await testApp.call('/settingPayPassword', { token: ana.token, body: { payPassword: '123456', confirmPayPassword: '123456' } });
    const applied = await testApp.call<{ id: string }>('/withdrawal/withdrawal-apply', {
      token: ana.token,
      body: { method: 'bank', cardId: card.body.data.id, amount: '30.00', payPassword: '123456', idempotencyKey: `live-w-${ana.user.id}` },
    });
    await settle();
    expect(balanceEventsOf(ana)).toHaveLength(1);

    await operatorCall(`/withdrawals/${applied.body.data.id}/reject`, operator, { reason: 'Titular distinto' });
    await settle();
    expect(balanceEventsOf(ana)).toEqual([
      { type: 'balance', data: { walletTypes: ['BALANCE'] } },
      { type: 'balance', data: { walletTypes: ['BALANCE'] } },
    ]);
    expect(await wallet(ana.token, 'BALANCE')).toMatchObject({ availableBalance: '110.00' });
    expect(balanceEventsOf(luis)).toEqual([]);
  });
});
