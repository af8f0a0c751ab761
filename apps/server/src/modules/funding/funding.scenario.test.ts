import { readdirSync } from 'node:fs';
import { join } from 'node:path';
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
import { createLedgerService } from '../ledger/index.ts';
import type { ChainWatcher, FxRates } from './index.ts';
import { createReferenceFxRates } from './index.ts';

type Wallet = { walletType: string; currency: string; balance: string; usedBalance: string; availableBalance: string };
type Deposit = { id: string; status: string; reviewStatus: number; confirmations: number | null; reason: string | null };
type Withdrawal = { id: string; status: string; timeline: Array<{ step: string }>; destination: string };

let clock = new Date('2026-11-18T15:00:00Z'); // a Wednesday: forex trades
const confirmations = new Map<string, number>();
const chainWatcher: ChainWatcher = { confirmations: async ({ txHash }) => confirmations.get(txHash) ?? 0 };
let isForexOpen = true;
const reference = createReferenceFxRates({ isAlwaysOpen: true });
const fxRates: FxRates = { rate: reference.rate, isMarketOpen: () => isForexOpen };

describe('funding: deposits, transfers and withdrawals through the API, all on the ledger', () => {
  let testApp: TestApp;
  let operator: string;

  const wallet = async (token: string, walletType: string) =>
    (await testApp.call<Wallet>('/wallet/getWalletBalance', { token, body: { walletType } })).body.data;
  const reconcile = () =>
    createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } }).reconcile();
  const runJob = (name: string) => testApp.app.platform.jobs.runIfDue(name);
  const resetJobClock = () => testApp.database.db.execute(sql`DELETE FROM platform_job_runs`);

  /** A user with money in BALANCE, deposited by bank transfer and approved by the operator. */
  async function fundedUser(amount: string) {
    const user = await registerUser(testApp);
    const uploaded = await upload(testApp, user.token, tinyPng);
    const deposit = await testApp.call<Deposit>('/recharge/create', {
      token: user.token,
      body: { method: 'fiat', walletType: 'BALANCE', amount, screenshotUrl: uploaded.body.data?.url },
    });
    await testApp.call(`/deposits/${deposit.body.data.id}/approve`, { isOperatorApi: true, token: operator });
    await verifyIdentity(testApp, user, operator);
    return user;
  }

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { chainWatcher, fxRates, now: () => clock } });
    operator = await operatorToken(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('shows nine empty wallets to a new user', async () => {
    const { token } = await registerUser(testApp);
    const overview = await testApp.call<{ wallets: Wallet[]; totalUsd: string }>('/userCenter/getWalletBalance', { token });
    expect(overview.body.data.wallets.map((entry) => entry.walletType)).toEqual([
      'BALANCE',
      'FOLLOW',
      'FUTURE',
      'STOCK',
      'SUBSCRIPTION',
      'FOREX',
      'TW',
      'AR',
      'US_WALLET',
    ]);
    expect(overview.body.data.wallets.find((entry) => entry.walletType === 'TW')).toMatchObject({ currency: 'TWD', balance: '0.00' });
    expect(overview.body.data.totalUsd).toBe('0.00');
  });

  it('credits a bank deposit only when an operator approves it, and records who did', async () => {
    const user = await registerUser(testApp);
    const uploaded = await upload(testApp, user.token, tinyPng);
    expect(uploaded.body.data?.url).toMatch(/^\/web\/file\/[0-9a-f]{32}\.png$/);
    const created = await testApp.call<Deposit>('/recharge/create', {
      token: user.token,
      body: { method: 'fiat', walletType: 'BALANCE', amount: '250.75', screenshotUrl: uploaded.body.data?.url },
    });
    expect(created.body.data).toMatchObject({ status: 'pending', reviewStatus: 1 });
    expect((await wallet(user.token, 'BALANCE')).balance).toBe('0.00');

    const queue = await testApp.call<{ list: Array<{ id: string; userEmail: string }> }>('/deposits?status=pending', {
      isOperatorApi: true,
      token: operator,
      method: 'GET',
    });
    expect(queue.body.data.list).toContainEqual(expect.objectContaining({ id: created.body.data.id, userEmail: user.email }));
    const approved = await testApp.call<Deposit>(`/deposits/${created.body.data.id}/approve`, { isOperatorApi: true, token: operator });
    expect(approved.body.data).toMatchObject({ status: 'credited', reviewStatus: 3 });
    expect((await wallet(user.token, 'BALANCE')).balance).toBe('250.75');
    const again = await testApp.call(`/deposits/${created.body.data.id}/approve`, { isOperatorApi: true, token: operator, language: 'en' });
    expect(again.body).toMatchObject({ code: 4014, msg: 'This request was already reviewed' });
    expect((await wallet(user.token, 'BALANCE')).balance).toBe('250.75');

    const bill = await testApp.call<{ list: Array<{ amount: string; reason: string; balanceAfter: string; createTime: string }> }>(
      '/wallet/getWalletBill',
      {
        token: user.token,
        body: { timeZone: 'America/Argentina/Buenos_Aires' },
      },
    );
    expect(bill.body.data.list).toEqual([expect.objectContaining({ amount: '250.75', reason: 'deposit', balanceAfter: '250.75' })]);
    expect(bill.body.data.list[0]?.createTime).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);

    const audit = await testApp.database.db.execute(
      sql`SELECT action, target_id, before->>'status' AS before, after->>'status' AS after FROM audit_log WHERE target_id = ${created.body.data.id}`,
    );
    expect(audit.rows).toEqual([{ action: 'deposit.approve', target_id: created.body.data.id, before: 'pending', after: 'credited' }]);
    expect((await reconcile()).isBalanced).toBe(true);
  });

  it('refuses a deposit whose screenshot is not an upload of the same user', async () => {
    const owner = await registerUser(testApp);
    const stranger = await registerUser(testApp);
    const uploaded = await upload(testApp, owner.token, tinyPng);
    const response = await testApp.call('/recharge/create', {
      token: stranger.token,
      body: { method: 'fiat', walletType: 'BALANCE', amount: '10.00', screenshotUrl: uploaded.body.data?.url },
    });
    expect(response.body.code).toBe(4010);
    const peek = await testApp.app.inject({
      method: 'GET',
      url: uploaded.body.data?.url ?? '',
      headers: { authorization: stranger.token },
    });
    expect(peek.statusCode).toBe(404);
    const own = await testApp.app.inject({ method: 'GET', url: uploaded.body.data?.url ?? '', headers: { authorization: owner.token } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
  });

  it('credits a crypto deposit after 3 confirmations, records one below the minimum without crediting it, and refuses a repeated hash', async () => {
    const user = await registerUser(testApp);
    const methods = await testApp.call<{ crypto: Array<{ network: string; address: string; confirmationsRequired: number }> }>(
      '/recharge/currency/selectList',
      { token: user.token },
    );
    expect(methods.body.data.crypto).toContainEqual(
      expect.objectContaining({ network: 'TRC20', confirmationsRequired: 3, address: expect.stringMatching(/^T\w{33}$/) }),
    );

    const txHash = `ab${Date.now().toString(16)}cd`.padEnd(64, '0');
    const created = await testApp.call<Deposit>('/recharge/create', {
      token: user.token,
      body: { method: 'crypto', network: 'TRC20', amount: '75.00', txHash },
    });
    expect(created.body.data).toMatchObject({ status: 'confirming', confirmations: 0 });
    const duplicate = await testApp.call('/recharge/create', {
      token: user.token,
      body: { method: 'crypto', network: 'TRC20', amount: '75.00', txHash },
    });
    expect(duplicate.body.code).toBe(4006);

    confirmations.set(txHash, 2);
    await resetJobClock();
    await runJob('funding-chain-watcher');
    expect((await wallet(user.token, 'BALANCE')).balance).toBe('0.00');
    confirmations.set(txHash, 3);
    await resetJobClock();
    await runJob('funding-chain-watcher');
    expect((await wallet(user.token, 'BALANCE')).balance).toBe('75.00');
    const record = await testApp.call<{ list: Deposit[] }>('/recharge/listPage', { token: user.token, body: { pageNum: 1, pageSize: 10 } });
    expect(record.body.data.list[0]).toMatchObject({ status: 'credited', confirmations: 3 });

    const small = await testApp.call<Deposit>('/recharge/create', {
      token: user.token,
      body: { method: 'crypto', network: 'TRC20', amount: '0.50', txHash: txHash.replace(/^ab/, 'ef') },
    });
    expect(small.body.data).toMatchObject({ status: 'below_minimum', reviewStatus: 2 });
    confirmations.set(txHash.replace(/^ab/, 'ef'), 10);
    await resetJobClock();
    await runJob('funding-chain-watcher');
    expect((await wallet(user.token, 'BALANCE')).balance).toBe('75.00');
  });

  it('transfers between two USD wallets at once, and refuses more than is available', async () => {
    const user = await fundedUser('100.00');
    const moved = await testApp.call('/wallet/transfer', {
      token: user.token,
      body: { fromWalletType: 'BALANCE', toWalletType: 'STOCK', amount: '40.00', idempotencyKey: `transfer-key-${user.user.id}-1` },
    });
    expect(moved.body.data).toMatchObject({ status: 'completed', fromAmount: '40.00', toAmount: '40.00' });
    const retried = await testApp.call('/wallet/transfer', {
      token: user.token,
      body: { fromWalletType: 'BALANCE', toWalletType: 'STOCK', amount: '40.00', idempotencyKey: `transfer-key-${user.user.id}-1` },
    });
    expect(retried.body.data).toEqual(moved.body.data);
    expect((await wallet(user.token, 'STOCK')).balance).toBe('40.00');
    const tooMuch = await testApp.call('/wallet/transfer', {
      token: user.token,
      language: 'ar',
      body: { fromWalletType: 'BALANCE', toWalletType: 'STOCK', amount: '60.01', idempotencyKey: `transfer-key-${user.user.id}-2` },
    });
    expect(tooMuch.body).toMatchObject({ code: 4001, msg: 'Saldo disponible insuficiente' });
    const same = await testApp.call('/wallet/transfer', {
      token: user.token,
      language: 'en',
      body: { fromWalletType: 'STOCK', toWalletType: 'STOCK', amount: '1', idempotencyKey: `transfer-key-${user.user.id}-3` },
    });
    expect(same.body.msg).toBe('To wallet: Choose two different wallets');
    expect((await wallet(user.token, 'BALANCE')).balance).toBe('60.00');
  });

  it('converts USD to TWD at the quoted rate, and refuses a quote older than 30 s', async () => {
    const user = await fundedUser('100.00');
    const quote = await testApp.call<{ quoteId: string; toAmount: string; rate: string }>('/wallet/transferQuote', {
      token: user.token,
      body: { fromWalletType: 'BALANCE', toWalletType: 'TW', amount: '10.00' },
    });
    expect(quote.body.data).toMatchObject({ toAmount: '316.20', rate: '31.6195' });
    const converted = await testApp.call('/wallet/transfer', {
      token: user.token,
      body: {
        fromWalletType: 'BALANCE',
        toWalletType: 'TW',
        amount: '10.00',
        quoteId: quote.body.data.quoteId,
        idempotencyKey: `fx-transfer-${user.user.id}-1`,
      },
    });
    expect(converted.body.data).toMatchObject({ status: 'completed', toAmount: '316.20' });
    expect(await wallet(user.token, 'TW')).toMatchObject({ currency: 'TWD', balance: '316.20' });

    const reused = await testApp.call('/wallet/transfer', {
      token: user.token,
      body: {
        fromWalletType: 'BALANCE',
        toWalletType: 'TW',
        amount: '10.00',
        quoteId: quote.body.data.quoteId,
        idempotencyKey: `fx-transfer-${user.user.id}-2`,
      },
    });
    expect(reused.body.code).not.toBe(200);

    const stale = await testApp.call<{ quoteId: string }>('/wallet/transferQuote', {
      token: user.token,
      body: { fromWalletType: 'BALANCE', toWalletType: 'TW', amount: '5.00' },
    });
    clock = new Date(clock.getTime() + 31_000);
    const late = await testApp.call('/wallet/transfer', {
      token: user.token,
      body: {
        fromWalletType: 'BALANCE',
        toWalletType: 'TW',
        amount: '5.00',
        quoteId: stale.body.data.quoteId,
        idempotencyKey: `fx-transfer-${user.user.id}-3`,
      },
    });
    expect(late.body.code).toBe(4003);
    expect((await wallet(user.token, 'BALANCE')).balance).toBe('90.00');
    const report = await reconcile();
    expect(report.isBalanced).toBe(true);
  });

  it('holds a conversion asked for while forex is closed, converts it at the open, or releases it when cancelled', async () => {
    const user = await fundedUser('100.00');
    isForexOpen = false;
    try {
      const ask = async (amount: string, key: string) => {
        const quote = await testApp.call<{ quoteId: string }>('/wallet/transferQuote', {
          token: user.token,
          body: { fromWalletType: 'BALANCE', toWalletType: 'AR', amount },
        });
        return testApp.call<{ transferId: string; status: string }>('/wallet/transfer', {
          token: user.token,
          body: { fromWalletType: 'BALANCE', toWalletType: 'AR', amount, quoteId: quote.body.data.quoteId, idempotencyKey: key },
        });
      };
      const waiting = await ask('20.00', `closed-${user.user.id}-1`);
      const cancelled = await ask('30.00', `closed-${user.user.id}-2`);
      expect(waiting.body.data.status).toBe('pending');
      expect(await wallet(user.token, 'BALANCE')).toMatchObject({ balance: '100.00', usedBalance: '50.00', availableBalance: '50.00' });
      const cancel = await testApp.call('/wallet/cancelTransfer', {
        token: user.token,
        body: { transferId: cancelled.body.data.transferId },
      });
      expect(cancel.body.data).toMatchObject({ status: 'cancelled' });
      const stranger = await registerUser(testApp);
      expect(
        (await testApp.call('/wallet/cancelTransfer', { token: stranger.token, body: { transferId: waiting.body.data.transferId } })).body
          .code,
      ).toBe(4004);
      await resetJobClock();
      await runJob('funding-pending-transfers');
      expect((await wallet(user.token, 'AR')).balance).toBe('0.00');
    } finally {
      isForexOpen = true;
    }
    await resetJobClock();
    await runJob('funding-pending-transfers');
    expect(await wallet(user.token, 'AR')).toMatchObject({ currency: 'ARS', balance: '29000.00' });
    expect(await wallet(user.token, 'BALANCE')).toMatchObject({ balance: '80.00', usedBalance: '0.00' });
    expect((await reconcile()).isBalanced).toBe(true);
  });

  it('withdraws to a bank card: pay password checked, amount held once however often retried, paid by an operator', async () => {
    const user = await fundedUser('100.00');
    const card = await testApp.call<{ id: string; cardNumberMasked: string }>('/UserAccount/addCardNo', {
      token: user.token,
      body: { bankName: 'Banco Nación', accountName: 'Ana Pérez', cardNumber: '4509 9535 8000 6623' },
    });
    expect(card.body.data.cardNumberMasked).toBe('**** 6623');
    const apply = (payPassword: string, key: string, amount = '30.00') =>
      testApp.call<Withdrawal>('/withdrawal/withdrawal-apply', {
        token: user.token,
        body: { method: 'bank', cardId: card.body.data.id, amount, payPassword, idempotencyKey: key },
      });

    expect((await apply('123456', `withdrawal-key-${user.user.id}-0`)).body.code).toBe(2011);
    await testApp.call('/settingPayPassword', { token: user.token, body: { payPassword: '123456', confirmPayPassword: '123456' } });
    expect((await apply('654321', `withdrawal-key-${user.user.id}-1`)).body.code).toBe(2012);
    expect((await wallet(user.token, 'BALANCE')).usedBalance).toBe('0.00');

    const [first, second] = await Promise.all([
      apply('123456', `withdrawal-key-${user.user.id}-2`),
      apply('123456', `withdrawal-key-${user.user.id}-2`),
    ]);
    expect(first.body.data.id).toBe(second.body.data.id);
    expect(first.body.data).toMatchObject({ status: 'pending', destination: 'Banco Nación **** 6623' });
    expect(await wallet(user.token, 'BALANCE')).toMatchObject({ balance: '100.00', usedBalance: '30.00', availableBalance: '70.00' });
    expect((await apply('123456', `withdrawal-key-${user.user.id}-3`, '70.01')).body.code).toBe(4001);

    const usable = await testApp.call<{ amount: string }>('/withdrawal/getUsableWithdrawalAmount', { token: user.token, method: 'GET' });
    expect(usable.body.data.amount).toBe('70.00');

    const paid = await testApp.call<Withdrawal>(`/withdrawals/${first.body.data.id}/approve`, { isOperatorApi: true, token: operator });
    expect(paid.body.data.timeline.map((step) => step.step)).toEqual(['requested', 'paid']);
    expect(await wallet(user.token, 'BALANCE')).toMatchObject({ balance: '70.00', usedBalance: '0.00' });

    const another = await apply('123456', `withdrawal-key-${user.user.id}-4`, '20.00');
    const rejected = await testApp.call<Withdrawal>(`/withdrawals/${another.body.data.id}/reject`, {
      isOperatorApi: true,
      token: operator,
      body: { reason: 'Titular distinto' },
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'Titular distinto' });
    expect(await wallet(user.token, 'BALANCE')).toMatchObject({ balance: '70.00', availableBalance: '70.00' });
    const list = await testApp.call<{ list: Withdrawal[] }>('/withdrawal/listPage', { token: user.token });
    expect(list.body.data.list.map((entry) => entry.status)).toEqual(['rejected', 'paid']);
    expect((await reconcile()).isBalanced).toBe(true);
  });

  it('withdraws to a Japanese yen bank account with the withdrawal password', async () => {
    const user = await fundedUser('50.00');
    await testApp.call('/settingPayPassword', { token: user.token, body: { payPassword: '112233', confirmPayPassword: '112233' } });
    const response = await testApp.call<Withdrawal>('/withdrawal/other-withdrawal-apply', {
      token: user.token,
      body: {
        institutionName: 'MUFG Bank',
        branchNumber: '001',
        branchName: 'Tokyo',
        accountNumber: '1234567',
        recipientName: 'Yamada Taro',
        amount: '25.00',
        payPassword: '112233',
        idempotencyKey: `yen-withdrawal-${user.user.id}`,
      },
    });
    expect(response.body.data).toMatchObject({ status: 'pending', destination: 'MUFG Bank Tokyo (001) ****567' });
    expect((await wallet(user.token, 'BALANCE')).availableBalance).toBe('25.00');
  });

  it("never lets one user use, change or delete another user's card or address", async () => {
    const owner = await registerUser(testApp);
    const stranger = await registerUser(testApp);
    await testApp.call('/settingPayPassword', { token: stranger.token, body: { payPassword: '123456', confirmPayPassword: '123456' } });
    const card = await testApp.call<{ id: string }>('/UserAccount/addCardNo', {
      token: owner.token,
      body: { bankName: 'Galicia', accountName: 'Owner', cardNumber: '4111 1111 3111 7890' },
    });
    const address = await testApp.call<{ id: string }>('/UserAccount/saveWalletAddress', {
      token: owner.token,
      body: { network: 'ERC20', address: `0x${'a'.repeat(40)}` },
    });
    expect(address.body.code).toBe(200);
    const id = Number(card.body.data.id);
    expect(
      (
        await testApp.call('/UserAccount/UpdateCardNo', {
          token: stranger.token,
          body: { id, bankName: 'X', accountName: 'Y', cardNumber: '4111 1111 3111 7890' },
        })
      ).body.code,
    ).toBe(4011);
    expect((await testApp.call('/UserAccount/delete-card', { token: stranger.token, body: { id } })).body.code).toBe(4011);
    expect(
      (
        await testApp.call('/withdrawal/withdrawal-apply', {
          token: stranger.token,
          body: { method: 'bank', cardId: id, amount: '1', payPassword: '123456', idempotencyKey: 'steal-attempt-1' },
        })
      ).body.code,
    ).toBe(4011);
    expect(
      (await testApp.call('/UserAccount/deleteWalletAddress', { token: stranger.token, body: { id: Number(address.body.data.id) } })).body
        .code,
    ).toBe(4012);
    expect((await testApp.call<unknown[]>('/UserAccount/SelectCardNo', { token: stranger.token })).body.data).toEqual([]);
    expect((await testApp.call<unknown[]>('/UserAccount/SelectCardNo', { token: owner.token })).body.data).toHaveLength(1);
    const badAddress = await testApp.call('/UserAccount/saveWalletAddress', {
      token: owner.token,
      language: 'en',
      body: { network: 'TRC20', address: `0x${'a'.repeat(40)}` },
    });
    expect(badAddress.body.msg).toBe('Wallet address: This is not a valid address for the chosen network');
  });

  it('keeps the two worlds apart: a user token never opens the operator API, nor an operator token the app API', async () => {
    const user = await registerUser(testApp);
    expect((await testApp.call('/deposits', { isOperatorApi: true, token: user.token, method: 'GET' })).status).toBe(401);
    expect((await testApp.call('/deposits', { isOperatorApi: true, method: 'GET' })).status).toBe(401);
    expect((await testApp.call('/api/user/info', { token: operator })).status).toBe(401);
    expect(
      (await testApp.call('/auth/login', { isOperatorApi: true, body: { email: 'ops@example.com', password: 'wrong-one' } })).body.code,
    ).toBe(6001);
    await expect(testApp.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
  });

  it('lets operators, and only them besides the owner, see an uploaded screenshot and the reconciliation report', async () => {
    const owner = await registerUser(testApp);
    const uploaded = await upload(testApp, owner.token, tinyPng);
    const key = uploaded.body.data?.url.split('/').pop() ?? '';
    const asOperator = await testApp.app.inject({ method: 'GET', url: `/admin/api/file/${key}`, headers: { authorization: operator } });
    expect(asOperator.statusCode).toBe(200);
    expect(asOperator.rawPayload.equals(tinyPng)).toBe(true);
    const asUser = await testApp.app.inject({ method: 'GET', url: `/admin/api/file/${key}`, headers: { authorization: owner.token } });
    expect(asUser.statusCode).toBe(401);
    const report = await testApp.call<{ isBalanced: boolean; currencyTotals: Array<{ currency: string; total: string }> }>(
      '/ledger/reconciliation',
      {
        isOperatorApi: true,
        token: operator,
        method: 'GET',
      },
    );
    expect(report.body.data.isBalanced).toBe(true);
    expect(report.body.data.currencyTotals.every((entry) => Number(entry.total) === 0)).toBe(true);
  });

  it('refuses wrong, renamed, oversized, empty and SVG uploads, and stores nothing', async () => {
    const { token } = await registerUser(testApp);
    const before = await testApp.database.db.execute(sql`SELECT count(*)::int AS n FROM uploads`);
    const filesBefore = readdirSync(join(testApp.config.dataDir, 'files'));
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases = [
      { bytes: Buffer.from('just some text'), filename: 'notes.txt', type: 'text/plain', code: 4008 },
      { bytes: svg, filename: 'renamed.png', type: 'image/png', code: 4008 },
      { bytes: svg, filename: 'drawing.svg', type: 'image/svg+xml', code: 4008 },
      { bytes: Buffer.from('<html><body>hi</body></html>'), filename: 'page.jpg', type: 'image/jpeg', code: 4008 },
      { bytes: Buffer.alloc(0), filename: 'empty.png', type: 'image/png', code: 4009 },
      { bytes: Buffer.concat([tinyPng, Buffer.alloc(6 * 1024 * 1024)]), filename: 'huge.png', type: 'image/png', code: 4007 },
    ];
    for (const entry of cases) {
      const response = await upload(testApp, token, entry.bytes, entry.filename, entry.type);
      expect(response.body.code, entry.filename).toBe(entry.code);
      expect(response.status).toBeLessThan(500);
    }
    expect((await upload(testApp, token, Buffer.concat([tinyPng, Buffer.alloc(6 * 1024 * 1024)]))).body.msg).toBe('Size cannot exceed 5M');
    const after = await testApp.database.db.execute(sql`SELECT count(*)::int AS n FROM uploads`);
    expect(after.rows[0]).toEqual(before.rows[0]);
    expect(readdirSync(join(testApp.config.dataDir, 'files'))).toEqual(filesBefore);
  });
});
