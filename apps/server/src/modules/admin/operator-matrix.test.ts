import { type OperatorRole, operatorPermissions, operatorRoles, roleHasPermission } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../platform/security/index.ts';
import { auditCount, operatorWithRole } from '../../test/operators.ts';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
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

/**
 * Every operator endpoint × every role, a user's token and no token. The endpoints are not listed
 * here: they are walked from the routes the server registered under /admin/api, each with the
 * permission its contract declares, so an endpoint another branch adds is in the matrix by itself
 * (and fails it until it declares its permission and gets a fixture below).
 */

type Caller = { name: string; role?: OperatorRole; token?: string };
/**
 * A request; `token` replaces the caller's when the call acts on the caller's own session (sign-out,
 * two-factor); `multipart` sends a file as the field `file` instead of a JSON body.
 */
type Request = { url: string; body?: unknown; token?: string; multipart?: Buffer };

/** A multipart body with one PNG in the field `file`, and its content type. */
function multipartOf(bytes: Buffer) {
  const boundary = `----matrix${Date.now().toString(16)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="image.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
type Fixture = (caller: Caller) => Promise<Request>;

/**
 * The mutating calls that write no audit row, and why: they touch only the caller's own session or an
 * unconfirmed secret, not the platform; the two-factor confirmation and removal are audited.
 */
const notAudited: Record<string, string> = {
  'POST /admin/api/auth/logout': "ends the caller's own session",
  'POST /admin/api/auth/totp/enrol': 'stores a secret that does nothing until confirmed (the confirmation is audited)',
};

const isMutating = (method: string) => method !== 'GET';

describe('operator permission matrix: only what the permission list grants succeeds, and every success is audited once', () => {
  let testApp: TestApp;
  const callers: Caller[] = [];
  // Two-factor codes are single-use per 30-second step: the clock moves on between a confirmation and a removal.
  let clockOffsetMs = 0;
  let requester: string;
  let publisher: string;
  let target: { token: string; user: { id: string } };
  let withdrawer: { token: string; user: { id: string } };
  let cardId: string;
  let counter = 0;
  const next = () => {
    counter += 1;
    return counter;
  };

  async function pendingDeposit(): Promise<string> {
    const uploaded = await upload(testApp, target.token, tinyPng);
    const deposit = await testApp.call<{ id: string }>('/recharge/create', {
      token: target.token,
      body: { method: 'fiat', walletType: 'BALANCE', amount: '10.00', screenshotUrl: uploaded.body.data?.url },
    });
    return deposit.body.data.id;
  }

  async function pendingWithdrawal(): Promise<string> {
    const response = await testApp.call<{ id: string }>('/withdrawal/withdrawal-apply', {
      token: withdrawer.token,
      body: { method: 'bank', cardId, amount: '1.00', payPassword: '123456', idempotencyKey: `matrix-withdrawal-${next()}` },
    });
    if (response.body.code !== 200) throw new Error(`withdrawal failed: ${response.body.msg}`);
    return response.body.data.id;
  }

  async function pendingKyc(): Promise<string> {
    const user = await registerUser(testApp);
    const front = await upload(testApp, user.token, tinyPng);
    const back = await upload(testApp, user.token, tinyPng);
    await testApp.call('/updateReal', {
      token: user.token,
      body: {
        documentType: 'idcard',
        countryCode: 'AR',
        firstName: 'Eva',
        lastName: 'Matrix',
        idNumber: `3${String(next()).padStart(7, '0')}`,
        frontImageUrl: front.body.data?.url,
        backImageUrl: back.body.data?.url,
      },
    });
    const queue = await testApp.call<{ list: Array<{ id: string; userId: string }> }>('/kyc?status=pending&pageSize=100', {
      isOperatorApi: true,
      token: requester,
      method: 'GET',
    });
    const mine = queue.body.data.list.find((row) => row.userId === user.user.id);
    if (!mine) throw new Error('kyc submission not queued');
    return mine.id;
  }

  /** A block-trading application waiting (the requirements are lowered to none in beforeAll). */
  async function pendingBlockApplication(): Promise<{ id: string; userId: string }> {
    const user = await registerUser(testApp);
    const applied = await testApp.call('/blockTrade/apply', {
      token: user.token,
      body: { answers: { price: 'band', risk: 'ordinary', expiry: 'refused' } },
    });
    if (applied.body.code !== 200) throw new Error(`block application failed: ${applied.body.msg}`);
    const queue = await testApp.call<{ list: Array<{ id: string; userId: string }> }>('/blocktrade/applications?pageSize=100', {
      isOperatorApi: true,
      token: requester,
      method: 'GET',
    });
    const mine = queue.body.data.list.find((row) => row.userId === user.user.id);
    if (!mine) throw new Error('block application not queued');
    return mine;
  }

  async function activeBlockPermission(): Promise<string> {
    const application = await pendingBlockApplication();
    await testApp.call(`/blocktrade/applications/${application.id}/approve`, { isOperatorApi: true, token: requester });
    return application.userId;
  }

  async function pendingAdjustment(): Promise<string> {
    const response = await testApp.call<{ id: string }>('/adjustments', {
      isOperatorApi: true,
      token: requester,
      body: { userId: target.user.id, walletType: 'BALANCE', direction: 'credit', amount: '1.00', reasonCode: 'goodwill', note: 'matrix' },
    });
    if (response.body.code !== 200) throw new Error(`adjustment request failed: ${response.body.msg}`);
    return response.body.data.id;
  }

  /** A loan application of the verified, funded withdrawer (score 35: 1750 of limit, 100 each), waiting for review. */
  async function pendingLoan(): Promise<string> {
    const rates = await testApp.call<{ products: Array<{ id: string; periodDays: number }> }>('/assist/getLoadsRate', {
      token: withdrawer.token,
      method: 'GET',
    });
    const productId = rates.body.data.products.find((product) => product.periodDays === 7)?.id;
    const terms = await testApp.call<{ terms: { totalRepay: string } }>(`/assist/getLoadsRate?amount=100&productId=${productId}`, {
      token: withdrawer.token,
      method: 'GET',
    });
    const applied = await testApp.call<{ id: string }>('/assist/saveAssist', {
      token: withdrawer.token,
      body: {
        productId,
        amount: '100',
        walletType: 'BALANCE',
        confirmedTotalRepay: terms.body.data.terms.totalRepay,
        idempotencyKey: `matrix-loan-${next()}`,
      },
    });
    if (applied.body.code !== 200) throw new Error(`loan application failed: ${applied.body.msg}`);
    return applied.body.data.id;
  }

  let referrerId: number | undefined;
  /** A referral reward held for review (as the job holds one on an abuse signal), for a fresh invitee each time. */
  async function heldReferral(): Promise<string> {
    referrerId ??= Number((await registerUser(testApp)).user.id);
    const invitee = Number((await registerUser(testApp)).user.id);
    const inserted = await testApp.database.db.execute<{ id: string }>(sql`
      INSERT INTO referral_rewards (invitee_user_id, referrer_user_id, state, signals, amount, currency, funded_since)
      VALUES (${invitee}, ${referrerId}, 'held', '["same_ip"]'::jsonb, 20, 'USD', now()) RETURNING id::text`);
    return inserted.rows[0]?.id ?? '0';
  }

  /** Follow institutions hold US stocks valued at live quotes: the matrix scripts two. */
  const quotes = scriptedQuotes();
  quotes.set('AAPL', '200', '200.1');
  quotes.set('MSFT', '400', '400.2');
  const institutionSettings = () => ({
    name: `Matrix Model ${next()}`,
    description: 'Matrix',
    managementFeeRate: '0.01',
    performanceFeeRate: '0.1',
    periodsMinutes: [60],
  });
  const institutionWeights = { weights: [{ code: 'AAPL', weight: '0.5' }] };
  async function institution(): Promise<string> {
    const response = await testApp.call<{ id: string }>('/follow/institutions', {
      isOperatorApi: true,
      token: requester,
      body: { ...institutionSettings(), ...institutionWeights },
    });
    if (response.body.code !== 200) throw new Error(`institution failed: ${response.body.msg}`);
    return response.body.data.id;
  }

  async function currentFundId(): Promise<string> {
    const products = await testApp.call<Array<{ id: string; kind: string }>>('/funds/products', {
      isOperatorApi: true,
      token: requester,
      method: 'GET',
    });
    return products.body.data.find((product) => product.kind === 'current')?.id ?? '0';
  }
  type RobotTemplateRow = { id: string; kind: string; defaultParameters: object; prices: Array<{ id: string; days: number | null }> };
  async function robotTemplates(): Promise<RobotTemplateRow[]> {
    const answer = await testApp.call<RobotTemplateRow[]>('/robots/templates', { isOperatorApi: true, token: requester, method: 'GET' });
    return answer.body.data;
  }
  async function robotPackId(): Promise<string> {
    const answer = await testApp.call<Array<{ id: string }>>('/robots/packs', { isOperatorApi: true, token: requester, method: 'GET' });
    return answer.body.data[0]?.id ?? '0';
  }
  const robotTemplateBody = (code: string) => ({
    kind: 'dca',
    code,
    name: 'Matrix DCA',
    defaultParameters: { kind: 'dca', amountPerBuy: '300', intervalHours: 24 },
    isEnabled: true,
  });
  /** A robot run in progress: a user with money, a 7-day rental of the grid robot (its energy included), started on AAPL. */
  async function robotRun(): Promise<string> {
    const user = await registerUser(testApp);
    const ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    for (const walletType of ['BALANCE', 'STOCK'] as const)
      await ledger.post(testApp.database.db, {
        idempotencyKey: `matrix-robot-fund:${user.user.id}:${walletType}`,
        reason: 'deposit',
        legs: [
          { account: { system: 'DEPOSIT_CLEARING', currency: 'USD' }, amount: '-5000' },
          { account: { userId: Number(user.user.id), walletType }, amount: '5000' },
        ],
      });
    const grid = (await robotTemplates()).find((template) => template.kind === 'grid');
    const rental = grid?.prices.find((price) => price.days === 7);
    await testApp.call('/robot/buy', { token: user.token, body: { priceId: rental?.id, idempotencyKey: `matrix-rent-${next()}` } });
    const started = await testApp.call<{ id: string }>('/robot/runs/start', {
      token: user.token,
      body: {
        templateId: grid?.id,
        stockCode: 'AAPL',
        amount: '2000',
        parameters: grid?.defaultParameters,
        idempotencyKey: `matrix-run-${next()}`,
      },
    });
    if (started.body.code !== 200) throw new Error(`robot run failed: ${started.body.msg}`);
    return started.body.data.id;
  }
  const today = () => new Date().toISOString().slice(0, 10);
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const fundProductBody = (code: string) => ({
    kind: 'current',
    code,
    name: 'Matrix fund',
    minAmount: '1',
    instantRedeemDailyCap: '10000',
    periodDays: null,
    rateBps: null,
    isEarlyRedemptionAllowed: false,
    earlyRedemptionFeeBps: 0,
    isEnabled: true,
  });

  async function loanProductId(): Promise<string> {
    const products = await testApp.call<Array<{ id: string }>>('/loans/products', { isOperatorApi: true, token: requester, method: 'GET' });
    return products.body.data[0]?.id ?? '0';
  }

  /** A fresh operator of the caller's role with a started enrolment, so two-factor calls act on nobody else's account. */
  async function enrolling(caller: Caller) {
    const fresh = await operatorWithRole(testApp, caller.role ?? 'admin');
    const started = await testApp.call<{ secret: string }>('/auth/totp/enrol', { isOperatorApi: true, token: fresh.token, body: {} });
    return { token: fresh.token, secret: started.body.data.secret };
  }
  const codeNow = (secret: string) => totpCode(secret, Date.now() + clockOffsetMs);
  const ownSession = async (caller: Caller) => (caller.role ? { token: (await operatorWithRole(testApp, caller.role)).token } : {});

  async function draftArticle(): Promise<string> {
    const response = await testApp.call<{ id: string }>('/articles', {
      isOperatorApi: true,
      token: requester,
      body: { kind: 'news', translations: { es: { title: `Matriz ${next()}`, body: 'Texto' } } },
    });
    if (response.body.code !== 200) throw new Error(`article failed: ${response.body.msg}`);
    return response.body.data.id;
  }

  const offeringBody = () => {
    const at = Date.now();
    return {
      code: `MX${next()}`,
      name: 'Matrix Holdings',
      exchangeCode: 'NASDAQ',
      prospectusDate: '2026-11-01',
      fundRaising: '1000000',
      priceLow: '9',
      priceHigh: '11',
      price: '10',
      lotSize: 100,
      minQuantity: 100,
      maxQuantity: 1000,
      sharesOffered: 10000,
      feeRate: '0.001',
      allocationRule: 'ballot_one_lot_priority',
      openTimestamp: at + 3_600_000,
      purchaseEndDate: at + 7_200_000,
      allotTimestamp: at + 10_800_000,
      listDate: at + 14_400_000,
    };
  };
  /** An offering created by the requester, waiting for a second operator. */
  async function pendingOffering(): Promise<string> {
    const response = await testApp.call<{ id: string }>('/offerings', { isOperatorApi: true, token: requester, body: offeringBody() });
    if (response.body.code !== 200) throw new Error(`offering failed: ${response.body.msg}`);
    return response.body.data.id;
  }
  /** A published offering whose window has closed (moved into the past in its table): ready to allot. */
  async function closedOffering(): Promise<string> {
    const id = await pendingOffering();
    const published = await testApp.call(`/offerings/publish/${id}/approve`, { isOperatorApi: true, token: publisher });
    if (published.body.code !== 200) throw new Error(`publish failed: ${published.body.msg}`);
    await testApp.database.db.execute(
      sql`UPDATE product_offerings SET opens_at = now() - interval '3 hours', closes_at = now() - interval '2 hours', allots_at = now() - interval '1 hour' WHERE id = ${Number(id)}`,
    );
    return id;
  }

  /** A fresh, valid request for each endpoint, so an allowed caller must succeed (200) and a refused one proves nothing changed. */
  const receivingAccount = { currency: 'USD', beneficiary: 'Matrix LLC', bankName: 'Matrix Bank', accountNumber: '123456789' };
  const noBlockRequirements = {
    requirements: { identityVerified: false, minAccountValueUsd: '0', minFilledOrders: 0, retryDays: 30 },
    markets: [{ source: '0', minQuantity: '10000', bandRate: '0.01' }],
  };
  /** A visitor's support conversation with one message, as the chat's HTTP call opens it. */
  async function supportConversation(): Promise<string> {
    const response = await testApp.call<{ id: string }>('/userCenter/apply/service', {
      body: { deviceToken: `matrix-device-${next()}-0000` },
    });
    if (response.body.code !== 200) throw new Error(`support conversation failed: ${response.body.msg}`);
    return response.body.data.id;
  }
  const fixtures: Record<string, Fixture> = {
    'GET /admin/api/support/conversations': async () => ({ url: '/support/conversations' }),
    'GET /admin/api/support/conversations/:id': async () => ({ url: `/support/conversations/${await supportConversation()}` }),
    'POST /admin/api/support/conversations/:id/assign': async () => ({
      url: `/support/conversations/${await supportConversation()}/assign`,
    }),
    'POST /admin/api/support/conversations/:id/reply': async () => ({
      url: `/support/conversations/${await supportConversation()}/reply`,
      body: { text: 'Hola, ¿en qué puedo ayudarle?', clientKey: `matrix-reply-${next()}` },
    }),
    'POST /admin/api/support/conversations/:id/note': async () => ({
      url: `/support/conversations/${await supportConversation()}/note`,
      body: { text: 'Matrix note' },
    }),
    'POST /admin/api/support/conversations/:id/read': async () => ({
      url: `/support/conversations/${await supportConversation()}/read`,
      body: { upToId: '1' },
    }),
    'POST /admin/api/support/conversations/:id/image': async () => ({
      url: `/support/conversations/${await supportConversation()}/image`,
      multipart: tinyPng,
    }),
    'POST /admin/api/support/conversations/:id/close': async () => ({ url: `/support/conversations/${await supportConversation()}/close` }),
    'GET /admin/api/support/canned-replies': async () => ({ url: '/support/canned-replies' }),
    'POST /admin/api/support/canned-replies': async () => ({
      url: '/support/canned-replies',
      body: { language: 'en', title: `Matrix ${next()}`, text: 'Hello, how can I help?' },
    }),
    'GET /admin/api/deposits': async () => ({ url: '/deposits' }),
    'POST /admin/api/deposits/:id/approve': async () => ({ url: `/deposits/${await pendingDeposit()}/approve` }),
    'POST /admin/api/deposits/:id/reject': async () => ({ url: `/deposits/${await pendingDeposit()}/reject`, body: { reason: 'blurry' } }),
    'GET /admin/api/withdrawals': async () => ({ url: '/withdrawals' }),
    'POST /admin/api/withdrawals/:id/approve': async () => ({ url: `/withdrawals/${await pendingWithdrawal()}/approve` }),
    'POST /admin/api/withdrawals/:id/reject': async () => ({
      url: `/withdrawals/${await pendingWithdrawal()}/reject`,
      body: { reason: 'wrong account' },
    }),
    'POST /admin/api/withdrawals/:id/reveal-account': async () => ({ url: `/withdrawals/${await pendingWithdrawal()}/reveal-account` }),
    'GET /admin/api/dashboard': async () => ({ url: '/dashboard' }),
    'GET /admin/api/kyc': async () => ({ url: '/kyc' }),
    'POST /admin/api/kyc/:id/approve': async () => ({ url: `/kyc/${await pendingKyc()}/approve` }),
    'POST /admin/api/kyc/:id/reject': async () => ({ url: `/kyc/${await pendingKyc()}/reject`, body: { reason: 'expired document' } }),
    'GET /admin/api/file/:key': async () => {
      const uploaded = await upload(testApp, target.token, tinyPng);
      return { url: `/file/${String(uploaded.body.data?.url).split('/').pop()}` };
    },
    'POST /admin/api/messages': async () => ({ url: '/messages', body: { userId: target.user.id, title: 'Hola', content: 'Matrix' } }),
    'POST /admin/api/app-versions': async () => ({ url: '/app-versions', body: { version: `2.${next()}.0` } }),
    'GET /admin/api/outbox': async () => ({ url: '/outbox' }),
    'GET /admin/api/ledger/reconciliation': async () => ({ url: '/ledger/reconciliation' }),
    'GET /admin/api/ledger/reconciliation/runs': async () => ({ url: '/ledger/reconciliation/runs' }),
    'GET /admin/api/users': async () => ({ url: '/users?query=example.com' }),
    'GET /admin/api/users/:id': async () => ({ url: `/users/${target.user.id}` }),
    'GET /admin/api/users/:id/statement': async () => ({ url: `/users/${target.user.id}/statement` }),
    'GET /admin/api/users/:id/orders': async () => ({ url: `/users/${target.user.id}/orders` }),
    'GET /admin/api/users/:id/positions': async () => ({ url: `/users/${target.user.id}/positions` }),
    'POST /admin/api/users/:id/freeze': async () => ({
      url: `/users/${target.user.id}/freeze`,
      body: { kind: 'withdrawals', reason: 'matrix' },
    }),
    'POST /admin/api/users/:id/unfreeze': async () => ({
      url: `/users/${target.user.id}/unfreeze`,
      body: { kind: 'withdrawals', reason: 'matrix' },
    }),
    'POST /admin/api/users/:id/sessions/revoke': async () => ({
      url: `/users/${(await registerUser(testApp)).user.id}/sessions/revoke`,
      body: { reason: 'matrix' },
    }),
    'GET /admin/api/adjustments': async () => ({ url: '/adjustments' }),
    'POST /admin/api/adjustments': async () => ({
      url: '/adjustments',
      body: {
        userId: target.user.id,
        walletType: 'STOCK',
        direction: 'credit',
        amount: '2.00',
        reasonCode: 'compensation',
        note: 'matrix',
      },
    }),
    'POST /admin/api/adjustments/:id/approve': async () => ({ url: `/adjustments/${await pendingAdjustment()}/approve` }),
    'POST /admin/api/adjustments/:id/reject': async () => ({
      url: `/adjustments/${await pendingAdjustment()}/reject`,
      body: { reason: 'not justified' },
    }),
    'POST /admin/api/auth/logout': async (caller) => ({ url: '/auth/logout', body: {}, ...(await ownSession(caller)) }),
    'GET /admin/api/auth/me': async () => ({ url: '/auth/me' }),
    'POST /admin/api/auth/totp/enrol': async (caller) => ({ url: '/auth/totp/enrol', body: {}, ...(await ownSession(caller)) }),
    'POST /admin/api/auth/totp/confirm': async (caller) => {
      if (!caller.role) return { url: '/auth/totp/confirm', body: { code: '123456' } };
      const { token, secret } = await enrolling(caller);
      return { url: '/auth/totp/confirm', body: { code: codeNow(secret) }, token };
    },
    'POST /admin/api/auth/totp/disable': async (caller) => {
      if (!caller.role) return { url: '/auth/totp/disable', body: { code: '123456' } };
      const { token, secret } = await enrolling(caller);
      await testApp.call('/auth/totp/confirm', { isOperatorApi: true, token, body: { code: codeNow(secret) } });
      clockOffsetMs += 30_000;
      return { url: '/auth/totp/disable', body: { code: codeNow(secret) }, token };
    },
    'GET /admin/api/operators': async () => ({ url: '/operators' }),
    'POST /admin/api/operators': async () => ({
      url: '/operators',
      body: { email: `created.${next()}@ops.example.com`, password: 'a-long-operator-password', role: 'support' },
    }),
    'GET /admin/api/audit': async () => ({ url: '/audit' }),
    'GET /admin/api/instruments': async () => ({ url: '/instruments?query=AAPL' }),
    'GET /admin/api/markets/settings': async () => ({ url: '/markets/settings' }),
    'POST /admin/api/instruments/:code/halt': async () => ({ url: '/instruments/MSFT/halt', body: { reason: 'matrix' } }),
    'POST /admin/api/instruments/:code/resume': async () => ({ url: '/instruments/MSFT/resume' }),
    'POST /admin/api/instruments/:code/settings': async () => ({
      url: '/instruments/MSFT/settings',
      body: { minQuantity: String(next()) },
    }),
    'GET /admin/api/receiving-accounts': async () => ({ url: '/receiving-accounts' }),
    'POST /admin/api/receiving-accounts': async () => ({ url: '/receiving-accounts', body: receivingAccount }),
    'POST /admin/api/receiving-accounts/:id': async () => {
      const created = await testApp.call<{ id: string }>('/receiving-accounts', {
        isOperatorApi: true,
        token: requester,
        body: receivingAccount,
      });
      return { url: `/receiving-accounts/${created.body.data.id}`, body: { ...receivingAccount, isActive: false } };
    },
    'GET /admin/api/articles': async () => ({ url: '/articles' }),
    'GET /admin/api/articles/:id': async () => ({ url: `/articles/${await draftArticle()}` }),
    'POST /admin/api/articles': async () => ({
      url: '/articles',
      body: { kind: 'notice', translations: { es: { title: `Aviso ${next()}`, body: 'Texto' } } },
    }),
    'POST /admin/api/articles/:id': async () => ({
      url: `/articles/${await draftArticle()}`,
      body: { kind: 'news', translations: { en: { title: `Matrix ${next()}`, body: 'Text' } } },
    }),
    'POST /admin/api/articles/:id/publish': async () => ({ url: `/articles/${await draftArticle()}/publish` }),
    'POST /admin/api/articles/:id/unpublish': async () => ({ url: `/articles/${await draftArticle()}/unpublish` }),
    'GET /admin/api/article-tags': async () => ({ url: '/article-tags' }),
    'POST /admin/api/article-tags': async () => ({ url: '/article-tags', body: { code: `matrix-${next()}`, labels: { es: 'Matriz' } } }),
    'POST /admin/api/article-tags/:code': async () => {
      const code = `matrix-${next()}`;
      await testApp.call('/article-tags', { isOperatorApi: true, token: requester, body: { code, labels: { es: 'Matriz' } } });
      return { url: `/article-tags/${code}`, body: { labels: { es: 'Matriz', en: 'Matrix' } } };
    },
    'GET /admin/api/loans/applications': async () => ({ url: '/loans/applications' }),
    'POST /admin/api/loans/applications/:id/approve': async () => ({ url: `/loans/applications/${await pendingLoan()}/approve` }),
    'POST /admin/api/loans/applications/:id/reject': async () => ({
      url: `/loans/applications/${await pendingLoan()}/reject`,
      body: { reason: 'matrix' },
    }),
    'GET /admin/api/loans/book': async () => ({ url: '/loans/book' }),
    'GET /admin/api/referrals/rewards': async () => ({ url: '/referrals/rewards' }),
    'POST /admin/api/referrals/rewards/:id/approve': async () => ({ url: `/referrals/rewards/${await heldReferral()}/approve` }),
    'POST /admin/api/referrals/rewards/:id/reject': async () => ({
      url: `/referrals/rewards/${await heldReferral()}/reject`,
      body: { reason: 'matrix' },
    }),
    'GET /admin/api/referrals/programme': async () => ({ url: '/referrals/programme' }),
    'POST /admin/api/referrals/programme': async () => ({
      url: '/referrals/programme',
      body: { isEnabled: true, rewardAmount: '20', currency: 'USD', minDeposit: '100', holdDays: 30, yearlyCap: `${500 + next()}` },
    }),
    'GET /admin/api/loans/:id/history': async () => ({ url: `/loans/${await pendingLoan()}/history` }),
    'GET /admin/api/loans/products': async () => ({ url: '/loans/products' }),
    'POST /admin/api/loans/products/:id': async () => ({
      url: `/loans/products/${await loanProductId()}`,
      body: {
        dailyRate: '0.0004',
        minAmount: '100',
        maxAmount: '2000',
        penaltyDailyRate: '0.001',
        penaltyCapShare: '0.05',
        secondApprovalAbove: `${1000 + next()}`,
        isEnabled: true,
      },
    }),
    'GET /admin/api/funds/products': async () => ({ url: '/funds/products' }),
    'POST /admin/api/funds/products': async () => ({ url: '/funds/products', body: fundProductBody(`M-${next()}`) }),
    'POST /admin/api/funds/products/:id': async () => ({
      url: `/funds/products/${await currentFundId()}`,
      body: fundProductBody('LIQ-USD'),
    }),
    'GET /admin/api/funds/products/:id/rates': async () => ({ url: `/funds/products/${await currentFundId()}/rates` }),
    'POST /admin/api/funds/products/:id/rates': async () => ({
      url: `/funds/products/${await currentFundId()}/rates`,
      body: { date: tomorrow(), rateBps: 200 + next() },
    }),
    'GET /admin/api/funds/products/:id/income': async () => ({ url: `/funds/products/${await currentFundId()}/income?date=${today()}` }),
    'POST /admin/api/funds/products/:id/income': async () => {
      const id = await currentFundId();
      // Today's rate, as an operator published it yesterday (the console refuses a day already started).
      await testApp.database.db.execute(
        sql`INSERT INTO fund_rates (product_id, date, rate_bps, created_at) VALUES (${id}, ${today()}, 210, now() - interval '1 day') ON CONFLICT DO NOTHING`,
      );
      return { url: `/funds/products/${id}/income`, body: { date: today() } };
    },
    'GET /admin/api/offerings': async () => ({ url: '/offerings' }),
    'POST /admin/api/offerings': async () => ({ url: '/offerings', body: offeringBody() }),
    'POST /admin/api/offerings/:id': async () => ({ url: `/offerings/${await pendingOffering()}`, body: offeringBody() }),
    'GET /admin/api/offerings/:id/book': async () => ({ url: `/offerings/${await pendingOffering()}/book` }),
    'GET /admin/api/offerings/:id/allotment-preview': async () => ({ url: `/offerings/${await pendingOffering()}/allotment-preview` }),
    'POST /admin/api/offerings/:id/allot': async () => ({ url: `/offerings/${await closedOffering()}/allot` }),
    'GET /admin/api/offerings/publish': async () => ({ url: '/offerings/publish' }),
    'POST /admin/api/offerings/publish/:id/approve': async () => ({ url: `/offerings/publish/${await pendingOffering()}/approve` }),
    'POST /admin/api/offerings/publish/:id/reject': async () => ({
      url: `/offerings/publish/${await pendingOffering()}/reject`,
      body: { reason: 'prospectus incomplete' },
    }),
    'POST /admin/api/markets/:source/settings': async () => ({ url: '/markets/2/settings', body: { feeMinimum: `${next()}.00` } }),
    'GET /admin/api/blocktrade/applications': async () => ({ url: '/blocktrade/applications' }),
    'POST /admin/api/blocktrade/applications/:id/approve': async () => ({
      url: `/blocktrade/applications/${(await pendingBlockApplication()).id}/approve`,
    }),
    'POST /admin/api/blocktrade/applications/:id/reject': async () => ({
      url: `/blocktrade/applications/${(await pendingBlockApplication()).id}/reject`,
      body: { reason: 'not yet' },
    }),
    'GET /admin/api/blocktrade/settings': async () => ({ url: '/blocktrade/settings' }),
    'POST /admin/api/blocktrade/settings': async () => ({ url: '/blocktrade/settings', body: noBlockRequirements }),
    'POST /admin/api/blocktrade/instruments': async () => ({ url: '/blocktrade/instruments', body: { code: 'GEV', blockSize: '20000' } }),
    'POST /admin/api/blocktrade/instruments/:code/remove': async () => ({ url: '/blocktrade/instruments/GEV/remove' }),
    'GET /admin/api/blocktrade/permissions': async () => ({ url: '/blocktrade/permissions' }),
    'POST /admin/api/blocktrade/permissions/:userId/suspend': async () => ({
      url: `/blocktrade/permissions/${await activeBlockPermission()}/suspend`,
      body: { reason: 'matrix' },
    }),
    'GET /admin/api/blocktrade/orders': async () => ({ url: '/blocktrade/orders' }),
    'GET /admin/api/twap/orders': async () => ({ url: '/twap/orders?status=working' }),
    'GET /admin/api/robots/templates': async () => ({ url: '/robots/templates' }),
    'POST /admin/api/robots/templates': async () => ({ url: '/robots/templates', body: robotTemplateBody(`MX-${next()}`) }),
    'POST /admin/api/robots/templates/:id': async () => {
      const dca = (await robotTemplates()).find((template) => template.kind === 'dca');
      return { url: `/robots/templates/${dca?.id}`, body: robotTemplateBody(`MXU-${next()}`) };
    },
    'POST /admin/api/robots/prices': async () => ({
      url: '/robots/prices',
      body: { templateId: (await robotTemplates())[0]?.id, kind: 'rental', days: 30, price: '5', energyIncluded: 0, isEnabled: false },
    }),
    'POST /admin/api/robots/prices/:id': async () => {
      const [first] = await robotTemplates();
      const offer = first?.prices.find((price) => price.days === 90);
      return {
        url: `/robots/prices/${offer?.id}`,
        body: { templateId: first?.id, kind: 'rental', days: 90, price: '79.90', energyIncluded: 2160, isEnabled: true },
      };
    },
    'GET /admin/api/robots/packs': async () => ({ url: '/robots/packs' }),
    'POST /admin/api/robots/packs': async () => ({ url: '/robots/packs', body: { units: 48, price: '3', isEnabled: false } }),
    'POST /admin/api/robots/packs/:id': async () => ({
      url: `/robots/packs/${await robotPackId()}`,
      body: { units: 24, price: '1.50', isEnabled: true },
    }),
    'GET /admin/api/robots/runs': async () => ({ url: '/robots/runs' }),
    'GET /admin/api/robots/runs/:id': async () => ({ url: `/robots/runs/${await robotRun()}` }),
    'POST /admin/api/robots/runs/:id/kill': async () => ({ url: `/robots/runs/${await robotRun()}/kill`, body: { note: 'matrix kill' } }),
    'POST /admin/api/robots/kill-all': async () => ({ url: '/robots/kill-all', body: { note: 'matrix kill all' } }),
    'GET /admin/api/follow/institutions': async () => ({ url: '/follow/institutions' }),
    'POST /admin/api/follow/institutions': async () => ({
      url: '/follow/institutions',
      body: { ...institutionSettings(), ...institutionWeights },
    }),
    'POST /admin/api/follow/institutions/:id': async () => ({
      url: `/follow/institutions/${await institution()}`,
      body: institutionSettings(),
    }),
    'POST /admin/api/follow/institutions/:id/rebalance': async () => ({
      url: `/follow/institutions/${await institution()}/rebalance`,
      body: { weights: [{ code: 'MSFT', weight: '0.4' }], note: 'matrix' },
    }),
    'GET /admin/api/follow/institutions/:id/followers': async () => ({ url: `/follow/institutions/${await institution()}/followers` }),
  };

  beforeAll(async () => {
    testApp = await startTestApp({
      configOverrides: withOperator,
      appOptions: { operatorClock: () => new Date(Date.now() + clockOffsetMs), quoteSource: quotes },
    });
    const admin = await operatorToken(testApp);
    requester = (await operatorWithRole(testApp, 'admin')).token;
    publisher = admin;
    callers.push({ name: 'admin', role: 'admin', token: admin });
    for (const role of operatorRoles.filter((role) => role !== 'admin'))
      callers.push({ name: role, role, token: (await operatorWithRole(testApp, role)).token });
    target = await registerUser(testApp);
    callers.push({ name: 'a user token', token: target.token });
    callers.push({ name: 'no token' });

    withdrawer = await registerUser(testApp);
    const uploaded = await upload(testApp, withdrawer.token, tinyPng);
    const deposit = await testApp.call<{ id: string }>('/recharge/create', {
      token: withdrawer.token,
      body: { method: 'fiat', walletType: 'BALANCE', amount: '500.00', screenshotUrl: uploaded.body.data?.url },
    });
    await testApp.call(`/deposits/${deposit.body.data.id}/approve`, { isOperatorApi: true, token: admin });
    await verifyIdentity(testApp, withdrawer, admin);
    await testApp.call('/settingPayPassword', { token: withdrawer.token, body: { payPassword: '123456', confirmPayPassword: '123456' } });
    const card = await testApp.call<{ id: string }>('/UserAccount/addCardNo', {
      token: withdrawer.token,
      body: { bankName: 'Banco Nación', accountName: 'Eva Matrix', cardNumber: '4509 9535 8000 6623' },
    });
    cardId = card.body.data.id;
    await testApp.call('/blocktrade/settings', { isOperatorApi: true, token: admin, body: noBlockRequirements });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const operatorRoutes = () =>
    testApp.app.routeList.filter(
      (route) => route.url.startsWith('/admin/api/') && route.method !== 'HEAD' && route.permission !== 'public',
    );

  it('finds every operator route with a declared permission from the list, and a fixture for it', () => {
    const routes = operatorRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(fixtures).length);
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      expect(operatorPermissions as readonly string[], `${name} must declare a permission of the list`).toContain(route.permission);
      expect(fixtures[name], `${name} needs a fixture in operator-matrix.test.ts`).toBeDefined();
    }
  });

  it('lets each caller do exactly what its role grants; refusals change nothing; every successful change writes one audit row', async () => {
    const outcomes: string[] = [];
    const successfulMutations = new Set<string>();
    for (const route of operatorRoutes()) {
      const name = `${route.method} ${route.url}`;
      const fixture = fixtures[name];
      if (!fixture) continue;
      for (const caller of callers) {
        const request = await fixture(caller);
        const token = request.token ?? caller.token;
        const multipart = request.multipart ? multipartOf(request.multipart) : undefined;
        const before = await auditCount(testApp);
        const response = await testApp.app.inject({
          method: route.method as 'GET' | 'POST',
          url: `/admin/api${request.url}`,
          headers: {
            ...(token ? { authorization: token } : {}),
            languages: 'en',
            ...(multipart ? { 'content-type': multipart.contentType } : {}),
          },
          ...(multipart ? { payload: multipart.payload } : request.body === undefined ? {} : { payload: request.body as object }),
        });
        const written = (await auditCount(testApp)) - before;
        const isAllowed = caller.role !== undefined && roleHasPermission(caller.role, route.permission as never);
        const expected = caller.role === undefined ? 401 : isAllowed ? 200 : 403;
        outcomes.push(
          `${name} as ${caller.name}: ${response.statusCode}${response.statusCode === expected ? '' : ` (expected ${expected})`}`,
        );
        if (response.statusCode === expected && expected === 403) expect(response.json()).toMatchObject({ code: 6002 });
        if (response.statusCode === 200 && isMutating(route.method)) {
          successfulMutations.add(name);
          const expectedRows = notAudited[name] ? 0 : 1;
          if (written !== expectedRows) outcomes.push(`${name} as ${caller.name}: ${written} audit rows (expected ${expectedRows})`);
        } else if (written !== 0) outcomes.push(`${name} as ${caller.name}: ${written} audit rows (expected 0)`);
      }
    }
    expect(outcomes.filter((line) => line.includes('expected'))).toEqual([]);
    const mutating = operatorRoutes().filter((route) => isMutating(route.method));
    expect(mutating.map((route) => `${route.method} ${route.url}`).filter((name) => !successfulMutations.has(name))).toEqual([]);
  }, 300_000);
});
