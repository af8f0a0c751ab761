import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { defaultLoanProducts } from './loans.operator.ts';
import { accrueDay, accruePenaltyDay, aprOf, maxPenaltyOf, splitRepayment, termsOf } from './loans.terms.ts';

const at = new Date('2026-03-02T10:00:00Z');
const product = (periodDays: number) => {
  const found = defaultLoanProducts.find((row) => row.periodDays === periodDays);
  if (!found) throw new Error(`no ${periodDays}-day product`);
  return { id: 1, ...found };
};

describe('loan terms against hand computations', () => {
  // Worked by hand: interest = principal × daily rate × days, rounded to the cent; APR = daily rate × 365.
  it.each([
    [7, '1000', '0.146', '2.80', '1002.80', '2026-03-09'],
    [14, '1000', '0.12775', '4.90', '1004.90', '2026-03-16'],
    [30, '1000', '0.1095', '9.00', '1009.00', '2026-04-01'],
    [90, '1000', '0.09125', '22.50', '1022.50', '2026-05-31'],
    [30, '1234.56', '0.1095', '11.11', '1245.67', '2026-04-01'],
    [7, '333.33', '0.146', '0.93', '334.26', '2026-03-09'],
  ])('%i days on %s: APR %s, interest %s, total %s, due %s', (days, amount, apr, interest, total, due) => {
    const terms = termsOf(product(days), amount, at);
    expect(terms.apr).toBe(apr);
    expect(terms.totalInterest).toBe(interest);
    expect(terms.totalRepay).toBe(total);
    expect(terms.dueDate).toBe(due);
    expect(terms.schedule.at(-1)).toEqual({ day: days, date: due, interestToDate: interest, payoff: total });
  });

  it('lists every seventh day and the last, each with the interest to that day (1234.56 at 0.03 % a day)', () => {
    const terms = termsOf(product(30), '1234.56', at);
    // 1234.56 × 0.0003 = 0.370368 a day: 7 days 2.592576, 14 days 5.185152, 21 days 7.777728, 28 days 10.370304.
    expect(terms.schedule.map((row) => [row.day, row.interestToDate, row.payoff])).toEqual([
      [7, '2.59', '1237.15'],
      [14, '5.19', '1239.75'],
      [21, '7.78', '1242.34'],
      [28, '10.37', '1244.93'],
      [30, '11.11', '1245.67'],
    ]);
  });

  it('states the penalty cap and the most the loan can ever cost', () => {
    const terms = termsOf(product(7), '1000', at);
    expect(terms.maxPenalty).toBe('50.00');
    expect(terms.maxTotal).toBe('1052.80');
    expect(terms.needsSecondApproval).toBe(false);
    expect(termsOf(product(7), '1000.01', at).needsSecondApproval).toBe(true);
    expect(aprOf('0.001')).toBe('0.365');
  });
});

describe('daily accrual', () => {
  it.each([7, 14, 30, 90])('adds up over %i days to the stated interest, to the cent', (days) => {
    for (const amount of ['1000', '1234.56', '777.77', '100.01']) {
      const rates = product(days);
      let state = { exact: new Decimal(0), charged: new Decimal(0) };
      let posted = new Decimal(0);
      for (let day = 1; day <= days; day += 1) {
        const next = accrueDay(state, amount, rates.dailyRate);
        expect(next.posted.greaterThanOrEqualTo(0)).toBe(true);
        posted = posted.plus(next.posted);
        state = next;
      }
      expect(posted.toFixed(2)).toBe(termsOf(rates, amount, at).totalInterest);
    }
  });

  it('never charges a penalty above its cap, however long the loan stays overdue', () => {
    const cap = maxPenaltyOf('1000', '0.05');
    let state = { exact: new Decimal(0), charged: new Decimal(0) };
    for (let day = 1; day <= 400; day += 1) {
      const next = accruePenaltyDay(state, '1002.80', '0.001', cap);
      expect(next.posted.greaterThanOrEqualTo(0)).toBe(true);
      state = next;
      expect(state.charged.lessThanOrEqualTo(cap)).toBe(true);
      if (day === 30) expect(state.charged.toFixed(2)).toBe('30.08');
    }
    expect(state.charged.toFixed(2)).toBe('50.00');
  });
});

describe('repayment split: interest, then penalty, then principal', () => {
  const owedAt = { interest: new Decimal('9.00'), penalty: new Decimal('3.50'), principal: new Decimal('1000') };

  /** Every order of the parts: what each pays and what is left is the same sum, always interest before penalty before principal. */
  it.each([
    [['5', '4', '3.5', '1000']],
    [['1000', '3.5', '4', '5']],
    [['12.50', '500', '500']],
    [['0.01', '1012.49']],
    [['1012.50']],
    [['600', '0.50', '412']],
  ])('parts %j repay everything in that order', (parts) => {
    let owed = { ...owedAt };
    let paidInterest = new Decimal(0);
    for (const part of parts) {
      const split = splitRepayment(part, owed);
      expect(split.left.toFixed(2)).toBe('0.00');
      if (split.toPenalty.greaterThan(0) || split.toPrincipal.greaterThan(0))
        expect(owed.interest.minus(split.toInterest).isZero()).toBe(true);
      if (split.toPrincipal.greaterThan(0)) expect(owed.penalty.minus(split.toPenalty).isZero()).toBe(true);
      paidInterest = paidInterest.plus(split.toInterest);
      owed = {
        interest: owed.interest.minus(split.toInterest),
        penalty: owed.penalty.minus(split.toPenalty),
        principal: owed.principal.minus(split.toPrincipal),
      };
    }
    expect([owed.interest.toFixed(2), owed.penalty.toFixed(2), owed.principal.toFixed(2)]).toEqual(['0.00', '0.00', '0.00']);
    expect(paidInterest.toFixed(2)).toBe('9.00');
  });
});
