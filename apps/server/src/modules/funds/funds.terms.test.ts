import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  accrue,
  earlyFee,
  firstRunOnOrAfter,
  isPlanDayValid,
  nextBusinessArrival,
  periodIncome,
  postedYield,
  runAfter,
} from './funds.terms.ts';

describe('the funds arithmetic and calendar', () => {
  it('posts the rounding of the exact running total, so a year of tiny days adds up to the rate', () => {
    // 100 at 1 % a year earns 0.00273… a day: most days post 0.00, some 0.01, and 365 days post exactly 1.00.
    let totals = { exact: '0', posted: '0' };
    let days = 0;
    for (let day = 0; day < 365; day += 1) {
      const next = accrue(totals, '100', 100);
      expect(next.posted.equals(0) || next.posted.equals('0.01')).toBe(true);
      if (!next.posted.isZero()) days += 1;
      totals = { exact: next.exact.toString(), posted: next.posted.plus(totals.posted).toFixed(2) };
    }
    expect(days).toBe(100);
    expect(new Decimal(totals.exact).toDecimalPlaces(8).toString()).toBe('1');
    expect(totals.posted).toBe('1.00');
  });

  it('works out a period product and its early fee to the cent', () => {
    expect(periodIncome('1000', 300, 30).toFixed(2)).toBe('2.47');
    expect(periodIncome('600', 375, 90).toFixed(2)).toBe('5.55');
    expect(earlyFee('1000', 50).toFixed(2)).toBe('5.00');
  });

  it('annualises only what was posted, in percent', () => {
    expect(postedYield([])).toBeNull();
    expect(postedYield([{ totalBalance: '0', totalIncome: '0' }])).toBeNull();
    expect(postedYield([{ totalBalance: '36500', totalIncome: '2' }])).toBe('2.0000');
  });

  it('sends the deferred part of a redemption on the next business day at 09:00 UTC', () => {
    expect(nextBusinessArrival(new Date('2026-07-03T10:00:00Z')).toISOString()).toBe('2026-07-06T09:00:00.000Z');
    expect(nextBusinessArrival(new Date('2026-07-06T23:59:00Z')).toISOString()).toBe('2026-07-07T09:00:00.000Z');
  });

  it('schedules weekly, two-weekly and monthly plans on their day', () => {
    expect(isPlanDayValid('weekly', 7)).toBe(true);
    expect(isPlanDayValid('weekly', 8)).toBe(false);
    expect(isPlanDayValid('monthly', 28)).toBe(true);
    expect(isPlanDayValid('monthly', 29)).toBe(false);
    // 2026-03-02 is a Monday: the first Wednesday on or after it is the 4th.
    expect(firstRunOnOrAfter('weekly', 3, '2026-03-02')).toBe('2026-03-04');
    expect(firstRunOnOrAfter('monthly', 1, '2026-03-02')).toBe('2026-04-01');
    expect(runAfter('biweekly', 3, '2026-03-04')).toBe('2026-03-18');
    expect(runAfter('monthly', 28, '2026-01-28')).toBe('2026-02-28');
  });
});
