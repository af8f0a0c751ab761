import { describe, expect, it } from 'vitest';
import { contractsThrough, type FuturesProduct, isExpiredAt, lastTradeDateOf } from './futures-terms.ts';
import { createCatalog, type Instrument } from './instruments.ts';

/**
 * The last trade dates of the contracts the reference data used to fix by hand, each checked in
 * issue #3's second session against its exchange's published rule (see reference-data/README.md):
 * the rules of futures-terms.ts must give the same days.
 */
const checkedByHand: Record<string, string> = {
  ESZ6: '2026-12-18',
  NQZ6: '2026-12-18',
  YMZ6: '2026-12-18',
  RTYZ6: '2026-12-18',
  CLF7: '2026-12-21',
  NGF7: '2026-12-29',
  GCG7: '2027-02-24',
  SIH7: '2027-03-29',
  HGH7: '2027-03-29',
  ZCH7: '2027-03-12',
  ZWH7: '2027-03-12',
  ZSF7: '2027-01-14',
  ZNH7: '2027-03-19',
  ZBH7: '2027-03-19',
  '6EZ6': '2026-12-14',
};

/** The contracts a catalog lists at noon UTC of a date: futures that have not expired, by code. */
function listedOn(date: string, codes?: string[]): Instrument[] {
  const catalog = createCatalog(codes, { date });
  const instant = Date.parse(`${date}T12:00:00Z`);
  return catalog.instruments.filter((instrument) => instrument.source === '3' && !isExpiredAt(instrument, instant));
}
const codesOf = (instruments: readonly Instrument[], root: string) =>
  instruments.filter((instrument) => instrument.root === root).map((instrument) => instrument.code);

describe('futures terms', () => {
  it('gives every contract the reference data fixed by hand its checked last trade date, under its old code', () => {
    const catalog = createCatalog(undefined, { date: '2026-11-23' });
    for (const [code, lastTradeDate] of Object.entries(checkedByHand)) {
      expect(catalog.byCode.get(code)?.lastTradeDate, code).toBe(lastTradeDate);
    }
  });

  it('computes the known cases of the rules right (WTI around Christmas, Treasuries around Good Friday)', () => {
    // Jan 2027 WTI: December 25, 2026 is a Friday holiday, so four business days before it.
    expect(lastTradeDateOf('wti', '2027-01')).toBe('2026-12-21');
    // Feb 2027 WTI: January 25, 2027 is a Monday, so three business days before it.
    expect(lastTradeDateOf('wti', '2027-02')).toBe('2027-01-20');
    expect(lastTradeDateOf('treasuries', '2027-03')).toBe('2027-03-19');
    expect(lastTradeDateOf('third-friday', '2027-12')).toBe('2027-12-17');
    expect(lastTradeDateOf('euro-fx', '2027-03')).toBe('2027-03-15');
    expect(lastTradeDateOf('cbot-grains', '2027-05')).toBe('2027-05-14');
  });

  it('does not count the US holidays Globex only halts on as business days (no settlement on them)', () => {
    // June 2026 WTI: May 25, 2026 is Memorial Day, so four business days before it.
    expect(lastTradeDateOf('wti', '2026-06')).toBe('2026-05-19');
    // December 2026 Henry Hub: the third last business day of November skips Thanksgiving.
    expect(lastTradeDateOf('henry-hub', '2026-12')).toBe('2026-11-25');
    // January 2026 Euro FX: two business days before Wednesday the 21st skip Martin Luther King Jr. Day.
    expect(lastTradeDateOf('euro-fx', '2026-01')).toBe('2026-01-16');
    // June 2026 Treasuries: seven business days before June 30 skip Juneteenth.
    expect(lastTradeDateOf('treasuries', '2026-06')).toBe('2026-06-18');
    // The third Friday of June is Juneteenth in 2026 and its observed day in 2027: the Thursday before.
    expect(lastTradeDateOf('third-friday', '2026-06')).toBe('2026-06-18');
    expect(lastTradeDateOf('third-friday', '2027-06')).toBe('2027-06-17');
    expect(lastTradeDateOf('third-friday', '2027-09')).toBe('2027-09-17');
  });
});

