import type { PlanFrequency } from '@bolsa/contracts';
import Decimal from 'decimal.js';

/**
 * The funds' arithmetic and calendar, pure: days are UTC calendar days ("YYYY-MM-DD"); rates are whole
 * basis points a year and a day earns 1/365 of the year's rate (simple, every day of the year alike).
 */
export const DAY_MS = 86_400_000;
const DAYS_A_YEAR = 365;
/** When a redemption's deferred part arrives on the next business day (UTC). */
export const ARRIVAL_HOUR_UTC = 9;

export const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);
export const startOf = (day: string) => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) => dayOf(new Date(startOf(day).getTime() + days * DAY_MS));

/** A year's rate in basis points as a fraction ("0.0215"). */
export const fractionOf = (bps: number) => new Decimal(bps).div(10_000);
/** As a percentage text ("2.15"): the spec's zdf. */
export const percentOf = (bps: number) => new Decimal(bps).div(100).toFixed(2);

/** One day's exact income on a balance at a year's rate. */
export const dayIncome = (balance: Decimal.Value, bps: number) => new Decimal(balance).times(bps).div(10_000).div(DAYS_A_YEAR);

/**
 * Adds a day's exact income to a holding's running totals and answers what to post: the running total
 * rounded half up to the cent, less what was posted before. So what a holding has received is always the
 * rounding of the exact sum, never a sum of roundings.
 */
export function accrue(totals: { exact: Decimal.Value; posted: Decimal.Value }, balance: Decimal.Value, bps: number) {
  const exact = new Decimal(totals.exact).plus(dayIncome(balance, bps));
  const rounded = exact.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { exact, posted: rounded.minus(totals.posted) };
}

/** A period product's income at maturity: principal × rate × days / 365, half up to the cent. */
export const periodIncome = (principal: Decimal.Value, bps: number, days: number) =>
  new Decimal(principal).times(bps).times(days).div(10_000).div(DAYS_A_YEAR).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** The fee of an early redemption: basis points of the principal, half up to the cent. */
export const earlyFee = (principal: Decimal.Value, bps: number) =>
  new Decimal(principal).times(bps).div(10_000).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** The net yield a year, in percent ("2.1400"), of the income actually posted over the balances it was posted on (null with none). */
export function postedYield(days: ReadonlyArray<{ totalBalance: string; totalIncome: string }>) {
  const balance = days.reduce((sum, day) => sum.plus(day.totalBalance), new Decimal(0));
  if (balance.isZero()) return null;
  const income = days.reduce((sum, day) => sum.plus(day.totalIncome), new Decimal(0));
  return income.div(balance).times(DAYS_A_YEAR).times(100).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
}

const isWeekend = (instant: Date) => instant.getUTCDay() === 0 || instant.getUTCDay() === 6;

/** When money deferred at `now` arrives: the next business day (Monday to Friday) at the arrival hour, UTC. */
export function nextBusinessArrival(now: Date) {
  let day = addDays(dayOf(now), 1);
  while (isWeekend(startOf(day))) day = addDays(day, 1);
  return new Date(startOf(day).getTime() + ARRIVAL_HOUR_UTC * 3_600_000);
}

/** ISO weekday of a day: 1 Monday … 7 Sunday. */
const isoWeekday = (day: string) => startOf(day).getUTCDay() || 7;

/** Whether a plan's day fits its frequency: a weekday for weekly plans, a day 1–28 of the month for monthly ones. */
export const isPlanDayValid = (frequency: PlanFrequency, day: number) =>
  Number.isInteger(day) && day >= 1 && (frequency === 'monthly' ? day <= 28 : day <= 7);

/** The first run day on or after `from` for a plan's frequency and day. */
export function firstRunOnOrAfter(frequency: PlanFrequency, day: number, from: string) {
  let candidate = from;
  for (let step = 0; step < 31; step += 1) {
    const matches = frequency === 'monthly' ? startOf(candidate).getUTCDate() === day : isoWeekday(candidate) === day;
    if (matches) return candidate;
    candidate = addDays(candidate, 1);
  }
  throw new Error(`no run day for ${frequency} ${day} from ${from}`);
}

/** The run after `last`: a week, two weeks, or the same day of the next month. */
export function runAfter(frequency: PlanFrequency, day: number, last: string) {
  if (frequency === 'weekly') return addDays(last, 7);
  if (frequency === 'biweekly') return addDays(last, 14);
  const date = startOf(last);
  return dayOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, day)));
}
