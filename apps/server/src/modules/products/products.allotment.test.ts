import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allot, costOf, settlementOf } from './products.allotment.ts';

const applicantsArbitrary = fc
  .array(fc.integer({ min: 1, max: 12 }), { minLength: 0, maxLength: 60 })
  .map((lots) => lots.map((count, index) => ({ applicationNo: index + 1, lots: count })));
const ruleArbitrary = fc.constantFrom('ballot_one_lot_priority' as const, 'pro_rata' as const);

describe('the allotment rule', () => {
  it('never allots more than offered nor more than applied for, and gives every lot when demand covers supply', () => {
    fc.assert(
      fc.property(
        ruleArbitrary,
        fc.integer({ min: 1, max: 200 }),
        applicantsArbitrary,
        fc.string({ minLength: 8, maxLength: 24 }),
        (rule, total, applicants, seed) => {
          const outcome = allot(rule, total, applicants, seed);
          const given = outcome.allotted.reduce((sum, lots) => sum + lots, 0);
          expect(given).toBeLessThanOrEqual(total);
          expect(given).toBe(Math.min(total, outcome.demandLots));
          outcome.allotted.forEach((lots, index) => {
            expect(lots).toBeGreaterThanOrEqual(0);
            expect(lots).toBeLessThanOrEqual(applicants[index]?.lots ?? 0);
          });
        },
      ),
    );
  });

  it('gives one lot to every applicant first when oversubscribed, as long as lots suffice (one-lot priority)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        applicantsArbitrary,
        fc.string({ minLength: 8, maxLength: 24 }),
        (total, applicants, seed) => {
          const outcome = allot('ballot_one_lot_priority', total, applicants, seed);
          if (outcome.demandLots <= total) return;
          if (applicants.length <= total) expect(outcome.allotted.every((lots) => lots >= 1)).toBe(true);
          else expect(outcome.allotted.every((lots) => lots <= 1)).toBe(true);
        },
      ),
    );
  });

  it('gives the same result for the same seed, and another seed may draw others', () => {
    fc.assert(
      fc.property(
        ruleArbitrary,
        fc.integer({ min: 1, max: 50 }),
        applicantsArbitrary,
        fc.string({ minLength: 8, maxLength: 24 }),
        (rule, total, applicants, seed) => {
          expect(allot(rule, total, applicants, seed)).toEqual(allot(rule, total, [...applicants], seed));
        },
      ),
    );
    const many = Array.from({ length: 40 }, (_, index) => ({ applicationNo: index + 1, lots: 1 }));
    expect(allot('ballot_one_lot_priority', 10, many, 'seed-a').allotted).not.toEqual(
      allot('ballot_one_lot_priority', 10, many, 'seed-b').allotted,
    );
  });

  it('posts or returns every held cent: paid plus returned is the hold, and nothing is negative', () => {
    const priceArbitrary = fc.integer({ min: 1, max: 100_000 }).map((cents) => new Decimal(cents).div(100).toString());
    const feeArbitrary = fc.integer({ min: 0, max: 100 }).map((tenths) => new Decimal(tenths).div(10_000).toString());
    fc.assert(
      fc.property(
        priceArbitrary,
        feeArbitrary,
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.nat(),
        (price, feeRate, lotSize, lots, pick) => {
          const held = costOf(price, lots * lotSize, feeRate).total;
          const allottedLots = pick % (lots + 1);
          const money = settlementOf({ price, lotSize, feeRate, held, allottedLots });
          expect(money.amount.plus(money.fee).plus(money.refund).equals(held)).toBe(true);
          expect(money.refund.isNegative()).toBe(false);
          if (allottedLots === lots) expect(money.refund.isZero()).toBe(true);
          for (const part of [money.amount, money.fee, money.refund]) expect(part.decimalPlaces()).toBeLessThanOrEqual(2);
        },
      ),
    );
  });
});
