import { tradeDirections } from '@bolsa/contracts';

const decimalPattern = /^\d+(\.\d+)?$/;

/** A typed price or quantity the server will accept: digits with an optional decimal part, above zero. */
export const isPositiveDecimal = (value: string) => decimalPattern.test(value) && Number(value) > 0;

/** Why a take-profit or stop-loss cannot be used (a key under `trade.levels`). */
export type LevelError = 'mustBeAbove' | 'mustBeBelow' | 'invalid';

/**
 * Where a take-profit and a stop-loss may lie, seen from a reference price (the price the order should
 * fill at, or a holding's current close price): a buy gains above it, a sell below. The same rule the
 * server applies when the levels of a holding are edited, so the user hears of a wrong side before sending.
 * An empty level is fine (none); without a reference only the number itself is checked.
 */
export function levelErrors(input: { direction: number; reference: string | null | undefined; takeProfit: string; stopLoss: string }) {
  const reference = input.reference && isPositiveDecimal(input.reference) ? Number(input.reference) : null;
  const check = (value: string, gainsAbove: boolean): LevelError | undefined => {
    if (value === '') return undefined;
    if (!isPositiveDecimal(value)) return 'invalid';
    if (reference === null) return undefined;
    if (gainsAbove && Number(value) <= reference) return 'mustBeAbove';
    if (!gainsAbove && Number(value) >= reference) return 'mustBeBelow';
    return undefined;
  };
  const isBuy = input.direction === tradeDirections.buy;
  return { takeProfit: check(input.takeProfit, isBuy), stopLoss: check(input.stopLoss, !isBuy) };
}
