import { currencyOfWallet, type WalletType } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { operatorWithRole } from '../../test/operators.ts';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { operatorToken, registerUser, startTestApp, type TestApp, verifyIdentity, withOperator } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';

type Wallet = { balance: string; usedBalance: string; availableBalance: string };
type Offering = { id: string; kind: string; phase: string; referenceClose: string | null; discountRate: string | null; marketDate: number };
type Subscription = {
  id: string;
  state: string;
  held: string;
  paid: string;
  refunded: string;
  allottedQuantity: number | null;
  positionId: string | null;
  marketDate: number | null;
  modifyTime: number;
};
type FlatCount = { heldQuantity: string; lockedQuantity: string; sellableQuantity: string; nextMarketDate: number | null };
type Message = { title: string; content: string };

const HOUR = 3_600_000;
let clock = new Date('2026-11-18T15:00:00Z');

describe('products: a placing of a listed stock, applied for, allotted pro rata, locked until its market date', () => {
  const quotes = scriptedQuotes();
  let testApp: TestApp;
  let ledger: LedgerService;
  let admin: string;
  let second: { token: string };
  let counter = 0;
  const key = () => `placing-key-${Date.now().toString(36)}-${++counter}`;
  const call = <T>(path: string, token: string | undefined, body?: unknown, language = 'en') =>
    testApp.call<T>(path, { ...(token ? { token } : {}), language, ...(body === undefined ? {} : { body }) });
  const op = <T>(path: string, token: string, body?: unknown) =>
    testApp.call<T>(path, { isOperatorApi: true, token, method: 'POST', ...(body === undefined ? {} : { body }) });
  const wallet = async (token: string, walletType: WalletType) =>
    (await call<Wallet>('/wallet/getWalletBalance', token, { walletType })).body.data;
  const fund = (userId: string, walletType: WalletType, amount: string) =>
    ledger.post(testApp.database.db, {
      idempotencyKey: `placing-fund:${userId}:${key()}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
        { account: { userId: Number(userId), walletType }, amount },
      ],
    });
  let documentCounter = 0;
  async function verifiedUser(amount: string) {
    documentCounter += 1;
    const user = await registerUser(testApp);
    await verifyIdentity(testApp, user, admin, `5${String(documentCounter).padStart(7, '0')}`);
    await fund(user.user.id, 'SUBSCRIPTION', amount);
    return user;
  }

  /** 400 AAPL at 180 (a fixed price), window from +1 h to +2 h, delivered at +3 h, sellable from +6 h. */
  function placingBody(overrides: Record<string, unknown> = {}) {
    const at = clock.getTime();
    return {
      kind: 'placing',
      code: 'AAPL',
      name: 'Apple Inc. placing',
      exchangeCode: 'NASDAQ',
      prospectusDate: '2026-11-18',
      fundRaising: '72000',
      priceLow: '180',
      priceHigh: '180',
      price: '180',
      lotSize: 100,
      minQuantity: 100,
      maxQuantity: 400,
      sharesOffered: 400,
      feeRate: '0.001',
      allocationRule: 'pro_rata',
      openTimestamp: at + HOUR,
      purchaseEndDate: at + 2 * HOUR,
      allotTimestamp: at + 3 * HOUR,
      listDate: at + 3 * HOUR,
      marketDate: at + 6 * HOUR,
      reason: 'Funding a new data centre',
      ...overrides,
    };
  }

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { quoteSource: quotes, now: () => clock } });
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    admin = await operatorToken(testApp);
    second = await operatorWithRole(testApp, 'admin');
    quotes.set('AAPL', '199.99', '200.01', 'open', '200.00');
  });
  afterEach(async () => {
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('refuses a placing of an unlisted stock or without a market date, translated, and writes nothing', async () => {
    const count = async () =>
      Number((await testApp.database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM product_offerings`)).rows[0]?.n);
    const before = await count();
    const unlisted = await testApp.call('/offerings', {
      isOperatorApi: true,
      token: admin,
      method: 'POST',
      language: 'ar',
      body: placingBody({ code: 'NOPE' }),
    });
    expect(unlisted.body).toMatchObject({
      code: 8014,
      msg: 'Las colocaciones y las ampliaciones con derechos son de acciones cotizadas; este código no cotiza',
    });
    expect((await op('/offerings', admin, placingBody({ marketDate: undefined }))).body.code).toBe(8008);
    expect((await op('/offerings', admin, placingBody({ priceHigh: '190' }))).body.code).toBe(8008);
    expect(await count()).toBe(before);
  });

  it('applies, allots pro rata with the refund, tells the user, locks the shares until the market date, then sells them', async () => {
    const created = await op<Offering>('/offerings', admin, placingBody());
    expect(created.body.code, created.body.msg).toBe(200);
    const published = await op<Offering>(`/offerings/publish/${created.body.data.id}/approve`, second.token);
    // The discount to the last close at the announcement is a fact: (200 − 180) ÷ 200.
    expect(published.body.data).toMatchObject({ kind: 'placing', referenceClose: '200', discountRate: '0.1000' });
    const id = published.body.data.id;
    const ipos = await testApp.call<Offering[]>('/m_ft/webull/new/stock', { method: 'GET' });
    expect(ipos.body.data.map((row) => row.id)).not.toContain(id);
    const upcoming = await call<Offering[]>('/placing_stock/sale_list', undefined, { type: 'upcoming' });
    expect(upcoming.body.data.map((row) => row.id)).toContain(id);

    const [ana, ben] = [await verifiedUser('100000'), await verifiedUser('100000')];
    const tooEarly = await call('/placing_order/create', ana.token, { offeringId: id, quantity: 200, idempotencyKey: key() }, 'ar');
    expect(tooEarly.body.code).toBe(8002);
    clock = new Date(clock.getTime() + HOUR + 60_000);
    const time = await call<{ phase: string; marketDate: number }>('/placing_stock/get_sale_time', undefined, { offeringId: id });
    expect(time.body.data).toMatchObject({ phase: 'open', marketDate: published.body.data.marketDate });
    expect((await call<Offering[]>('/m_ft/sale_list', undefined)).body.data.map((row) => row.id)).toContain(id);
    // A placing is not an IPO: NewShares/create does not know it.
    expect((await call('/NewShares/create', ana.token, { offeringId: id, quantity: 200, idempotencyKey: key() })).body.code).toBe(8001);

    const applied = await call<Subscription>('/placing_order/create', ana.token, { offeringId: id, quantity: 400, idempotencyKey: key() });
    expect(applied.body.code, applied.body.msg).toBe(200);
    // 400 × 180 = 72,000 + 0.1 % fee.
    expect(applied.body.data).toMatchObject({ state: 'subscribed', held: '72072.00' });
    expect((await call('/placing_order/create', ben.token, { offeringId: id, quantity: 400, idempotencyKey: key() })).body.code).toBe(200);

    clock = new Date(clock.getTime() + 2 * HOUR);
    await testApp.app.platform.jobs.runIfDue('products-allotment');
    const [allotted] = (await call<Subscription[]>('/position/placing_subscription', ana.token)).body.data;
    // 800 asked for 400: each receives half, and the other half with its fee returns.
    expect(allotted).toMatchObject({ state: 'allotted', allottedQuantity: 200, paid: '36036.00', refunded: '36036.00' });
    expect(await wallet(ana.token, 'SUBSCRIPTION')).toMatchObject({ balance: '63964.00', usedBalance: '0.00' });
    expect((await call<Subscription[]>('/position/subscription', ana.token)).body.data).toEqual([]);
    const inbox = await testApp.call<{ list: Message[] }>('/userMessage/getMessage?pageNum=1&pageSize=10', {
      token: ana.token,
      method: 'GET',
    });
    expect(JSON.stringify(inbox.body.data)).toContain('You were allotted 200 shares of AAPL');

    await testApp.app.platform.jobs.runIfDue('products-listing');
    const [settled] = (await call<Subscription[]>('/position/placing_subscription', ana.token)).body.data;
    expect(settled?.state).toBe('listed');
    const flat = await call<FlatCount>('/position/getPlacingFlatCount', ana.token, { code: 'aapl' });
    expect(flat.body.data).toMatchObject({ heldQuantity: '200', lockedQuantity: '200', sellableQuantity: '0' });
    expect(flat.body.data.nextMarketDate).toBe(published.body.data.marketDate);

    const sell = { stockCode: 'AAPL', direction: 1, quantity: '100', idempotencyKey: key() };
    const refused = await call('/stock/create', ana.token, sell, 'ar');
    expect(refused.body.code).toBe(8013);
    expect(refused.body.msg).toMatch(/^Estas acciones colocadas pueden venderse a partir del 2026-11-18 21:00/);
    const close = await call('/position/flatPosition', ana.token, { id: settled?.positionId, idempotencyKey: key() });
    expect(close.body.code).toBe(8013);
    expect(await wallet(ana.token, 'STOCK')).toMatchObject({ balance: '0.00' });

    clock = new Date((published.body.data.marketDate ?? 0) + 60_000);
    const free = await call<FlatCount>('/position/getPlacingFlatCount', ana.token, { code: 'AAPL' });
    expect(free.body.data).toMatchObject({ lockedQuantity: '0', sellableQuantity: '200', nextMarketDate: null });
    const sold = await call('/stock/create', ana.token, { ...sell, idempotencyKey: key() });
    expect(sold.body.code, sold.body.msg).toBe(200);
    expect((await call<FlatCount>('/position/getPlacingFlatCount', ana.token, { code: 'AAPL' })).body.data.heldQuantity).toBe('100');
  });
});
