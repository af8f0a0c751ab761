import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passesLossLimit, settlementOf, unitsFor } from './follow.fees.ts';

const year = 365 * 1440;

describe('follow: settlement at NAV with fees', () => {
  it('charges the management fee pro rata and the performance fee above the mark, as worked by hand', () => {
    // 1,000 at NAV 1.25 buys 800 units; settled at 1.5 after 73 days (a fifth of a year):
    // gross 1,200; management 1,200 × 2 % × 0.2 = 4.80; performance 800 × 0.25 × 10 % = 20; payout 1,175.20.
    const units = unitsFor('1000', '1.25');
    expect(units.toString()).toBe('800');
    const outcome = settlementOf({
      units,
      entryNav: '1.25',
      exitNav: '1.5',
      highWaterMark: null,
      managementFeeRate: '0.02',
      performanceFeeRate: '0.1',
      minutesHeld: 73 * 1440,
    });
    expect([outcome.gross, outcome.managementFee, outcome.performanceFee, outcome.payout].map((value) => value.toFixed(2))).toEqual([
      '1200.00',
      '4.80',
      '20.00',
      '1175.20',
    ]);
    expect(outcome.nextMark?.toString()).toBe('1.5');
  });

  it('charges no performance fee on a gain below the follower’s mark', () => {
    // Charged up to 1.5 before; a new follow from 1.2 to 1.5 gained only what was charged already.
    const outcome = settlementOf({
      units: '100',
      entryNav: '1.2',
      exitNav: '1.5',
      highWaterMark: '1.5',
      managementFeeRate: '0',
      performanceFeeRate: '0.2',
      minutesHeld: 10,
    });
    expect(outcome.performanceFee.toFixed(2)).toBe('0.00');
    expect(outcome.payout.toFixed(2)).toBe('150.00');
  });

  it('ends a follow whose value fell past the loss limit, and only then', () => {
    expect(passesLossLimit('1000', '1000', '0.91', 10)).toBe(false);
    expect(passesLossLimit('1000', '1000', '0.899', 10)).toBe(true);
    expect(passesLossLimit('1000', '1000', '0.1', null)).toBe(false);
  });

  it('never charges a follower a performance fee on a gain already charged (high-water mark), over any path', () => {
    const nav = fc.integer({ min: 50, max: 300 }).map((cents) => new Decimal(cents).div(100));
    const follow = fc.record({
      entry: nav,
      exit: nav,
      units: fc.integer({ min: 1, max: 10_000 }),
      minutes: fc.integer({ min: 0, max: year }),
    });
    fc.assert(
      fc.property(fc.array(follow, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 50 }), (follows, ratePercent) => {
        const rate = new Decimal(ratePercent).div(100);
        let mark: Decimal | null = null;
        const charged: Array<[Decimal, Decimal]> = [];
        for (const each of follows) {
          const outcome = settlementOf({
            units: each.units,
            entryNav: each.entry,
            exitNav: each.exit,
            highWaterMark: mark,
            managementFeeRate: '0.01',
            performanceFeeRate: rate,
            minutesHeld: each.minutes,
          });
          // The fee is the rate of the gain above the mark, never more; the fees never exceed what is paid.
          const above = Decimal.max(0, each.exit.minus(Decimal.max(each.entry, mark ?? each.entry)));
          expect(
            outcome.performanceFee.lessThanOrEqualTo(above.times(each.units).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)),
          ).toBe(true);
          expect(outcome.payout.greaterThanOrEqualTo(0)).toBe(true);
          expect(outcome.payout.plus(outcome.managementFee).plus(outcome.performanceFee).equals(outcome.gross)).toBe(true);
          if (outcome.performanceFee.greaterThan(0)) {
            const band: [Decimal, Decimal] = [outcome.mark, each.exit];
            // No NAV band is charged twice: each charged band lies above every band charged before it.
            for (const [, top] of charged) expect(band[0].greaterThanOrEqualTo(top)).toBe(true);
            charged.push(band);
          }
          mark = outcome.nextMark;
        }
      }),
      { numRuns: 300 },
    );
  });
});