describe('the futures catalog rolls', () => {
  it('lists the front months of each product today, with names and last trade dates', () => {
    const listed = listedOn('2026-11-23');
    expect(codesOf(listed, 'ES')).toEqual(['ESZ6', 'ESH7', 'ESM7']);
    expect(codesOf(listed, 'CL')).toEqual(['CLF7', 'CLG7', 'CLH7']);
    expect(codesOf(listed, 'GC')).toEqual(['GCG7', 'GCJ7', 'GCM7']);
    expect(codesOf(listed, 'ZS')).toEqual(['ZSF7', 'ZSH7', 'ZSK7']);
    expect(codesOf(listed, 'ZN')).toEqual(['ZNH7', 'ZNM7']);
    expect(codesOf(listed, '6E')).toEqual(['6EZ6', '6EH7']);
    expect(listed.find((instrument) => instrument.code === 'ESH7')).toMatchObject({
      name: 'E-mini S&P 500 Mar 2027',
      contractMonth: '2027-03',
      lastTradeDate: '2027-03-19',
      multiplier: '50',
      market: 'CME',
      calendar: 'CME',
    });
    expect(listed.find((instrument) => instrument.code === 'ZSK7')).toMatchObject({ calendar: 'CBOT_GRAINS', lastTradeDate: '2027-05-14' });
  });

  it('drops a contract from the list once it expires and lists the next month, keeping the expired one by code', () => {
    const listed = listedOn('2026-12-19');
    expect(codesOf(listed, 'ES')).toEqual(['ESH7', 'ESM7', 'ESU7']);
    expect(codesOf(listed, '6E')).toEqual(['6EH7', '6EM7']);
    expect(codesOf(listed, 'CL')).toEqual(['CLF7', 'CLG7', 'CLH7']);
    expect(listed.find((instrument) => instrument.code === 'ESU7')?.lastTradeDate).toBe('2027-09-17');
    const catalog = createCatalog(undefined, { date: '2026-12-19' });
    expect(catalog.byCode.get('ESZ6')?.lastTradeDate).toBe('2026-12-18');
  });

  it('a year later lists the front months of that year', () => {
    const listed = listedOn('2027-11-23');
    expect(codesOf(listed, 'ES')).toEqual(['ESZ7', 'ESH8', 'ESM8']);
    expect(codesOf(listed, 'GC')).toEqual(['GCZ7', 'GCG8', 'GCJ8']);
    expect(codesOf(listed, 'ZC')).toEqual(['ZCZ7', 'ZCH8', 'ZCK8']);
    expect(listed.find((instrument) => instrument.code === 'ESZ7')).toMatchObject({
      name: 'E-mini S&P 500 Dec 2027',
      lastTradeDate: '2027-12-17',
    });
  });

  it('still has every product to trade past all the months the reference data used to fix', () => {
    const date = '2028-06-01';
    const listed = listedOn(date);
    const catalog = createCatalog(undefined, { date });
    const roots = [...new Set(catalog.instruments.filter((instrument) => instrument.root).map((instrument) => instrument.root))];
    expect(roots).toHaveLength(Object.keys(checkedByHand).length);
    for (const root of roots) {
      const contracts = listed.filter((instrument) => instrument.root === root);
      expect(contracts.length, root ?? '').toBeGreaterThanOrEqual(2);
      for (const contract of contracts) {
        expect(contract.code).toMatch(new RegExp(`^${root}[FGHJKMNQUVXZ]\\d$`));
        expect(contract.lastTradeDate && contract.lastTradeDate >= date).toBe(true);
      }
    }
    // Contracts expired more than the retention ago have left the catalog; recent ones are still there.
    expect(catalog.byCode.has('ESZ6')).toBe(false);
    expect(catalog.byCode.has('ESM8')).toBe(true);
    expect(createCatalog(undefined, { date: '2027-06-01' }).byCode.has('ESZ6')).toBe(true);
  });

  it('rolls a running catalog forward, once, keeping the codes MARKET_INSTRUMENTS asked for', () => {
    // A root names every contract of its product (and a stock of that very code, Eversource's ES, too).
    const byRoot = createCatalog(['ES', 'AAPL'], { date: '2026-11-23' });
    expect(byRoot.instruments.map((instrument) => instrument.code).sort()).toEqual(['AAPL', 'ES', 'ESH7', 'ESM7', 'ESZ6']);
    expect(byRoot.rollTo('2026-12-19').map((instrument) => instrument.code)).toEqual(['ESU7']);
    expect(byRoot.rollTo('2026-12-19')).toEqual([]);
    expect(byRoot.byCode.get('ESU7')?.lastTradeDate).toBe('2027-09-17');
    expect(byRoot.byCode.has('ESZ6')).toBe(true);
    const byCode = createCatalog(['ESZ6'], { date: '2026-11-23' });
    expect(byCode.rollTo('2027-06-01')).toEqual([]);
    expect(byCode.instruments.map((instrument) => instrument.code)).toEqual(['ESZ6']);
  });

  it('derives only the months of the product cycle, from its first month on', () => {
    const product: FuturesProduct = {
      root: 'XX',
      name: 'Test',
      market: 'CME',
      group: 'equity',
      multiplier: '1',
      tickSize: '1',
      margin: '1',
      cycle: 'HMUZ',
      listed: 2,
      firstMonth: '2026-12',
      rule: 'third-friday',
    };
    expect(contractsThrough(product, '2027-04-01').map((contract) => contract.code)).toEqual(['XXZ6', 'XXH7', 'XXM7', 'XXU7']);
  });
});
