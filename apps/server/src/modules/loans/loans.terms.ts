import { type LoanTerms, loanRoundingRule } from '@bolsa/contracts';
import Decimal from 'decimal.js';

/**
 * The loan arithmetic, in decimals only (never a float). The published rule, shown on the terms screen:
 * interest is worked out each day on the principal still owed, at the daily rate, exactly; the running
 * total is rounded half up to the cent and each day charges the difference from the day before. So the
 * interest over a whole period is the principal × daily rate × days, rounded once, to the cent. After
 * the due date a penalty runs on the amount overdue (principal and interest, never penalty: no
 * compounding) at its daily rate, by the same rounding, and never above its cap share of the principal.
 */

export const DAY_MS = 86_400_000;
const YEAR_DAYS = 365;

export type ProductRates = {
  id: number;
  periodDays: number;
  dailyRate: string;
  penaltyDailyRate: string;
  penaltyCapShare: string;
  secondApprovalAbove: string;
};

/** Money rounded half up to the cent. */
export function cents(value: Decimal.Value): Decimal {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export const moneyText = (value: Decimal.Value) => cents(value).toFixed(2);

/** Daily rate × 365, simple: the annual rate it amounts to without compounding. */
export function aprOf(dailyRate: Decimal.Value): string {
  return new Decimal(dailyRate).times(YEAR_DAYS).toString();
}

/** Interest charged up to the end of `day` on an untouched principal. */
export function interestToDay(amount: Decimal.Value, dailyRate: Decimal.Value, day: number): Decimal {
  return cents(new Decimal(amount).times(dailyRate).times(day));
}

/** The largest penalty a loan can ever carry: the cap share of its principal, rounded down to the cent. */
export function maxPenaltyOf(amount: Decimal.Value, capShare: Decimal.Value): Decimal {
  return new Decimal(amount).times(capShare).toDecimalPlaces(2, Decimal.ROUND_DOWN);
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The days the schedule shows: every seventh day of the period, and its last. */
function scheduleDays(periodDays: number): number[] {
  const days: number[] = [];
  for (let day = 7; day < periodDays; day += 7) days.push(day);
  days.push(periodDays);
  return days;
}

/** The terms of `amount` on `product` if approved at `now`: what the user confirms and what is stored. */
export function termsOf(product: ProductRates, amount: Decimal.Value, now: Date): LoanTerms {
  const principal = cents(amount);
  const totalInterest = interestToDay(principal, product.dailyRate, product.periodDays);
  const maxPenalty = maxPenaltyOf(principal, product.penaltyCapShare);
  const start = now.getTime();
  return {
    productId: String(product.id),
    amount: principal.toFixed(2),
    periodDays: product.periodDays,
    dailyRate: new Decimal(product.dailyRate).toString(),
    apr: aprOf(product.dailyRate),
    totalInterest: totalInterest.toFixed(2),
    totalRepay: principal.plus(totalInterest).toFixed(2),
    dueDate: isoDay(start + product.periodDays * DAY_MS),
    penaltyDailyRate: new Decimal(product.penaltyDailyRate).toString(),
    penaltyCapShare: new Decimal(product.penaltyCapShare).toString(),
    maxPenalty: maxPenalty.toFixed(2),
    maxTotal: principal.plus(totalInterest).plus(maxPenalty).toFixed(2),
    schedule: scheduleDays(product.periodDays).map((day) => {
      const interest = interestToDay(principal, product.dailyRate, day);
      return { day, date: isoDay(start + day * DAY_MS), interestToDate: interest.toFixed(2), payoff: principal.plus(interest).toFixed(2) };
    }),
    roundingRule: loanRoundingRule,
    needsSecondApproval: principal.greaterThan(product.secondApprovalAbove),
  };
}

/** One day's interest: the new exact running total, the new charged total and the cents to post (≥ 0). */
export function accrueDay(state: { exact: Decimal.Value; charged: Decimal.Value }, base: Decimal.Value, dailyRate: Decimal.Value) {
  const exact = new Decimal(state.exact).plus(new Decimal(base).times(dailyRate));
  const charged = cents(exact);
  return { exact, charged, posted: charged.minus(state.charged) };
}

/** One day's penalty, as interest but never above the cap. */
export function accruePenaltyDay(
  state: { exact: Decimal.Value; charged: Decimal.Value },
  overdue: Decimal.Value,
  penaltyDailyRate: Decimal.Value,
  cap: Decimal.Value,
) {
  const exact = new Decimal(state.exact).plus(new Decimal(overdue).times(penaltyDailyRate));
  const charged = Decimal.min(cents(exact), cap);
  return { exact, charged, posted: Decimal.max(charged.minus(state.charged), 0) };
}

/** How a repayment splits: interest first, then penalty, then principal. */
export function splitRepayment(amount: Decimal.Value, owed: { interest: Decimal.Value; penalty: Decimal.Value; principal: Decimal.Value }) {
  let left = new Decimal(amount);
  const toInterest = Decimal.min(left, owed.interest);
  left = left.minus(toInterest);
  const toPenalty = Decimal.min(left, owed.penalty);
  left = left.minus(toPenalty);
  const toPrincipal = Decimal.min(left, owed.principal);
  left = left.minus(toPrincipal);
  return { toInterest, toPenalty, toPrincipal, left };
}
