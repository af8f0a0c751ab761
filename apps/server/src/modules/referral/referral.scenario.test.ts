import type { Message, OperatorDashboard, ReferralInvitee, ReferralReward, ReferralShare, Wallet } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorWithRole } from '../../test/operators.ts';
import {
  operatorToken,
  registerUser,
  startTestApp,
  type TestApp,
  tinyPng,
  uniqueEmail,
  upload,
  withOperator,
} from '../../test/test-app.ts';
import { createLedgerService } from '../ledger/index.ts';

const DAY = 86_400_000;
// Ledger entries carry the database's time, so the test clock is the real one moved forward.
let offsetMs = 0;
const advance = (days: number) => {
  offsetMs += days * DAY;
};

describe('referral: one level, paid once after the deposit is kept, abuse held for review', () => {
  let testApp: TestApp;
  let operator: string;
  let addressCounter = 0;

  const ops = <T>(path: string, options: { body?: unknown; method?: 'GET' | 'POST'; token?: string } = {}) =>
    testApp.call<T>(path, { isOperatorApi: true, token: options.token ?? operator, ...options });
  const balance = async (token: string) =>
    (await testApp.call<Wallet>('/wallet/getWalletBalance', { token, body: { walletType: 'BALANCE' } })).body.data.balance;
  const runJob = async () => {
    await testApp.database.db.execute(sql`DELETE FROM platform_job_runs WHERE name = 'referral-rewards'`);
    expect(await testApp.app.platform.jobs.runIfDue('referral-rewards')).toBe(true);
  };
  const invitees = async (token: string) =>
    (await testApp.call<{ list: ReferralInvitee[] }>('/referral/invitees', { token, body: { pageNum: 1, pageSize: 50 } })).body.data.list;
  const termsCount = async () =>
    (await testApp.database.db.execute<{ n: string }>(sql`SELECT count(*)::text AS n FROM referral_terms`)).rows[0]?.n;
  const share = async (token: string) => (await testApp.call<ReferralShare>('/referral/share', { token, method: 'GET' })).body.data;
  /** The referrer's inbox messages about referral rewards, in English. */
  const rewardMessages = async (token: string) =>
    (
      await testApp.call<{ list: Message[] }>('/userMessage/getMessage?pageSize=50', { token, method: 'GET', language: 'en' })
    ).body.data.list.filter((message) => message.title.startsWith('Referral reward'));

  /** A user registered with an invitation code from their own address and browser (unless told otherwise). */
  async function invited(code: string, options: { email?: string; address?: string; userAgent?: string } = {}) {
    addressCounter += 1;
    const email = options.email ?? uniqueEmail('invitee');
    const client = {
      remoteAddress: options.address ?? `10.0.0.${addressCounter}`,
      headers: { 'user-agent': options.userAgent ?? `Invitee/${addressCounter}` },
    };
    await testApp.call('/getEmailCode', { ...client, body: { email, type: 'register' } });
    const response = await testApp.call<{ token: string; user: { id: string } }>('/register', {
      ...client,
      body: { email, password: 'secret123', confirmPassword: 'secret123', code: testApp.lastCodeFor(email), invitationCode: code },
    });
    expect(response.body.code).toBe(200);
    return { email, token: response.body.data.token, id: response.body.data.user.id };
  }

  async function deposit(token: string, amount: string) {
    const uploaded = await upload(testApp, token, tinyPng);
    const created = await testApp.call<{ id: string }>('/recharge/create', {
      token,
      body: { method: 'fiat', walletType: 'BALANCE', amount, screenshotUrl: uploaded.body.data?.url },
    });
    expect((await ops(`/deposits/${created.body.data.id}/approve`, {})).body.code).toBe(200);
  }

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { now: () => new Date(Date.now() + offsetMs) } });
    operator = await operatorToken(testApp);
    const programme = { isEnabled: true, rewardAmount: '20', currency: 'USD', minDeposit: '100', holdDays: 7, yearlyCap: '40' };
    expect((await ops('/referrals/programme', { body: programme })).body.code).toBe(200);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('pays the referrer once, only after the invitee kept the deposit for the days, and the ledger balances', async () => {
    const referrer = await registerUser(testApp);
    const friend = await invited(referrer.user.invitationCode);
    expect((await share(referrer.token)).inviteeCount).toBe(1);
    await deposit(friend.token, '60');
    await runJob();
    expect((await invitees(referrer.token))[0]).toMatchObject({ state: 'waiting', fundedSinceTimestamp: null, isVerified: false });

    await deposit(friend.token, '50');
    advance(6);
    await runJob();
    const [waiting] = await invitees(referrer.token);
    expect(waiting?.state).toBe('waiting');
    expect(waiting?.fundedSinceTimestamp).not.toBeNull();
    expect(waiting?.dueAtTimestamp).toBe((waiting?.fundedSinceTimestamp ?? 0) + 7 * DAY);
    expect(await balance(referrer.token)).toBe('0.00');

    advance(2);
    await runJob();
    await runJob();
    const [paid] = await invitees(referrer.token);
    expect(paid).toMatchObject({ state: 'paid', amount: '20.00' });
    expect(paid?.maskedEmail).toMatch(/^in\*\*\*@example\.com$/);
    expect(await balance(referrer.token)).toBe('20.00');
    expect(await share(referrer.token)).toMatchObject({ paidThisYear: '20.00', paidTotal: '20.00' });
    const journals = await testApp.database.db.execute<{ n: string }>(
      sql`SELECT count(*)::text AS n FROM ledger_journals WHERE reason = 'referral_reward' AND idempotency_key = ${`referral:${friend.id}:reward`}`,
    );
    expect(journals.rows[0]?.n).toBe('1');
    // Told once, though the job ran twice after the reward fell due.
    await runJob();
    expect(await rewardMessages(referrer.token)).toEqual([
      expect.objectContaining({
        title: 'Referral reward paid',
        content: expect.stringMatching(/^20\.00 USD was paid into your wallet for inviting in\*\*\*@example\.com/),
      }),
    ]);
    const ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });

  it('never pays a self-referral: the same mailbox behind an alias', async () => {
    const email = uniqueEmail('self').replace('@example.com', '@gmail.com');
    const referrer = await registerUser(testApp, email);
    const alias = email.replace('@', '+second@');
    const self = await invited(referrer.user.invitationCode, { email: alias });
    await deposit(self.token, '200');
    advance(8);
    await runJob();
    expect((await invitees(referrer.token))[0]?.state).toBe('refused');
    expect(await balance(referrer.token)).toBe('0.00');
    expect(await rewardMessages(referrer.token)).toEqual([]);
    const queue = await ops<{ list: ReferralReward[] }>('/referrals/rewards?status=pending&pageSize=100', { method: 'GET' });
    expect(queue.body.data.list.some((reward) => reward.inviteeId === self.id)).toBe(false);
  });

  it('holds the reward for review when the invitee shares an address, a device or a payment instrument with the referrer', async () => {
    const referrer = await registerUser(testApp);
    const sameDevice = await invited(referrer.user.invitationCode, { address: '127.0.0.1', userAgent: 'lightMyRequest' });
    const sameWallet = await invited(referrer.user.invitationCode);
    const address = `0x${'ab12'.repeat(10)}`;
    for (const token of [referrer.token, sameWallet.token]) {
      const saved = await testApp.call('/UserAccount/saveWalletAddress', { token, body: { network: 'ERC20', address } });
      expect(saved.body.code).toBe(200);
    }
    await deposit(sameDevice.token, '100');
    await deposit(sameWallet.token, '100');
    advance(8);
    await runJob();
    const queue = await ops<{ list: ReferralReward[] }>('/referrals/rewards?status=pending&pageSize=100', { method: 'GET' });
    const held = (id: string) => queue.body.data.list.find((reward) => reward.inviteeId === id);
    expect(held(sameDevice.id)?.signals).toEqual(expect.arrayContaining(['same_ip', 'same_device']));
    expect(held(sameWallet.id)?.signals).toEqual(['same_payment_instrument']);
    expect(await balance(referrer.token)).toBe('0.00');

    const reviewer = (await operatorWithRole(testApp, 'reviewer')).token;
    const dashboard = await ops<OperatorDashboard>('/dashboard', { method: 'GET', token: reviewer });
    expect(dashboard.body.data.queues.find((entry) => entry.queue === 'referrals')).toEqual({
      queue: 'referrals',
      pending: queue.body.data.list.length,
      oldestTimestamp: queue.body.data.list[0]?.createdAtTimestamp,
    });
    const audits = async () =>
      (await testApp.database.db.execute<{ n: string }>(sql`SELECT count(*)::text AS n FROM audit_log`)).rows[0]?.n;
    const before = Number(await audits());
    const approved = await ops<ReferralReward>(`/referrals/rewards/${held(sameWallet.id)?.id}/approve`, { token: reviewer });
    expect(approved.body.data.state).toBe('paid');
    const rejected = await ops<ReferralReward>(`/referrals/rewards/${held(sameDevice.id)?.id}/reject`, {
      token: reviewer,
      body: { reason: 'One person, two accounts' },
    });
    expect(rejected.body.data).toMatchObject({ state: 'refused', reason: 'One person, two accounts' });
    expect(Number(await audits())).toBe(before + 2);
    expect(await balance(referrer.token)).toBe('20.00');
    const again = await ops(`/referrals/rewards/${held(sameWallet.id)?.id}/approve`, { token: reviewer });
    expect(again.body.code).toBe(8501);
    const told = await rewardMessages(referrer.token);
    expect(told.map((message) => message.title).sort()).toEqual(['Referral reward not paid', 'Referral reward paid']);
    expect(told.find((message) => message.title === 'Referral reward not paid')?.content).toBe(
      `The referral reward of 20.00 USD for inviting ${sameDevice.email.slice(0, 2)}***@example.com will not be paid: One person, two accounts.`,
    );
  });

  it("stops at the referrer's yearly cap and refuses to approve past it", async () => {
    const referrer = await registerUser(testApp);
    const code = referrer.user.invitationCode;
    const friends = [await invited(code), await invited(code), await invited(code)];
    // Registered last from the referrer's own address and browser: held, and decided after the others.
    const held = await invited(code, { address: '127.0.0.1', userAgent: 'lightMyRequest' });
    for (const friend of [...friends, held]) await deposit(friend.token, '100');
    advance(8);
    await runJob();
    const states = (await invitees(referrer.token)).map((invitee) => invitee.state).sort();
    expect(states).toEqual(['capped', 'held', 'paid', 'paid']);
    expect(await balance(referrer.token)).toBe('40.00');

    const queue = await ops<{ list: ReferralReward[] }>('/referrals/rewards?status=pending&pageSize=100', { method: 'GET' });
    const reward = queue.body.data.list.find((item) => item.inviteeId === held.id);
    const refused = await ops(`/referrals/rewards/${reward?.id}/approve`, {});
    expect(refused.body.code).toBe(8502);
    expect(await balance(referrer.token)).toBe('40.00');
  });

  it('refuses a programme whose cap is below one reward, translated, and writes nothing', async () => {
    const before = (await ops<{ yearlyCap: string }>('/referrals/programme', { method: 'GET' })).body.data;
    const terms = await termsCount();
    const refused = await testApp.call('/referrals/programme', {
      isOperatorApi: true,
      token: operator,
      language: 'es',
      body: { isEnabled: true, rewardAmount: '50', currency: 'USD', minDeposit: '100', holdDays: 7, yearlyCap: '10' },
    });
    expect(refused.body).toMatchObject({ code: 8503, msg: 'El límite anual no puede ser menor que una recompensa' });
    expect((await ops('/referrals/programme', { method: 'GET' })).body.data).toEqual(before);
    expect(await termsCount()).toBe(terms);
  });

  it('rewards each invitee by the terms in force when they registered: a change reaches only invitees registering after it', async () => {
    // Days count from the deposit on the test's clock, which earlier cases moved on: both terms' days start past it.
    const base = Math.ceil(offsetMs / DAY);
    const setProgramme = async (terms: object) =>
      expect((await ops('/referrals/programme', { body: { isEnabled: true, currency: 'USD', ...terms } })).body.code).toBe(200);
    const referrer = await registerUser(testApp);
    await setProgramme({ rewardAmount: '20', minDeposit: '100', holdDays: base + 3, yearlyCap: '40' });
    const earlierInvitee = await invited(referrer.user.invitationCode);
    // A richer reward with a larger deposit kept longer, and a higher cap: for invitees from now on.
    await setProgramme({ rewardAmount: '30', minDeposit: '200', holdDays: base + 6, yearlyCap: '100' });
    expect((await share(referrer.token)).programme).toMatchObject({ rewardAmount: '30.00', minDeposit: '200.00' });
    const laterInvitee = await invited(referrer.user.invitationCode);
    await deposit(earlierInvitee.token, '150');
    await deposit(laterInvitee.token, '150');

    // The earlier invitee's 150 meets their minimum of 100 and their days have passed: paid their 20. The later
    // invitee's 150 is short of their 200.
    advance(4);
    await runJob();
    // The list is newest first: the later invitee, then the earlier one.
    let [later, earlier] = await invitees(referrer.token);
    expect(earlier).toMatchObject({ state: 'paid', amount: '20.00' });
    expect(later).toMatchObject({ state: 'waiting', fundedSinceTimestamp: null });

    // Topped up to 250: kept from now, due after the later terms' days, not the earlier ones'.
    await deposit(laterInvitee.token, '100');
    await runJob();
    [later] = await invitees(referrer.token);
    expect(later?.state).toBe('waiting');
    expect(later?.dueAtTimestamp).toBe((later?.fundedSinceTimestamp ?? 0) + (base + 6) * DAY);

    // Paid 30, within the later cap of 100.
    advance(3);
    await runJob();
    [later] = await invitees(referrer.token);
    expect(later).toMatchObject({ state: 'paid', amount: '30.00' });
    expect(await balance(referrer.token)).toBe('50.00');
  });
});
