import { currencyOfWallet, type WalletType } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, operatorWithRole } from '../../test/operators.ts';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { operatorToken, registerUser, startTestApp, type TestApp, verifyIdentity, withOperator } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';
import { allot, seedHashOf } from './products.allotment.ts';

type Wallet = { balance: string; usedBalance: string; availableBalance: string };
type Offering = {
  id: string;
  status: string;
  phase: string;
  seedHash: string | null;
  seed: string | null;
  oneLotSuccessRate: string | null;
};
type Subscription = { id: string; state: string; held: string; paid: string; pending: string; refunded: string; positionId: string | null };

const HOUR = 3_600_000;
let clock = new Date('2026-11-18T15:00:00Z');

describe('products: an IPO from its creation to the sale of the listed shares', () => {
  const quotes = scriptedQuotes();
  let testApp: TestApp;
  let ledger: LedgerService;
  let admin: string;
  let second: { token: string };
  let keyCounter = 0;
  const key = () => {
    keyCounter += 1;
    return `ipo-key-${Date.now().toString(36)}-${keyCounter}`;
  };
  const call = <T>(path: string, token: string | undefined, body?: unknown, language = 'en') =>
    testApp.call<T>(path, { ...(token ? { token } : {}), language, ...(body === undefined ? {} : { body }) });
  const op = <T>(path: string, token: string, body?: unknown, method: 'GET' | 'POST' = 'POST') =>
    testApp.call<T>(path, { isOperatorApi: true, token, method, ...(body === undefined ? {} : { body }) });
  const wallet = async (token: string, walletType: WalletType) =>
    (await call<Wallet>('/wallet/getWalletBalance', token, { walletType })).body.data;
  const fund = (userId: string, walletType: WalletType, amount: string) =>
    ledger.post(testApp.database.db, {
      idempotencyKey: `test-fund:${userId}:${key()}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
        { account: { userId: Number(userId), walletType }, amount },
      ],
    });
  const countRows = async (table: 'product_applications' | 'ledger_holds') =>
    Number((await testApp.database.db.execute<{ n: string }>(sql.raw(`SELECT count(*) AS n FROM ${table}`))).rows[0]?.n);

  let documentCounter = 0;
  /** A verified user with money on SUBSCRIPTION; each a different person unless `idNumber` names one already used. */
  async function verifiedUser(amount: string, given?: string) {
    documentCounter += 1;
    const idNumber = given ?? `4${String(documentCounter).padStart(7, '0')}`;
    const user = await registerUser(testApp);
    await verifyIdentity(testApp, user, admin, idNumber);
    await fund(user.user.id, 'SUBSCRIPTION', amount);
    return user;
  }

  function offeringBody(code: string, overrides: Record<string, unknown> = {}) {
    const at = clock.getTime();
    return {
      code,
      name: `${code} Robotics Inc.`,
      exchangeCode: 'NASDAQ',
      prospectusDate: '2026-11-10',
      prospectusUrl: 'https://example.com/prospectus.pdf',
      fundRaising: '1000000',
      priceLow: '9',
      priceHigh: '11',
      price: '10',
      lotSize: 100,
      minQuantity: 100,
      maxQuantity: 1000,
      sharesOffered: 500,
      feeRate: '0.001',
      allocationRule: 'ballot_one_lot_priority',
      openTimestamp: at + HOUR,
      purchaseEndDate: at + 2 * HOUR,
      allotTimestamp: at + 3 * HOUR,
      listDate: at + 4 * HOUR,
      ...overrides,
    };
  }

  /** Created by the bootstrap admin, published by a second operator. */
  async function publishedOffering(code: string, overrides: Record<string, unknown> = {}) {
    const created = await op<Offering>('/offerings', admin, offeringBody(code, overrides));
    expect(created.body.code, created.body.msg).toBe(200);
    const published = await op<Offering>(`/offerings/publish/${created.body.data.id}/approve`, second.token);
    expect(published.body.code, published.body.msg).toBe(200);
    return published.body.data;
  }

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { quoteSource: quotes, now: () => clock } });
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
    admin = await operatorToken(testApp);
    second = await operatorWithRole(testApp, 'admin');
  });
  afterEach(async () => {
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('publishes only through a second operator, with the seed hash committed and the seed hidden', async () => {
    const audits = await auditCount(testApp);
    const created = await op<Offering>('/offerings', admin, offeringBody('NOVA'));
    expect(created.body.data).toMatchObject({ status: 'pending', seedHash: null });
    const own = await op(`/offerings/publish/${created.body.data.id}/approve`, admin);
    expect(own.body.code).toBe(8011);
    const hidden = await testApp.call(`/m_ft/webull/new/stock/detail?id=${created.body.data.id}`, { method: 'GET' });
    expect(hidden.body.code).toBe(8001);
    const published = await op<Offering>(`/offerings/publish/${created.body.data.id}/approve`, second.token);
    expect(published.body.data).toMatchObject({ status: 'published', phase: 'upcoming', seed: null });
    expect(published.body.data.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const upcoming = await testApp.call<Offering[]>('/m_ft/webull/new/stock?type=upcoming', { method: 'GET' });
    expect(upcoming.body.data.map((row) => row.id)).toContain(created.body.data.id);
    expect(await auditCount(testApp)).toBe(audits + 2);
  });

  it('refuses every wrong application in the user language and writes nothing', async () => {
    const offering = await publishedOffering('RFSL');
    const ana = await verifiedUser('100000', '27111222');
    // Another account of the same person (the same document, written with hyphens): one application between them.
    const twin = await verifiedUser('100000', '27-111-222');
    const unverified = await registerUser(testApp);
    await fund(unverified.user.id, 'SUBSCRIPTION', '100000');
    const poor = await verifiedUser('50');
    const apply = (token: string, quantity: number) =>
      call('/NewShares/create', token, { offeringId: offering.id, quantity, idempotencyKey: key() }, 'ar');
    const before = { apps: await countRows('product_applications'), holds: await countRows('ledger_holds') };
    const tooEarly = await apply(ana.token, 100);
    expect(tooEarly.body).toMatchObject({ code: 8002, msg: 'El período de suscripción de esta oferta no está abierto' });
    clock = new Date(clock.getTime() + HOUR + 60_000);
    expect((await apply(ana.token, 50)).body).toMatchObject({ code: 5003, msg: 'La cantidad debe ser múltiplo de 100' });
    expect((await apply(ana.token, 2000)).body).toMatchObject({ code: 8004, msg: 'La cantidad máxima por solicitud es 1000' });
    expect((await apply(unverified.token, 100)).body).toMatchObject({ code: 8007, msg: 'Verifique su identidad antes de suscribir' });
    expect((await apply(poor.token, 100)).body.code).toBe(4001);
    expect(await countRows('product_applications')).toBe(before.apps);
    expect(await countRows('ledger_holds')).toBe(before.holds);
    expect(await wallet(poor.token, 'SUBSCRIPTION')).toMatchObject({ availableBalance: '50.00', usedBalance: '0.00' });
    const first = await apply(ana.token, 200);
    expect(first.body.code).toBe(200);
    const second = await apply(ana.token, 100);
    expect(second.body).toMatchObject({ code: 8006, msg: 'Usted ya presentó una solicitud para esta oferta' });
    expect((await apply(twin.token, 100)).body.code).toBe(8006);
    expect(await wallet(twin.token, 'SUBSCRIPTION')).toMatchObject({ availableBalance: '100000.00', usedBalance: '0.00' });
    expect(await countRows('ledger_holds')).toBe(before.holds + 1);
    clock = new Date(clock.getTime() + HOUR);
    expect((await apply(poor.token, 100)).body.code).toBe(8002);
    clock = new Date(clock.getTime() + 3 * HOUR);
    await testApp.app.platform.jobs.runIfDue('products-allotment');
  });

  it('holds, allots by ballot with one-lot priority, returns the rest, lists the stock and lets the shares be sold', async () => {
    const offering = await publishedOffering('ZETA');
    const ana = await verifiedUser('20000');
    const users = [ana, await verifiedUser('20000'), await verifiedUser('20000')];
    clock = new Date(clock.getTime() + HOUR + 60_000);
    const lots = [3, 2, 4];
    const applied: Subscription[] = [];
    for (const [index, user] of users.entries()) {
      const idempotencyKey = key();
      const body = { offeringId: offering.id, quantity: (lots[index] ?? 1) * 100, idempotencyKey };
      const response = await call<Subscription>('/NewShares/create', user.token, body);
      expect(response.body.code, response.body.msg).toBe(200);
      // The same key again answers the same application and holds nothing more.
      const again = await call<Subscription>('/NewShares/create', user.token, body);
      expect(again.body.data.id).toBe(response.body.data.id);
      applied.push(response.body.data);
    }
    // 3 lots × 100 × 10 = 3000 + 0.1 % fee = 3003.00 held.
    expect(applied[0]).toMatchObject({ state: 'subscribed', held: '3003.00', pending: '3003.00', paid: '0.00' });
    expect(await wallet(ana.token, 'SUBSCRIPTION')).toMatchObject({ balance: '20000.00', usedBalance: '3003.00' });
    const full = await call<{ maxQuantity: number }>('/position/getIpoFullNum', ana.token, { offeringId: offering.id });
    expect(full.body.data.maxQuantity).toBe(1000);

    clock = new Date(clock.getTime() + HOUR);
    const waiting = await call<Subscription[]>('/position/subscription', ana.token);
    expect(waiting.body.data[0]?.state).toBe('waiting_allotment');
    const book = await op<{ heldAmount: string }>(`/offerings/${offering.id}/book`, admin, undefined, 'GET');
    expect(book.body.data.heldAmount).toBe('9009.00');
    const preview = await op<{ allottedLots: number; oversubscription: string; isFinal: boolean }>(
      `/offerings/${offering.id}/allotment-preview`,
      admin,
      undefined,
      'GET',
    );
    expect(preview.body.data).toMatchObject({ allottedLots: 5, oversubscription: '1.80', isFinal: false });
    expect((await op(`/offerings/${offering.id}/allot`, second.token)).body.code).toBe(200);
    expect((await op(`/offerings/${offering.id}/allot`, second.token)).body.code).toBe(8012);

    const result = await testApp.call<{
      offering: Offering;
      lines: Array<{ applicationNo: string; appliedLots: number; allottedLots: number }>;
    }>(`/m_ft/webull/new/stock/result?id=${offering.id}`, { method: 'GET' });
    const { seed, seedHash } = result.body.data.offering;
    // Anyone can check the draw: the revealed seed hashes to the committed one and gives the same lots.
    expect(seedHashOf(seed ?? '')).toBe(seedHash);
    const lines = result.body.data.lines;
    const recomputed = allot(
      'ballot_one_lot_priority',
      5,
      lines.map((line) => ({ applicationNo: Number(line.applicationNo), lots: line.appliedLots })),
      seed ?? '',
    );
    expect(recomputed.allotted).toEqual(lines.map((line) => line.allottedLots));
    expect(lines.every((line) => line.allottedLots >= 1)).toBe(true);
    expect(result.body.data.offering.oneLotSuccessRate).toBe('1.0000');

    const [mine] = (await call<Subscription[]>('/position/subscription', ana.token)).body.data;
    const allottedLots = lines.find((line) => line.applicationNo === mine?.id)?.allottedLots ?? 0;
    const paid = (allottedLots * 1000 * 1.001).toFixed(2);
    expect(mine).toMatchObject({ state: 'allotted', pending: '0.00', paid });
    expect(await wallet(ana.token, 'SUBSCRIPTION')).toMatchObject({
      balance: (20000 - Number(paid)).toFixed(2),
      usedBalance: '0.00',
    });

    // The allotment ran early by hand; the listing waits for its date (4 h after the offering was created).
    // Not quoted before its listing date: the catalog does not know the code yet.
    const quoteOf = () => testApp.call('/m_ft/summary_detail?stockCode=ZETA', { method: 'GET' });
    expect((await quoteOf()).body.code).toBe(3001);
    clock = new Date(clock.getTime() + 2 * HOUR);
    await testApp.app.platform.jobs.runIfDue('products-listing');
    // From it on, the instrument is in the catalog the feed quotes (its simulated prices start at the listing: feed-sources.test).
    expect((await quoteOf()).body.code).toBe(200);
    const [listed] = (await call<Subscription[]>('/position/subscription', ana.token)).body.data;
    expect(listed).toMatchObject({ state: 'listed' });
    quotes.set('ZETA', '12.00', '12.02');
    const positions = await call<{ list: Array<{ id: string; stockCode: string; positionNum: string; openPrice: string; fees: string }> }>(
      '/position/me',
      ana.token,
      {},
    );
    const position = positions.body.data.list.find((row) => row.id === listed?.positionId);
    // Its cost carries the allotment's 0.1 % fee, so its return is net of what was paid.
    const allottedFee = (allottedLots * 100 * 10 * 0.001).toFixed(2);
    expect(position).toMatchObject({ stockCode: 'ZETA', positionNum: String(allottedLots * 100), fees: allottedFee });
    const before = await wallet(ana.token, 'STOCK');
    const sold = await call('/position/flatPosition', ana.token, { id: listed?.positionId, idempotencyKey: key() });
    expect(sold.body.code, sold.body.msg).toBe(200);
    const after = await wallet(ana.token, 'STOCK');
    // Sold at the bid: the shares' cost back plus (12 − 10) a share, less the 0.1 % closing fee.
    const shares = allottedLots * 100;
    expect(Number(after.balance) - Number(before.balance)).toBeCloseTo(shares * 12 - shares * 12 * 0.001, 1);
  });
});
