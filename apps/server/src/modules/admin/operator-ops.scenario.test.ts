import type { QuoteTick } from '@bolsa/contracts';
import { currencyOfWallet } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, operatorWithRole } from '../../test/operators.ts';
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
import { createLedgerService, type LedgerService } from '../ledger/index.ts';

/** Quotes the test sets itself, so fills happen at known prices. */
function scriptedQuotes() {
  const latest = new Map<string, QuoteTick>();
  const handlers = new Map<string, Set<(tick: QuoteTick) => void>>();
  return {
    latest: (code: string) => latest.get(code),
    subscribe(code: string, handler: (tick: QuoteTick) => void) {
      const set = handlers.get(code) ?? new Set();
      set.add(handler);
      handlers.set(code, set);
      return () => set.delete(handler);
    },
    set(code: string, bid: string, ask: string) {
      const tick: QuoteTick = {
        code,
        price: bid,
        change: '0',
        changeRatio: '0',
        volume: '0',
        open: bid,
        high: ask,
        low: bid,
        prevClose: bid,
        bid,
        ask,
        bidVolume: '100',
        askVolume: '100',
        marketStatus: 'open',
        fall: false,
        tradeDate: new Date().toISOString().slice(0, 10),
        timestamp: Date.now(),
      };
      latest.set(code, tick);
      for (const handler of handlers.get(code) ?? []) handler(tick);
    },
  };
}

type User = { email: string; password: string; token: string; user: { id: string } };
type Wallet = { balance: string; usedBalance: string; availableBalance: string };
type Adjustment = { id: string; status: string; journalId: string | null; amount: string };
type Order = { id: string; status: number; fee: string | null; positionId: string | null };

