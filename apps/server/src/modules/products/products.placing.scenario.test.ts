import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OfferingApp, startOfferingApp } from '../../test/offering-app.ts';

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
  let kit: OfferingApp;

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

  /** A verified user with `amount` on the SUBSCRIPTION wallet. */
  async function verifiedUser(amount: string) {
    const user = await kit.verifiedUser();
    await kit.fund(user.user.id, 'SUBSCRIPTION', amount);
    return user;
  }

  beforeAll(async () => {
    kit = await startOfferingApp({ name: 'placing', documentPrefix: '5', now: () => clock });
  });
  afterEach(async () => {
    const report = await kit.ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
  afterAll(async () => {
    await kit?.testApp.close();
  });

  it('refuses a placing of an unlisted stock or without a market date, translated, and writes nothing', async () => {
    const count = async () =>
      Number((await kit.testApp.database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM product_offerings`)).rows[0]?.n);
    const before = await count();
    const unlisted = await kit.testApp.call('/offerings', {
      isOperatorApi: true,
      token: kit.admin,
      method: 'POST',
      language: 'ar',
      body: placingBody({ code: 'NOPE' }),
    });
    expect(unlisted.body).toMatchObject({
      code: 8014,
      msg: 'Las colocaciones y las ampliaciones con derechos son de acciones cotizadas; este código no cotiza',
    });
    expect((await kit.op('/offerings', kit.admin, placingBody({ marketDate: undefined }))).body.code).toBe(8008);
    expect((await kit.op('/offerings', kit.admin, placingBody({ priceHigh: '190' }))).body.code).toBe(8008);
    expect(await count()).toBe(before);
  });

  it('applies, allots pro rata with the refund, tells the user, locks the shares until the market date, then sells them', async () => {
    const created = await kit.op<Offering>('/offerings', kit.admin, placingBody());
    expect(created.body.code, created.body.msg).toBe(200);
    const published = await kit.op<Offering>(`/offerings/publish/${created.body.data.id}/approve`, kit.second.token);
    // The discount to the last close at the announcement is a fact: (200 − 180) ÷ 200.
    expect(published.body.data).toMatchObject({ kind: 'placing', referenceClose: '200', discountRate: '0.1000' });
    const id = published.body.data.id;
    const ipos = await kit.testApp.call<Offering[]>('/m_ft/webull/new/stock', { method: 'GET' });
    expect(ipos.body.data.map((row) => row.id)).not.toContain(id);
    const upcoming = await kit.call<Offering[]>('/placing_stock/sale_list', undefined, { type: 'upcoming' });
    expect(upcoming.body.data.map((row) => row.id)).toContain(id);

    const [ana, ben] = [await verifiedUser('100000'), await verifiedUser('100000')];
    const tooEarly = await kit.call('/placing_order/create', ana.token, { offeringId: id, quantity: 200, idempotencyKey: kit.key() }, 'ar');
    expect(tooEarly.body.code).toBe(8002);
    clock = new Date(clock.getTime() + HOUR + 60_000);
    const time = await kit.call<{ phase: string; marketDate: number }>('/placing_stock/get_sale_time', undefined, { offeringId: id });
    expect(time.body.data).toMatchObject({ phase: 'open', marketDate: published.body.data.marketDate });
    expect((await kit.call<Offering[]>('/m_ft/sale_list', undefined)).body.data.map((row) => row.id)).toContain(id);
    // A placing is not an IPO: NewShares/create does not know it.
    expect((await kit.call('/NewShares/create', ana.token, { offeringId: id, quantity: 200, idempotencyKey: kit.key() })).body.code).toBe(
      8001,
    );

    const applied = await kit.call<Subscription>('/placing_order/create', ana.token, {
      offeringId: id,
      quantity: 400,
      idempotencyKey: kit.key(),
    });
    expect(applied.body.code, applied.body.msg).toBe(200);
    // 400 × 180 = 72,000 + 0.1 % fee.
    expect(applied.body.data).toMatchObject({ state: 'subscribed', held: '72072.00' });
    expect(
      (await kit.call('/placing_order/create', ben.token, { offeringId: id, quantity: 400, idempotencyKey: kit.key() })).body.code,
    ).toBe(200);

    clock = new Date(clock.getTime() + 2 * HOUR);
    await kit.testApp.app.platform.jobs.runIfDue('products-allotment');
    const [allotted] = (await kit.call<Subscription[]>('/position/placing_subscription', ana.token)).body.data;
    // 800 asked for 400: each receives half, and the other half with its fee returns.
    expect(allotted).toMatchObject({ state: 'allotted', allottedQuantity: 200, paid: '36036.00', refunded: '36036.00' });
    expect(await kit.wallet(ana.token, 'SUBSCRIPTION')).toMatchObject({ balance: '63964.00', usedBalance: '0.00' });
    expect((await kit.call<Subscription[]>('/position/subscription', ana.token)).body.data).toEqual([]);
    const inbox = await kit.testApp.call<{ list: Message[] }>('/userMessage/getMessage?pageNum=1&pageSize=10', {
      token: ana.token,
      method: 'GET',
    });
    expect(JSON.stringify(inbox.body.data)).toContain('You were allotted 200 shares of AAPL');

    await kit.testApp.app.platform.jobs.runIfDue('products-listing');
    const [settled] = (await kit.call<Subscription[]>('/position/placing_subscription', ana.token)).body.data;
    expect(settled?.state).toBe('listed');
    const flat = await kit.call<FlatCount>('/position/getPlacingFlatCount', ana.token, { code: 'aapl' });
    expect(flat.body.data).toMatchObject({ heldQuantity: '200', lockedQuantity: '200', sellableQuantity: '0' });
    expect(flat.body.data.nextMarketDate).toBe(published.body.data.marketDate);

    const sell = { stockCode: 'AAPL', direction: 1, quantity: '100', idempotencyKey: kit.key() };
    const refused = await kit.call('/stock/create', ana.token, sell, 'ar');
    expect(refused.body.code).toBe(8013);
    expect(refused.body.msg).toMatch(/^Estas acciones colocadas pueden venderse a partir del 2026-11-18 21:00/);
    const close = await kit.call('/position/flatPosition', ana.token, { id: settled?.positionId, idempotencyKey: kit.key() });
    expect(close.body.code).toBe(8013);
    expect(await kit.wallet(ana.token, 'STOCK')).toMatchObject({ balance: '0.00' });

    clock = new Date((published.body.data.marketDate ?? 0) + 60_000);
    const free = await kit.call<FlatCount>('/position/getPlacingFlatCount', ana.token, { code: 'AAPL' });
    expect(free.body.data).toMatchObject({ lockedQuantity: '0', sellableQuantity: '200', nextMarketDate: null });
    const sold = await kit.call('/stock/create', ana.token, { ...sell, idempotencyKey: kit.key() });
    expect(sold.body.code, sold.body.msg).toBe(200);
    expect((await kit.call<FlatCount>('/position/getPlacingFlatCount', ana.token, { code: 'AAPL' })).body.data.heldQuantity).toBe('100');
  });
});
