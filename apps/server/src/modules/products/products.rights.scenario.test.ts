import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OfferingApp, startOfferingApp } from '../../test/offering-app.ts';

type Offering = { id: string; kind: string; phase: string; sharesOffered: number };
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
type Rights = { state: string; rights: number; heldQuantity: string; exercisedQuantity: number | null; subscription: Subscription | null };

const HOUR = 3_600_000;
let clock = new Date('2026-11-18T15:00:00Z');

describe('products: a rights issue credited from the holdings on its record date, exercised in part, the rest lapsed', () => {
  let kit: OfferingApp;
  /** A verified user with money on SUBSCRIPTION and STOCK, holding `shares` AAPL bought now. */
  async function holder(shares: number) {
    const user = await kit.verifiedUser();
    await kit.fund(user.user.id, 'SUBSCRIPTION', '10000');
    await kit.fund(user.user.id, 'STOCK', '30000');
    if (shares > 0) await trade(user.token, 0, shares);
    return user;
  }
  async function trade(token: string, direction: 0 | 1, shares: number) {
    const order = await kit.call('/stock/create', token, {
      stockCode: 'AAPL',
      direction,
      quantity: String(shares),
      idempotencyKey: kit.key(),
    });
    expect(order.body.code, order.body.msg).toBe(200);
  }
  const rightsOf = async (token: string) => (await kit.call<Rights[]>('/position/rights_issue', token)).body.data;
  const exercise = (token: string, offeringId: string, quantity: number, language = 'en') =>
    kit.call<Subscription>('/rights_issue/exercise', token, { offeringId, quantity, idempotencyKey: kit.key() }, language);

  beforeAll(async () => {
    kit = await startOfferingApp({ name: 'rights', documentPrefix: '6', now: () => clock });
  });
  afterEach(async () => {
    await kit.testApp.app.trading.engine.idle();
    const report = await kit.ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
  afterAll(async () => {
    await kit?.testApp.close();
  });

  it('credits the record date holders, refuses wrong exercises translated, posts the exercise, lapses the rest and delivers the shares', async () => {
    const at = clock.getTime();
    const body = {
      kind: 'rights',
      code: 'AAPL',
      name: 'Apple Inc. rights issue',
      exchangeCode: 'NASDAQ',
      prospectusDate: '2026-11-18',
      fundRaising: '1000000',
      priceLow: '150',
      priceHigh: '150',
      price: '150',
      lotSize: 1,
      minQuantity: 1,
      maxQuantity: 1_000_000,
      sharesOffered: 1,
      feeRate: '0.001',
      allocationRule: 'pro_rata',
      rightsRatio: '0.2',
      recordDate: at + HOUR,
      openTimestamp: at + 2 * HOUR,
      purchaseEndDate: at + 3 * HOUR,
      allotTimestamp: at + 3 * HOUR,
      listDate: at + 4 * HOUR,
    };
    expect((await kit.op('/offerings', kit.admin, { ...body, recordDate: at + 3 * HOUR })).body.code).toBe(8008);
    const created = await kit.op<Offering>('/offerings', kit.admin, body);
    expect(created.body.code, created.body.msg).toBe(200);
    const published = await kit.op<Offering>(`/offerings/publish/${created.body.data.id}/approve`, kit.second.token);
    const id = published.body.data.id;
    const [ana, ben, dan] = [await holder(100), await holder(50), await holder(3)];

    // After the record date: a buyer then is not entitled, a seller then still is.
    clock = new Date(at + HOUR + 60_000);
    const cat = await holder(100);
    await trade(ben.token, 1, 50);
    await kit.testApp.app.platform.jobs.runIfDue('products-rights');
    expect(await rightsOf(ana.token)).toMatchObject([{ state: 'credited', rights: 20, heldQuantity: '100', exercisedQuantity: null }]);
    expect(await rightsOf(ben.token)).toMatchObject([{ state: 'credited', rights: 10, heldQuantity: '50' }]);
    expect(await rightsOf(cat.token)).toEqual([]);
    expect(await rightsOf(dan.token)).toEqual([]);
    const detail = await kit.testApp.call<Offering>(`/m_ft/webull/new/stock/detail?id=${id}`, { method: 'GET' });
    expect(detail.body.data.sharesOffered).toBe(30);
    const inbox = async (token: string) =>
      JSON.stringify((await kit.testApp.call('/userMessage/getMessage?pageNum=1&pageSize=10', { token, method: 'GET' })).body.data);
    expect(await inbox(ana.token)).toContain('received 20 rights');

    clock = new Date(at + 2 * HOUR + 60_000);
    expect((await exercise(cat.token, id, 10, 'ar')).body).toMatchObject({ code: 8015, msg: 'Usted no tiene derechos en esta ampliación' });
    expect((await exercise(ana.token, id, 25, 'ar')).body).toMatchObject({
      code: 8016,
      msg: 'Usted puede ejercer como máximo 20 derechos',
    });
    expect(await kit.wallet(ana.token, 'SUBSCRIPTION')).toMatchObject({ usedBalance: '0.00' });
    const exercised = await exercise(ana.token, id, 15);
    expect(exercised.body.code, exercised.body.msg).toBe(200);
    // 15 × 150 = 2,250 + 0.1 % fee, held.
    expect(exercised.body.data).toMatchObject({ held: '2252.25' });
    expect((await rightsOf(ana.token))[0]).toMatchObject({ state: 'exercised', exercisedQuantity: 15 });

    clock = new Date(at + 3 * HOUR + 60_000);
    await kit.testApp.app.platform.jobs.runIfDue('products-allotment');
    expect(await kit.wallet(ana.token, 'SUBSCRIPTION')).toMatchObject({ balance: '7747.75', usedBalance: '0.00' });
    expect((await rightsOf(ben.token))[0]?.state).toBe('lapsed');
    expect(await inbox(ben.token)).toContain('10 unexercised rights of AAPL lapsed');
    expect(await inbox(ana.token)).toContain('5 unexercised rights of AAPL lapsed');

    clock = new Date(at + 4 * HOUR + 60_000);
    await kit.testApp.app.platform.jobs.runIfDue('products-listing');
    const [listed] = await rightsOf(ana.token);
    expect(listed?.state).toBe('listed');
    const positions = await kit.call<{ list: Array<{ id: string; positionNum: string }> }>('/position/me', ana.token, {});
    expect(positions.body.data.list.find((row) => row.id === listed?.subscription?.positionId)).toMatchObject({ positionNum: '15' });
  });
});
