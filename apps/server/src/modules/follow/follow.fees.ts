import Decimal from 'decimal.js';

/**
 * What a follow pays back at its end (issue 20 §1), decimals only. Units are bought at the cut-off's NAV
 * (amount ÷ NAV, 8 places, rounded down, so the units never cost more than the amount). At the end:
 * - gross = units × exit NAV, half up to the cent;
 * - management fee = gross × yearly rate × minutes held ÷ minutes in 365 days, half up to the cent;
 * - performance fee = units × (exit NAV − mark) × rate when positive, half up to the cent, where the mark is
 *   the higher of the entry NAV and the follower's high-water mark: a gain already charged is never charged again;
 * - fees never exceed gross; payout = gross − fees; the follower's mark rises to the exit NAV when it passed it.
 */

const MINUTES_PER_YEAR = 365 * 1440;

export function unitsFor(amount: Decimal.Value, nav: Decimal.Value) {
  return new Decimal(amount).div(nav).toDecimalPlaces(8, Decimal.ROUND_DOWN);
}

export type SettlementInput = {
  units: Decimal.Value;
  entryNav: Decimal.Value;
  exitNav: Decimal.Value;
  /** The follower's high-water mark at this institution before this settlement (null: none yet). */
  highWaterMark: Decimal.Value | null;
  managementFeeRate: Decimal.Value;
  performanceFeeRate: Decimal.Value;
  minutesHeld: number;
};

export function settlementOf(input: SettlementInput) {
  const units = new Decimal(input.units);
  const exitNav = new Decimal(input.exitNav);
  const gross = units.times(exitNav).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const mark = Decimal.max(input.entryNav, input.highWaterMark ?? input.entryNav);
  const management = gross
    .times(input.managementFeeRate)
    .times(Math.max(0, input.minutesHeld))
    .div(MINUTES_PER_YEAR)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const gainAboveMark = Decimal.max(0, exitNav.minus(mark));
  const performance = units.times(gainAboveMark).times(input.performanceFeeRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const managementFee = Decimal.min(management, gross);
  const performanceFee = Decimal.min(performance, gross.minus(managementFee));
  const nextMark = exitNav.greaterThan(mark) ? exitNav : input.highWaterMark === null ? null : new Decimal(input.highWaterMark);
  return {
    gross,
    managementFee,
    performanceFee,
    payout: gross.minus(managementFee).minus(performanceFee),
    /** The mark the performance fee was measured from. */
    mark,
    nextMark,
  };
}

/** Whether a follow's value at `nav` has lost more than its limit (a percentage of the amount). */
export function passesLossLimit(amount: Decimal.Value, units: Decimal.Value, nav: Decimal.Value, stopLossPercent: number | null) {
  if (stopLossPercent === null) return false;
  const floor = new Decimal(amount).times(100 - stopLossPercent).div(100);
  return new Decimal(units).times(nav).lessThan(floor);
}