describe('operator operations: freezes, sessions, four-eyes adjustments and instrument settings', () => {
  const quotes = scriptedQuotes();
  let testApp: TestApp;
  let ledger: LedgerService;
  let admin: string;
  let secondAdmin: string;
  let reviewer: string;
  let counter = 0;
  const key = () => {
    counter += 1;
    return `ops-key-${Date.now().toString(36)}-${counter}`;
  };

  const operatorCall = <T>(path: string, token: string, body?: unknown, language = 'en') =>
    testApp.call<T>(path, { isOperatorApi: true, token, language, ...(body === undefined ? { method: 'GET' } : { body }) });
  const userCall = <T>(path: string, token: string, body?: unknown, language = 'en') =>
    testApp.call<T>(path, { token, language, ...(body === undefined ? {} : { body }) });
  const wallet = async (user: User, walletType: string) =>
    (await userCall<Wallet>('/wallet/getWalletBalance', user.token, { walletType })).body.data;
  const fund = async (user: User, walletType: 'STOCK' | 'BALANCE', amount: string) => {
    await ledger.post(testApp.database.db, {
      idempotencyKey: `ops-fund:${user.user.id}:${key()}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
        { account: { userId: Number(user.user.id), walletType }, amount },
      ],
    });
  };
  const buy = (user: User, extra: Record<string, unknown> = {}, language = 'en') =>
    userCall<Order>(
      '/stock/create',
      user.token,
      { stockCode: 'AAPL', direction: 0, quantity: '10', leverage: 2, idempotencyKey: key(), ...extra },
      language,
    );
  const login = (user: User, language = 'en') =>
    testApp.call<{ token: string }>('/loginByUsername', {
      body: { username: user.email, password: user.password },
      language,
      headers: { 'user-agent': 'BolsaTest/1.0 (scenario)' },
    });

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { quoteSource: quotes } });
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    admin = await operatorToken(testApp);
    secondAdmin = (await operatorWithRole(testApp, 'admin')).token;
    reviewer = (await operatorWithRole(testApp, 'reviewer')).token;
    quotes.set('AAPL', '99.00', '100.00');
    quotes.set('MSFT', '199.00', '200.00');
  });
  afterAll(async () => {
    await testApp.close();
  });

  describe('users', () => {
    it('finds a user by email, id or verified name and shows wallets, identity, sessions and devices', async () => {
      const user = await registerUser(testApp);
      await verifyIdentity(testApp, user, admin);
      await fund(user, 'BALANCE', '25.00');
      await login(user);

      const byEmail = await operatorCall<{ list: Array<{ id: string; name: string }> }>(
        `/users?query=${encodeURIComponent(user.email)}`,
        reviewer,
      );
      expect(byEmail.body.data.list.map((row) => row.id)).toEqual([user.user.id]);
      const byId = await operatorCall<{ list: Array<{ email: string }> }>(`/users?query=${user.user.id}`, reviewer);
      expect(byId.body.data.list.map((row) => row.email)).toContain(user.email);
      const byName = await operatorCall<{ list: Array<{ id: string }> }>('/users?query=ana%20p%C3%A9rez', reviewer);
      expect(byName.body.data.list.map((row) => row.id)).toContain(user.user.id);

      const detail = await operatorCall<{
        user: { kycStatus: string };
        kyc: { status: string };
        wallets: Array<{ walletType: string; balance: string }>;
        sessions: Array<{ userAgent: string | null; ipAddress: string | null; isLive: boolean }>;
        devices: Array<{ userAgent: string | null; sessionCount: number }>;
      }>(`/users/${user.user.id}`, reviewer);
      expect(detail.body.data.kyc.status).toBe('verified');
      expect(detail.body.data.wallets.find((row) => row.walletType === 'BALANCE')?.balance).toBe('25.00');
      expect(detail.body.data.sessions).toHaveLength(2);
      expect(detail.body.data.sessions[0]).toMatchObject({ userAgent: 'BolsaTest/1.0 (scenario)', ipAddress: '127.0.0.1', isLive: true });
      expect(detail.body.data.devices.map((device) => device.userAgent)).toContain('BolsaTest/1.0 (scenario)');
      const statement = await operatorCall<{ list: Array<{ amount: string; reason: string }> }>(
        `/users/${user.user.id}/statement`,
        reviewer,
      );
      expect(statement.body.data.list[0]).toMatchObject({ amount: '25.00', reason: 'deposit' });

      expect((await operatorCall('/users/999999999', reviewer, undefined, 'es')).body).toMatchObject({
        code: 6040,
        msg: 'El usuario no existe',
      });
    });

    it('a login freeze ends the sessions at once and refuses login; another user is never affected; unfreezing tells the user', async () => {
      const frozen = await registerUser(testApp);
      const bystander = await registerUser(testApp);
      const before = await auditCount(testApp);
      const response = await operatorCall<{ restrictions: Array<{ kind: string; reason: string }> }>(
        `/users/${frozen.user.id}/freeze`,
        admin,
        { kind: 'login', reason: 'Suspected account takeover' },
      );
      expect(response.body.data.restrictions).toMatchObject([{ kind: 'login', reason: 'Suspected account takeover' }]);
      expect(await auditCount(testApp)).toBe(before + 1);

      expect((await userCall('/api/user/info', frozen.token)).status).toBe(401);
      expect((await login(frozen, 'es')).body).toMatchObject({
        code: 2014,
        msg: 'Esta cuenta está congelada, comuníquese con atención al cliente',
      });
      expect((await userCall('/api/user/info', bystander.token)).body.code).toBe(200);
      expect((await login(bystander)).body.code).toBe(200);

      await operatorCall(`/users/${frozen.user.id}/unfreeze`, admin, { kind: 'login', reason: 'Owner verified by phone' });
      const again = await login(frozen);
      expect(again.body.code).toBe(200);
      const inbox = await testApp.call<{ list: Array<{ title: string }> }>('/userMessage/getMessage', {
        token: again.body.data.token,
        method: 'GET',
        language: 'en',
      });
      expect(inbox.body.data.list.map((message) => message.title)).toContain('Account restored');
    });

    it('a trading freeze refuses new orders (translated) but still lets the user close; another user keeps trading', async () => {
      const frozen = await registerUser(testApp);
      const bystander = await registerUser(testApp);
      await fund(frozen, 'STOCK', '5000');
      await fund(bystander, 'STOCK', '5000');
      const opened = await buy(frozen);
      expect(opened.body.data.status).toBe(1);

      await operatorCall(`/users/${frozen.user.id}/freeze`, admin, { kind: 'trading', reason: 'Margin abuse' });
      const ordersBefore = await testApp.database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM trading_orders`);
      const refused = await buy(frozen, {}, 'de');
      expect(refused.body).toMatchObject({
        code: 5040,
        msg: 'Der Handel auf diesem Konto ist gesperrt; Sie können Ihre Positionen weiterhin schließen',
      });
      const ordersAfter = await testApp.database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM trading_orders`);
      expect(ordersAfter.rows[0]?.n).toBe(ordersBefore.rows[0]?.n);
      expect((await wallet(frozen, 'STOCK')).usedBalance).toBe('0.00');

      const closed = await userCall<Order>('/position/flatPosition', frozen.token, {
        id: opened.body.data.positionId,
        idempotencyKey: key(),
      });
      expect(closed.body).toMatchObject({ code: 200, data: { status: 1 } });
      expect((await buy(bystander)).body.code).toBe(200);
      const inbox = await testApp.call<{ list: Array<{ content: string }> }>('/userMessage/getMessage', {
        token: frozen.token,
        method: 'GET',
        language: 'en',
      });
      expect(inbox.body.data.list[0]?.content).toBe(
        'New orders on your account are frozen: Margin abuse. You can still close your positions.',
      );

      await operatorCall(`/users/${frozen.user.id}/unfreeze`, admin, { kind: 'trading', reason: 'Reviewed' });
      expect((await buy(frozen)).body.code).toBe(200);
      const orders = await operatorCall<{ total: number }>(`/users/${frozen.user.id}/orders`, reviewer);
      expect(orders.body.data.total).toBe(3);
      const positions = await operatorCall<{ total: number }>(`/users/${frozen.user.id}/positions?status=closed`, reviewer);
      expect(positions.body.data.total).toBe(1);
    });

    it('a withdrawal freeze refuses withdrawals and holds nothing; another user still withdraws', async () => {
      const makeWithdrawer = async () => {
        const user = await registerUser(testApp);
        await fund(user, 'BALANCE', '100.00');
        await verifyIdentity(testApp, user, admin);
        await userCall('/settingPayPassword', user.token, { payPassword: '123456', confirmPayPassword: '123456' });
        const card = await userCall<{ id: string }>('/UserAccount/addCardNo', user.token, {
          bankName: 'Banco Nación',
          accountName: 'Ana Pérez',
          cardNumber: '4509 9535 8000 6623',
        });
        return { user, cardId: card.body.data.id };
      };
      const frozen = await makeWithdrawer();
      const bystander = await makeWithdrawer();
      await operatorCall(`/users/${frozen.user.user.id}/freeze`, admin, { kind: 'withdrawals', reason: 'Chargeback under review' });
      const withdraw = (who: { user: User; cardId: string }, language = 'en') =>
        userCall(
          '/withdrawal/withdrawal-apply',
          who.user.token,
          { method: 'bank', cardId: who.cardId, amount: '10.00', payPassword: '123456', idempotencyKey: key() },
          language,
        );
      expect((await withdraw(frozen, 'ja')).body).toMatchObject({
        code: 4040,
        msg: 'このアカウントの出金は凍結されています。カスタマーサービスにお問い合わせください',
      });
      expect((await wallet(frozen.user, 'BALANCE')).usedBalance).toBe('0.00');
      expect((await withdraw(bystander)).body.code).toBe(200);
      await operatorCall(`/users/${frozen.user.user.id}/unfreeze`, admin, { kind: 'withdrawals', reason: 'Resolved' });
      expect((await withdraw(frozen)).body.code).toBe(200);
    });

    it('revoking sessions ends every live session of that user only, and says how many', async () => {
      const user = await registerUser(testApp);
      const second = await login(user);
      const bystander = await registerUser(testApp);
      const revoked = await operatorCall<{ revokedCount: number }>(`/users/${user.user.id}/sessions/revoke`, admin, {
        reason: 'Lost phone',
      });
      expect(revoked.body.data.revokedCount).toBe(2);
      expect((await userCall('/api/user/info', user.token)).status).toBe(401);
      expect((await userCall('/api/user/info', second.body.data.token)).status).toBe(401);
      expect((await userCall('/api/user/info', bystander.token)).body.code).toBe(200);
      expect((await login(user)).body.code).toBe(200);
    });
  });

  describe('four-eyes adjustments', () => {
    const request = (token: string, user: User, body: Record<string, unknown> = {}, language = 'en') =>
      operatorCall<Adjustment>(
        '/adjustments',
        token,
        {
          userId: user.user.id,
          walletType: 'BALANCE',
          direction: 'credit',
          amount: '40.00',
          reasonCode: 'goodwill',
          note: 'Compensation for the outage of 3 March',
          ...body,
        },
        language,
      );
    const journalsOf = async (adjustmentId: string) =>
      (
        await testApp.database.db.execute<{ reason: string }>(
          sql`SELECT reason FROM ledger_journals WHERE idempotency_key = ${`adjustment:${adjustmentId}`}`,
        )
      ).rows;

    it('moves nothing on request; the requester can never decide it; a second operator approves and exactly one journal posts', async () => {
      const user = await registerUser(testApp);
      const requested = await request(admin, user);
      expect(requested.body.data.status).toBe('pending');
      expect((await wallet(user, 'BALANCE')).balance).toBe('0.00');

      const pending = await operatorCall<{ list: Adjustment[] }>('/adjustments', reviewer);
      expect(pending.body.data.list.map((row) => row.id)).toContain(requested.body.data.id);

      const before = await auditCount(testApp);
      const self = await operatorCall(`/adjustments/${requested.body.data.id}/approve`, admin, {}, 'es');
      expect(self.body).toMatchObject({ code: 6043, msg: 'Un segundo operador debe resolver un ajuste que usted solicitó' });
      expect((await operatorCall(`/adjustments/${requested.body.data.id}/reject`, admin, { reason: 'mine' })).body.code).toBe(6043);
      expect(await auditCount(testApp)).toBe(before);
      expect((await wallet(user, 'BALANCE')).balance).toBe('0.00');

      const approved = await operatorCall<Adjustment>(`/adjustments/${requested.body.data.id}/approve`, reviewer, {});
      expect(approved.body.data).toMatchObject({ status: 'approved', journalId: expect.any(String) });
      expect((await wallet(user, 'BALANCE')).balance).toBe('40.00');
      expect(await journalsOf(requested.body.data.id)).toEqual([{ reason: 'adjustment' }]);
      expect(await auditCount(testApp)).toBe(before + 1);

      const twice = await operatorCall(`/adjustments/${requested.body.data.id}/approve`, secondAdmin, {});
      expect(twice.body.code).toBe(6042);
      expect((await wallet(user, 'BALANCE')).balance).toBe('40.00');
      expect(await journalsOf(requested.body.data.id)).toHaveLength(1);
      const inbox = await testApp.call<{ list: Array<{ content: string }> }>('/userMessage/getMessage', {
        token: user.token,
        method: 'GET',
        language: 'en',
      });
      expect(inbox.body.data.list[0]?.content).toBe('40.00 USD was credited to your BALANCE wallet.');
    });

    it('refuses at approval a debit the available balance cannot cover, leaving it pending; a covered debit posts; a rejection moves nothing', async () => {
      const user = await registerUser(testApp);
      await fund(user, 'BALANCE', '30.00');
      const tooMuch = await request(reviewer, user, { direction: 'debit', amount: '30.01', reasonCode: 'error_correction' });
      const refused = await operatorCall(`/adjustments/${tooMuch.body.data.id}/approve`, admin, {});
      expect(refused.body.code).toBe(4001);
      expect((await wallet(user, 'BALANCE')).balance).toBe('30.00');
      const stillPending = await operatorCall<{ list: Adjustment[] }>('/adjustments?status=pending&pageSize=100', admin);
      expect(stillPending.body.data.list.find((row) => row.id === tooMuch.body.data.id)?.status).toBe('pending');

      const covered = await request(reviewer, user, { direction: 'debit', amount: '12.50', reasonCode: 'chargeback' });
      expect((await operatorCall(`/adjustments/${covered.body.data.id}/approve`, admin, {})).body.code).toBe(200);
      expect((await wallet(user, 'BALANCE')).balance).toBe('17.50');

      expect(
        (await operatorCall<Adjustment>(`/adjustments/${tooMuch.body.data.id}/reject`, admin, { reason: 'Amount wrong' })).body.data,
      ).toMatchObject({ status: 'rejected', journalId: null });
      expect(await journalsOf(tooMuch.body.data.id)).toEqual([]);
      expect((await wallet(user, 'BALANCE')).balance).toBe('17.50');
      const reconciliation = await operatorCall<{ isBalanced: boolean }>('/ledger/reconciliation', admin);
      expect(reconciliation.body.data.isBalanced).toBe(true);
    });

    it("bounds each adjustment by the operator's role, translated, at request and at approval", async () => {
      const user = await registerUser(testApp);
      const overReviewer = await request(reviewer, user, { amount: '10000.01' }, 'es');
      expect(overReviewer.status).toBe(400);
      expect(overReviewer.body).toMatchObject({
        code: 6045,
        msg: 'Un ajuste puede ser como máximo de 10000.00 USD para su rol',
        data: null,
      });
      const issueAmount = await request(admin, user, { amount: '99999999999999999999.99' });
      expect(issueAmount.body).toMatchObject({ code: 6045, msg: 'An adjustment may be at most 1000000.00 USD for your role' });

      const large = await request(admin, user, { amount: '50000.00' });
      expect(large.body.data.status).toBe('pending');
      const byReviewer = await operatorCall(`/adjustments/${large.body.data.id}/approve`, reviewer, {});
      expect(byReviewer.body.code).toBe(6045);
      expect((await wallet(user, 'BALANCE')).balance).toBe('0.00');
      expect((await operatorCall(`/adjustments/${large.body.data.id}/approve`, secondAdmin, {})).body.code).toBe(200);
      expect((await wallet(user, 'BALANCE')).balance).toBe('50000.00');
    });

    it('refuses an amount no balance column can hold, translated, at request or at approval, never a 500', async () => {
      const user = await registerUser(testApp);
      const huge = `${'9'.repeat(38)}.99`;
      const requested = await request(admin, user, { amount: huge });
      const answer =
        requested.body.code === 200 ? await operatorCall(`/adjustments/${requested.body.data.id}/approve`, reviewer, {}, 'en') : requested;
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 1015, msg: 'A number is larger than the platform can hold' });
    });

    it('refuses a request for an unknown user or with an unknown reason code, writing nothing', async () => {
      const before = await auditCount(testApp);
      const ghost = { email: '', password: '', token: '', user: { id: '999999999' } };
      expect((await request(admin, ghost)).body.code).toBe(6040);
      const user = await registerUser(testApp);
      expect((await request(admin, user, { reasonCode: 'because' })).body.code).toBe(1001);
      expect((await request(admin, user, { amount: '-5' })).body.code).toBe(1001);
      expect(await auditCount(testApp)).toBe(before);
    });
  });

  describe('instruments', () => {
    type Instrument = {
      code: string;
      isHalted: boolean;
      effective: { feeRate: string; feeMinimum: string; leverageMin: number; leverageMax: number; minQuantity: string };
    };

    it('a halted instrument refuses new orders in the user language while its quote still shows it halted; resume restores trading', async () => {
      const user = await registerUser(testApp);
      await fund(user, 'STOCK', '5000');
      const halted = await operatorCall<Instrument>('/instruments/AAPL/halt', admin, { reason: 'Pending news' });
      expect(halted.body.data.isHalted).toBe(true);
      const refused = await buy(user, {}, 'es');
      expect(refused.body).toMatchObject({ code: 5041, msg: 'La negociación de AAPL está suspendida' });
      expect((await wallet(user, 'STOCK')).usedBalance).toBe('0.00');
      const ticket = await userCall<{ isHalted: boolean; marketStatus: string }>('/stocka_config/getMinCount', user.token, {
        stockCode: 'AAPL',
      });
      expect(ticket.body.data).toMatchObject({ isHalted: true, marketStatus: 'open' });
      const list = await operatorCall<{ list: Instrument[] }>('/instruments?isHalted=true', admin);
      expect(list.body.data.list.map((row) => row.code)).toEqual(['AAPL']);

      await operatorCall('/instruments/AAPL/resume', admin, {});
      expect((await buy(user)).body.code).toBe(200);
      const audit = await testApp.database.db.execute<{ action: string; before_halted: boolean | null; after_halted: boolean }>(sql`
        SELECT action, (before->>'isHalted')::boolean AS before_halted, (after->>'isHalted')::boolean AS after_halted
        FROM audit_log WHERE target_type = 'instrument' AND target_id = 'AAPL' ORDER BY id`);
      expect(audit.rows).toEqual([
        { action: 'instrument.halt', before_halted: null, after_halted: true },
        { action: 'instrument.resume', before_halted: true, after_halted: false },
      ]);
    });

    it('an edited minimum quantity, leverage limit and fee take effect on the very next order, and reset to the defaults', async () => {
      const user = await registerUser(testApp);
      await fund(user, 'STOCK', '20000');
      const defaults = await operatorCall<{ list: Instrument[] }>('/instruments?query=MSFT', admin);
      expect(defaults.body.data.list[0]?.effective).toEqual({
        feeRate: '0.001',
        feeMinimum: '1.00',
        leverageMin: 1,
        leverageMax: 5,
        minQuantity: '1',
      });

      await operatorCall('/instruments/MSFT/settings', admin, { minQuantity: '5', leverageMax: 3, feeRate: '0.01' });
      const buyMsft = (quantity: string, leverage: number) =>
        userCall<Order>('/stock/create', user.token, { stockCode: 'MSFT', direction: 0, quantity, leverage, idempotencyKey: key() }, 'en');
      expect((await buyMsft('4', 1)).body).toMatchObject({ code: 5002, msg: expect.stringContaining('5') });
      expect((await buyMsft('5', 4)).body.code).toBe(5004);
      const filled = await buyMsft('5', 3);
      // 5 × 200.00 = 1,000.00 traded at the edited 1 % rate.
      expect(filled.body.data).toMatchObject({ status: 1, fee: '10.00' });

      await operatorCall('/markets/0/settings', admin, { feeMinimum: '25.00' });
      expect((await buyMsft('5', 3)).body.data.fee).toBe('25.00');

      const invalid = await operatorCall('/instruments/MSFT/settings', admin, { leverageMin: 4 }, 'en');
      expect(invalid.body).toMatchObject({ code: 6044, msg: 'These trading settings are not valid: leverage 4 > 3' });
      expect((await operatorCall('/markets/0/settings', admin, { minQuantity: '2' })).body.code).toBe(6044);

      await operatorCall('/instruments/MSFT/settings', admin, { minQuantity: null, leverageMax: null, feeRate: null });
      await operatorCall('/markets/0/settings', admin, { feeMinimum: null });
      const reset = await operatorCall<{ list: Instrument[] }>('/instruments?query=MSFT', admin);
      expect(reset.body.data.list[0]?.effective).toEqual(defaults.body.data.list[0]?.effective);
      expect((await buyMsft('1', 5)).body.data.fee).toBe('1.00');

      const audit = await testApp.database.db.execute<{ before_min: string | null; after_min: string | null }>(sql`
        SELECT before->>'minQuantity' AS before_min, after->>'minQuantity' AS after_min
        FROM audit_log WHERE action = 'instrument.settings' AND target_id = 'MSFT' ORDER BY id`);
      expect(audit.rows).toEqual([
        { before_min: null, after_min: '5' },
        { before_min: '5', after_min: null },
      ]);
    });
  });

  it('uploaded files stay readable to operators with files.read', async () => {
    const user = await registerUser(testApp);
    const uploaded = await upload(testApp, user.token, tinyPng);
    const key = String(uploaded.body.data?.url).split('/').pop();
    const response = await testApp.app.inject({ method: 'GET', url: `/admin/api/file/${key}`, headers: { authorization: reviewer } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });
});
