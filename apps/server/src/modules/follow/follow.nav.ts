import Decimal from 'decimal.js';

/**
 * The portfolio arithmetic of an institution (issue 20 §1), decimals only. A unit holds, per instrument,
 * the quantity its weight bought at the last rebalance (NAV × weight ÷ price then) and the rest in cash;
 * its NAV is what those quantities are worth at the latest quotes plus that cash.
 */

export const NAV_DECIMALS = 8;
export const QUANTITY_DECIMALS = 12;

export type Holding = { code: string; quantityPerUnit: Decimal.Value };

/** NAV per unit: Σ quantity × price + cash, rounded half up to 8 places; null while a price is missing. */
export function navOf(holdings: readonly Holding[], cashPerUnit: Decimal.Value, priceOf: (code: string) => Decimal.Value | undefined) {
  let total = new Decimal(cashPerUnit);
  for (const holding of holdings) {
    const price = priceOf(holding.code);
    if (price === undefined) return null;
    total = total.plus(new Decimal(holding.quantityPerUnit).times(price));
  }
  return total.toDecimalPlaces(NAV_DECIMALS, Decimal.ROUND_HALF_UP);
}

/**
 * A rebalance at `nav`: each weight buys NAV × weight ÷ price per unit (12 places, rounded down), and
 * whatever the rounding and the weights leave is cash, so the NAV is unchanged by the rebalance itself.
 */
export function quantitiesFor(
  nav: Decimal.Value,
  weights: ReadonlyArray<{ code: string; weight: Decimal.Value }>,
  prices: ReadonlyMap<string, Decimal.Value>,
) {
  const value = new Decimal(nav);
  let invested = new Decimal(0);
  const holdings = weights.map(({ code, weight }) => {
    const price = prices.get(code);
    if (price === undefined) throw new Error(`no price for ${code}`);
    const quantityPerUnit = value.times(weight).div(price).toDecimalPlaces(QUANTITY_DECIMALS, Decimal.ROUND_DOWN);
    invested = invested.plus(quantityPerUnit.times(price));
    return { code, weight: new Decimal(weight), quantityPerUnit };
  });
  return { holdings, cashPerUnit: value.minus(invested) };
}

const DAY_MS = 86_400_000;

export type NavPoint = { day: string; nav: string };

/** The realised return from the last daily NAV on or before `days` ago to `nav` now (null if the portfolio is younger). */
export function returnOver(history: readonly NavPoint[], nav: Decimal.Value, now: Date, days: number) {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
  const before = history.filter((point) => point.day <= cutoff).at(-1);
  if (!before) return null;
  return new Decimal(nav).div(before.nav).minus(1).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toString();
}

/** The largest fall from a running peak, as a negative fraction (0 when it never fell). */
export function maxDrawdownOf(navs: readonly Decimal.Value[]) {
  let peak: Decimal | null = null;
  let worst = new Decimal(0);
  for (const value of navs) {
    const nav = new Decimal(value);
    if (peak === null || nav.greaterThan(peak)) peak = nav;
    const fall = nav.div(peak).minus(1);
    if (fall.lessThan(worst)) worst = fall;
  }
  return worst.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toString();
}

/** Sample standard deviation of the daily returns, × √365, as a fraction ("0" under two returns). */
export function volatilityOf(navs: readonly Decimal.Value[]) {
  const returns: Decimal[] = [];
  for (let index = 1; index < navs.length; index += 1)
    returns.push(new Decimal(navs[index] as Decimal.Value).div(navs[index - 1] as Decimal.Value).minus(1));
  if (returns.length < 2) return '0';
  const mean = Decimal.sum(...returns).div(returns.length);
  const variance = Decimal.sum(...returns.map((value) => value.minus(mean).pow(2))).div(returns.length - 1);
  return variance.sqrt().times(new Decimal(365).sqrt()).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toString();
}

/** The median of some fractions (the mean of the middle two for an even count); null for none. */
export function medianOf(values: readonly Decimal.Value[]) {
  if (values.length === 0) return null;
  const sorted = values.map((value) => new Decimal(value)).sort((a, b) => a.comparedTo(b));
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? (sorted[middle] as Decimal) : (sorted[middle - 1] as Decimal).plus(sorted[middle] as Decimal).div(2);
  return median.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toString();
}
