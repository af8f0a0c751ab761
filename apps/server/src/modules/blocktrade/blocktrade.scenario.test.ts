import { currencyOfWallet, type ResultName, resultCodes, type WalletType } from '@bolsa/contracts';
import { messageCatalog } from '@bolsa/contracts/messages';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditCount } from '../../test/operators.ts';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { operatorToken, registerUser, startTestApp, type TestApp, verifyIdentity, withOperator } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';

type User = { token: string; user: { id: string } };
type Permission = { state: string; reason: string | null; retryAtTimestamp: number | null; standing: { filledOrders: number } };
type Quote = { id: string; price: string; mid: string; bandLow: string; bandHigh: string; fee: string; amount: string; total: string };
type BlockOrder = { id: string; orderId: string; price: string; midAtFill: string; priceVsMid: string; status: string; fee: string };

const spanish = messageCatalog.es as { errors: Record<string, string> };
const rightAnswers = { price: 'band', risk: 'ordinary', expiry: 'refused' };
const DAY_MS = 86_400_000;

describe('block trades with a reviewed permission (issue 19)', { timeout: 120_000 }, () => {
  const quotes = scriptedQuotes();
  let clockOffset = 0;
  let testApp: TestApp;
  let ledger: LedgerService;
  let operator: string;
  let counter = 0;
  const key = () => `block-key-${Date.now().toString(36)}-${++counter}`;
  const call = <T>(user: User, path: string, body?: unknown, language = 'en') =>
    testApp.call<T>(path, { token: user.token, language, body: body ?? {} });
  const ops = <T>(path: string, body?: unknown, method: 'GET' | 'POST' = 'POST') =>
    testApp.call<T>(path, { isOperatorApi: true, token: operator, body, method });
  const fund = (user: User, walletType: WalletType, amount: string) =>
    ledger.post(testApp.database.db, {
      idempotencyKey: `block-fund:${key()}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
        { account: { userId: Number(user.user.id), walletType }, amount },
      ],
    });
  const count = async (query: ReturnType<typeof sql>) => Number((await testApp.database.db.execute<{ n: string }>(query)).rows[0]?.n);
  const writtenBy = async (user: User) => ({
    orders: await count(sql`SELECT count(*) AS n FROM trading_orders WHERE user_id = ${Number(user.user.id)}`),
    filledBlocks: await count(sql`SELECT count(*) AS n FROM block_quotes WHERE user_id = ${Number(user.user.id)} AND status = 'filled'`),
    entries: await count(sql`SELECT count(*) AS n FROM ledger_entries`),
    applications: await count(sql`SELECT count(*) AS n FROM block_applications WHERE user_id = ${Number(user.user.id)}`),
  });
  const stockWallet = async (user: User) =>
    (await call<{ balance: string }>(user, '/wallet/getWalletBalance', { walletType: 'STOCK' })).body.data;
  const pendingApplicationOf = async (user: User) => {
    const queue = await ops<{ list: { id: string; userId: string }[] }>(
      '/blocktrade/applications?status=pending&pageSize=100',
      undefined,
      'GET',
    );
    const mine = queue.body.data.list.find((row) => row.userId === user.user.id);
    if (!mine) throw new Error('the application is not in the queue');
    return mine.id;
  };
  /** A user who meets the (lowered) requirements, with an approved permission. */
  async function activeUser(stock = '3000000') {
    const user = await registerUser(testApp);
    await verifyIdentity(testApp, user, operator);
    await fund(user, 'STOCK', stock);
    expect((await call(user, '/stock/create', { stockCode: 'AAPL', direction: 0, quantity: '1', idempotencyKey: key() })).body.code).toBe(
      200,
    );
    expect((await call(user, '/blockTrade/apply', { answers: rightAnswers })).body.code).toBe(200);
    expect((await ops(`/blocktrade/applications/${await pendingApplicationOf(user)}/approve`)).body.code).toBe(200);
    return user;
  }
  /** Expects a refusal with its Spanish message, and that nothing was written by it. */
  async function expectRefused(user: User, path: string, body: unknown, name: ResultName) {
    const before = await writtenBy(user);
    const answer = await call(user, path, body, 'es');
    expect(answer.body.code, `${path} ${JSON.stringify(body)}`).toBe(resultCodes[name].code);
    const template = spanish.errors[name] ?? '';
    expect(template, name).not.toBe('');
    expect(answer.body.msg.startsWith(template.split('{{')[0] ?? template)).toBe(true);
    expect(await writtenBy(user)).toEqual(before);
    return answer;
  }

  beforeAll(async () => {
    testApp = await startTestApp({
      configOverrides: withOperator,
      appOptions: { quoteSource: quotes, now: () => new Date(Date.now() + clockOffset) },
    });
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    operator = await operatorToken(testApp);
    quotes.set('AAPL', '199.99', '200.01');
    quotes.set('MSFT', '399.99', '400.01');
    quotes.set('GEV', '99.99', '100.01');
    quotes.set('USDTWD', '31.99', '32.01');
  });
  afterEach(async () => {
    clockOffset = 0;
    quotes.set('AAPL', '199.99', '200.01');
    await testApp.app.trading.engine.idle();
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('walks the permission from not open to active, refusing each wrong step with its reason and writing nothing', async () => {
    const ana = await registerUser(testApp);
    const state = async () => (await call<Permission>(ana, '/blockTrade/permission')).body.data;
    expect(await state()).toMatchObject({ state: 'notOpen' });
    await expectRefused(ana, '/blockTrade/quote', { stockCode: 'AAPL', quantity: '10000' }, 'BLOCK_NOT_PERMITTED');
    await expectRefused(ana, '/blockTrade/apply', { answers: rightAnswers }, 'BLOCK_REQUIREMENTS_NOT_MET');

    // Operators set the requirements (audited): a verified identity, USD 1,000 and one filled order.
    const audits = await auditCount(testApp);
    const saved = await ops('/blocktrade/settings', {
      requirements: { identityVerified: true, minAccountValueUsd: '1000', minFilledOrders: 1, retryDays: 30 },
      markets: [],
    });
    expect(saved.body.code).toBe(200);
    expect(await auditCount(testApp)).toBe(audits + 1);
    await verifyIdentity(testApp, ana, operator);
    await fund(ana, 'STOCK', '5000');
    expect(await state()).toMatchObject({ state: 'notOpen', standing: { filledOrders: 0 } });
    expect((await call(ana, '/stock/create', { stockCode: 'AAPL', direction: 0, quantity: '1', idempotencyKey: key() })).body.code).toBe(
      200,
    );
    expect(await state()).toMatchObject({ state: 'mayApply', standing: { filledOrders: 1 } });

    await expectRefused(ana, '/blockTrade/apply', { answers: { ...rightAnswers, price: 'discount' } }, 'BLOCK_QUESTIONNAIRE_FAILED');
    expect((await call<Permission>(ana, '/blockTrade/apply', { answers: rightAnswers })).body.data.state).toBe('underReview');
    await expectRefused(ana, '/blockTrade/apply', { answers: rightAnswers }, 'BLOCK_APPLICATION_PENDING');

    const refused = await ops(`/blocktrade/applications/${await pendingApplicationOf(ana)}/reject`, {
      reason: 'Too little experience yet',
    });
    expect(refused.body.code).toBe(200);
    const afterRefusal = await state();
    expect(afterRefusal).toMatchObject({ state: 'refused', reason: 'Too little experience yet' });
    expect(afterRefusal.retryAtTimestamp).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    await expectRefused(ana, '/blockTrade/apply', { answers: rightAnswers }, 'BLOCK_RETRY_TOO_SOON');
    const inbox = await testApp.call<{ list: { title: string; content: string }[] }>('/userMessage/getMessage', {
      token: ana.token,
      method: 'GET',
      language: 'en',
    });
    expect(inbox.body.data.list.map((message) => message.title)).toContain('Block trading not approved');

    clockOffset = 31 * DAY_MS;
    expect(await state()).toMatchObject({ state: 'mayApply' });
    expect((await call<Permission>(ana, '/blockTrade/apply', { answers: rightAnswers })).body.data.state).toBe('underReview');
    const id = await pendingApplicationOf(ana);
    expect((await ops(`/blocktrade/applications/${id}/approve`)).body.code).toBe(200);
    expect((await ops(`/blocktrade/applications/${id}/approve`)).body.code).toBe(4014);
    expect(await state()).toMatchObject({ state: 'active' });

    const beforeSuspension = await auditCount(testApp);
    const suspended = await ops(`/blocktrade/permissions/${ana.user.id}/suspend`, { reason: 'Unusual activity under review' });
    expect(suspended.body.data).toMatchObject({ status: 'suspended', reason: 'Unusual activity under review' });
    expect(await auditCount(testApp)).toBe(beforeSuspension + 1);
    expect(await state()).toMatchObject({ state: 'suspended', reason: 'Unusual activity under review' });
    await expectRefused(ana, '/blockTrade/quote', { stockCode: 'AAPL', quantity: '10000' }, 'BLOCK_NOT_PERMITTED');
  });

  it('fills a block of 10,000 shares in full at the quoted price, as an ordinary position, with its fee and report', async () => {
    const bea = await activeUser();
    const instruments = (
      await call<{ code: string; blockSize: string; bandLow: string; bandHigh: string }[]>(bea, '/blockTrade/instruments')
    ).body.data;
    expect(instruments.find((row) => row.code === 'AAPL')).toMatchObject({ blockSize: '10000', bandLow: '198', bandHigh: '202' });
    const before = await stockWallet(bea);
    const quote = (await call<Quote>(bea, '/blockTrade/quote', { stockCode: 'AAPL', quantity: '10000' })).body.data;
    expect(quote).toMatchObject({ price: '200', mid: '200', bandLow: '198', bandHigh: '202', amount: '2000000.00', fee: '2000.00' });
    const placed = await call<BlockOrder>(bea, '/blockTrade/create', { quoteId: quote.id, idempotencyKey: key() });
    expect(placed.body.code).toBe(200);
    expect(placed.body.data).toMatchObject({ price: '200', midAtFill: '200', priceVsMid: '0', status: 'filled', fee: '2000.00' });
    const after = await stockWallet(bea);
    expect(Number(before.balance) - Number(after.balance)).toBeCloseTo(2_002_000, 2);
    const positions = (await call<{ positionNum: string; direction: number }[]>(bea, '/position/getByStock', { stockCode: 'AAPL' })).body
      .data;
    expect(positions.map((position) => position.positionNum)).toContain('10000');
    const list = (await call<{ list: BlockOrder[] }>(bea, '/blockTrade/pageList', {})).body.data.list;
    expect(list.map((row) => row.id)).toEqual([placed.body.data.id]);
    const reports = await ops<{ list: { id: string; midAtQuote: string }[] }>('/blocktrade/orders', undefined, 'GET');
    expect(reports.body.data.list.find((row) => row.id === placed.body.data.id)).toMatchObject({ midAtQuote: '200' });
  });

  it('refuses a block below the minimum, outside the band, not eligible, expired, moved out of band or beyond the money, writing nothing', async () => {
    const cai = await activeUser('2500000');
    await expectRefused(cai, '/blockTrade/quote', { stockCode: 'AAPL', quantity: '9999' }, 'BLOCK_BELOW_MINIMUM');
    await expectRefused(cai, '/blockTrade/quote', { stockCode: 'AAPL', quantity: '10000', price: '202.01' }, 'BLOCK_OUTSIDE_BAND');
    await expectRefused(cai, '/blockTrade/quote', { stockCode: 'GEV', quantity: '10000' }, 'BLOCK_NOT_ELIGIBLE');

    const expiring = (await call<Quote>(cai, '/blockTrade/quote', { stockCode: 'AAPL', quantity: '10000', price: '201' })).body.data;
    clockOffset = 10_001;
    await expectRefused(cai, '/blockTrade/create', { quoteId: expiring.id, idempotencyKey: key() }, 'BLOCK_QUOTE_EXPIRED');
    clockOffset = 0;

    const moved = (await call<Quote>(cai, '/blockTrade/quote', { stockCode: 'AAPL', quantity: '10000' })).body.data;
    quotes.set('AAPL', '209.99', '210.01');
    await expectRefused(cai, '/blockTrade/create', { quoteId: moved.id, idempotencyKey: key() }, 'BLOCK_OUTSIDE_BAND');
    quotes.set('AAPL', '199.99', '200.01');

    // MSFT at 400: 10,000 shares cost USD 4,004,000 with the fee; the wallet holds about 2.5 million.
    const tooDear = (await call<Quote>(cai, '/blockTrade/quote', { stockCode: 'MSFT', quantity: '10000' })).body.data;
    await expectRefused(cai, '/blockTrade/create', { quoteId: tooDear.id, idempotencyKey: key() }, 'INSUFFICIENT_FUNDS');
    // Someone else's quote is not the caller's to accept.
    const dee = await activeUser();
    await expectRefused(dee, '/blockTrade/create', { quoteId: moved.id, idempotencyKey: key() }, 'BLOCK_QUOTE_EXPIRED');
  });

  it('fills a block once when it is accepted twice at the same moment', async () => {
    const eva = await activeUser();
    const before = await stockWallet(eva);
    const quote = (await call<Quote>(eva, '/blockTrade/quote', { stockCode: 'AAPL', quantity: '10000' })).body.data;
    const accepts = await Promise.all(
      [1, 2, 3].map(() => call<BlockOrder>(eva, '/blockTrade/create', { quoteId: quote.id, idempotencyKey: key() })),
    );
    expect(accepts.map((answer) => answer.body.code)).toEqual([200, 200, 200]);
    expect(new Set(accepts.map((answer) => answer.body.data.orderId)).size).toBe(1);
    const written = await writtenBy(eva);
    // The first order of `activeUser` and the block's one.
    expect(written).toMatchObject({ orders: 2, filledBlocks: 1 });
    const after = await stockWallet(eva);
    expect(Number(before.balance) - Number(after.balance)).toBeCloseTo(2_002_000, 2);
  });

  it('sells a block of shares held at the quoted price: the position shrinks and the proceeds less the fee are credited', async () => {
    const gil = await activeUser('5000000');
    const bought = (await call<Quote>(gil, '/blockTrade/quote', { stockCode: 'AAPL', quantity: '12000' })).body.data;
    expect((await call(gil, '/blockTrade/create', { quoteId: bought.id, idempotencyKey: key() })).body.code).toBe(200);
    // Without direction a block is a Buy; selling more than is held is refused at the quote, writing nothing.
    await expectRefused(gil, '/blockTrade/quote', { stockCode: 'AAPL', quantity: '20000', direction: 1 }, 'SELL_EXCEEDS_HOLDING');
    await expectRefused(
      gil,
      '/blockTrade/quote',
      { stockCode: 'AAPL', quantity: '10000', direction: 1, price: '197.99' },
      'BLOCK_OUTSIDE_BAND',
    );

    const before = await stockWallet(gil);
    quotes.set('AAPL', '200.99', '201.01');
    const sale = (
      await call<Quote & { direction: number }>(gil, '/blockTrade/quote', { stockCode: 'AAPL', quantity: '10000', direction: 1 })
    ).body.data;
    // Sold at the mid of 201, closing the 1 share bought first (its own fee, at the USD 1 minimum) and 9,999 of the block:
    // 2,010,000 less 1.00 + 2,009.80 of fees reaches the wallet.
    expect(sale).toMatchObject({ direction: 1, price: '201', amount: '2010000.00', fee: '2010.80', total: '2007989.20' });
    const sold = await call<BlockOrder & { direction: number }>(gil, '/blockTrade/create', { quoteId: sale.id, idempotencyKey: key() });
    expect(sold.body.code, sold.body.msg).toBe(200);
    expect(sold.body.data).toMatchObject({ direction: 1, price: '201', status: 'filled', midAtFill: '201' });
    const after = await stockWallet(gil);
    expect(Number(after.balance) - Number(before.balance)).toBeCloseTo(2_007_989.2, 2);
    const positions = (await call<{ positionNum: string }[]>(gil, '/position/getByStock', { stockCode: 'AAPL' })).body.data;
    expect(positions.map((position) => position.positionNum)).toEqual(['2001']);
    // Accepted again, the block answers the same sale and sells nothing more.
    const again = await call<BlockOrder>(gil, '/blockTrade/create', { quoteId: sale.id, idempotencyKey: key() });
    expect(again.body.data.orderId).toBe(sold.body.data.orderId);
    expect(Number((await stockWallet(gil)).balance)).toBeCloseTo(Number(after.balance), 2);
  });
});
