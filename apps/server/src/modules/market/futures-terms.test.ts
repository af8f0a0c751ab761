import { describe, expect, it } from 'vitest';
import { addDays, calendars, isTradingDate } from './calendars.ts';
import { createCatalog, type Instrument } from './instruments.ts';

/**
 * The futures terms in reference-data/instruments.json were compiled by hand; these are the
 * exchanges' published last-trading-day rules, computed over the CME Globex business days of our
 * calendar (weekdays other than its full holidays), so a wrong date in the file shows up here.
 */
const isBusinessDay = (date: string) => isTradingDate(calendars.CME, date);
const monthStart = (contractMonth: string) => `${contractMonth}-01`;
const lastDayOf = (contractMonth: string) => addDays(monthStart(addMonths(contractMonth, 1)), -1);
function addMonths(contractMonth: string, months: number): string {
  const [year, month] = contractMonth.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}
/** The business day `count` business days before `date` (not counting `date`). */
function businessDaysBefore(date: string, count: number): string {
  let day = date;
  for (let left = count; left > 0; ) {
    day = addDays(day, -1);
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}
function nthWeekday(contractMonth: string, weekday: number, nth: number): string {
  let day = monthStart(contractMonth);
  let seen = 0;
  for (;;) {
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === weekday) seen += 1;
    if (seen === nth) return day;
    day = addDays(day, 1);
  }
}
function lastBusinessDayOf(contractMonth: string): string {
  let day = lastDayOf(contractMonth);
  while (!isBusinessDay(day)) day = addDays(day, -1);
  return day;
}

/** Last trading day by product (the code without its month letter and year digit). */
const rules: Record<string, (contractMonth: string) => string> = {
  // CME equity index futures: the third Friday of the contract month.
  ES: (month) => nthWeekday(month, 5, 3),
  NQ: (month) => nthWeekday(month, 5, 3),
  YM: (month) => nthWeekday(month, 5, 3),
  RTY: (month) => nthWeekday(month, 5, 3),
  // NYMEX WTI: 3 business days before the 25th of the month before (4 if the 25th is not a business day).
  CL: (month) => {
    const twentyFifth = `${addMonths(month, -1)}-25`;
    return businessDaysBefore(twentyFifth, isBusinessDay(twentyFifth) ? 3 : 4);
  },
  // NYMEX Henry Hub: 3 business days before the first calendar day of the contract month.
  NG: (month) => businessDaysBefore(monthStart(month), 3),
  // COMEX metals: the third last business day of the contract month.
  GC: (month) => businessDaysBefore(addDays(lastBusinessDayOf(month), 1), 3),
  SI: (month) => businessDaysBefore(addDays(lastBusinessDayOf(month), 1), 3),
  HG: (month) => businessDaysBefore(addDays(lastBusinessDayOf(month), 1), 3),
  // CBOT grains: the business day before the 15th of the contract month.
  ZC: (month) => businessDaysBefore(`${month}-15`, 1),
  ZW: (month) => businessDaysBefore(`${month}-15`, 1),
  ZS: (month) => businessDaysBefore(`${month}-15`, 1),
  // CBOT Treasury futures: the seventh business day before the last business day of the month.
  ZN: (month) => businessDaysBefore(lastBusinessDayOf(month), 7),
  ZB: (month) => businessDaysBefore(lastBusinessDayOf(month), 7),
  // CME Euro FX: two business days before the third Wednesday of the contract month.
  '6E': (month) => businessDaysBefore(nthWeekday(month, 3, 3), 2),
};
const monthCodes: Record<string, string> = {
  F: '01',
  G: '02',
  H: '03',
  J: '04',
  K: '05',
  M: '06',
  N: '07',
  Q: '08',
  U: '09',
  V: '10',
  X: '11',
  Z: '12',
};

describe('futures terms of the reference data', () => {
  const futures = createCatalog().instruments.filter((instrument) => instrument.source === '3');

  it('has a rule for every contract, and its code names its contract month', () => {
    expect(futures.length).toBeGreaterThanOrEqual(12);
    for (const future of futures) {
      const match = /^(.+)([FGHJKMNQUVXZ])(\d)$/.exec(future.code);
      expect(match, future.code).not.toBeNull();
      const [, product, letter, yearDigit] = match as unknown as [string, string, string, string];
      expect(rules[product], future.code).toBeDefined();
      expect(future.contractMonth, future.code).toBe(`202${yearDigit}-${monthCodes[letter]}`);
    }
  });

  it.each(
    createCatalog()
      .instruments.filter((instrument) => instrument.source === '3')
      .map((instrument) => [instrument.code, instrument] as const),
  )('%s stops trading on the day its exchange rule gives', (_code, future: Instrument) => {
    const product = future.code.slice(0, -2);
    expect(future.lastTradeDate).toBe(rules[product]?.(future.contractMonth ?? ''));
  });

  it('computes the known cases of the rules right (WTI around Christmas, Treasuries around Good Friday)', () => {
    // Jan 2027 WTI: December 25, 2026 is a Friday holiday, so four business days before it (the file said 2026-12-17).
    expect(rules.CL?.('2027-01')).toBe('2026-12-21');
    // Feb 2027 WTI: January 25, 2027 is a Monday, so three business days before it.
    expect(rules.CL?.('2027-02')).toBe('2027-01-20');
    expect(rules.ZN?.('2027-03')).toBe('2027-03-19');
    expect(rules.ES?.('2026-12')).toBe('2026-12-18');
  });
});
