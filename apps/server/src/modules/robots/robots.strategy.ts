import type { RobotParameters } from '@bolsa/contracts';
import Decimal from 'decimal.js';

/**
 * The one strategy code of robots (issue 22 §4): a live run and a backtest both feed it prices one
 * round at a time and fill what it asks by the same rule, so a replayed price path gives the same fills.
 * Pure: no clock, no database; the state and memory it returns are stored by the caller.
 */

export type Memory = Record<string, unknown>;

/** What a run holds between rounds. Money has two decimals; `costBasis` is what the shares held cost, fees excluded. */
export type RunState = { cash: Decimal; quantity: Decimal; costBasis: Decimal; memory: Memory };

/** One round: the touch now (a Buy fills at the ask, a Sell at the bid) and its time. */
export type Round = { bid: Decimal; ask: Decimal; at: number };

/** What trading charges for a fill of `quantity` at `price`: its value and fee in the wallet's currency (the same function live and in backtests). */
export type CostOf = (price: Decimal, quantity: Decimal) => { amount: Decimal; fee: Decimal };

export type Intent = { direction: 0 | 1; quantity: Decimal };
export type Fill = { direction: 0 | 1; quantity: Decimal; price: Decimal; amount: Decimal; fee: Decimal };

const HOUR = 3_600_000;
const ZERO = new Decimal(0);
const mid = (round: Round) => round.bid.plus(round.ask).dividedBy(2);
const lotsOf = (value: Decimal, price: Decimal, lot: Decimal) =>
  price.isZero() ? ZERO : value.dividedBy(price).dividedBy(lot).floor().times(lot);

function gridLines(parameters: Extract<RobotParameters, { kind: 'grid' }>) {
  const lower = new Decimal(parameters.lowerPrice);
  const step = new Decimal(parameters.upperPrice).minus(lower).dividedBy(parameters.levels - 1);
  return Array.from({ length: parameters.levels }, (_, index) => lower.plus(step.times(index)));
}

/** How many of the grid's lines are at or below the price. */
function cellOf(lines: Decimal[], price: Decimal) {
  return lines.filter((line) => line.lessThanOrEqualTo(price)).length;
}

/** What the strategy asks for this round, and its memory after it. Quantities are whole lots, before affordability. */
export function decide(
  parameters: RobotParameters,
  state: RunState,
  allocated: Decimal,
  round: Round,
  lot: Decimal,
): { intent: Intent | null; memory: Memory } {
  const memory = { ...state.memory };
  const price = mid(round);
  switch (parameters.kind) {
    case 'grid': {
      const lines = gridLines(parameters);
      const cell = cellOf(lines, price);
      const previous = memory.cell as number | undefined;
      memory.cell = cell;
      const slices = (memory.slices as string[] | undefined) ?? [];
      if (previous === undefined || previous === cell) return { intent: null, memory };
      if (cell < previous) {
        const each = lotsOf(allocated.dividedBy(parameters.levels), round.ask, lot);
        const quantity = each.times(previous - cell);
        return { intent: quantity.isZero() ? null : { direction: 0, quantity }, memory };
      }
      const count = Math.min(cell - previous, slices.length);
      const quantity = slices.slice(slices.length - count).reduce((sum, slice) => sum.plus(slice), ZERO);
      return { intent: quantity.isZero() ? null : { direction: 1, quantity: Decimal.min(quantity, state.quantity) }, memory };
    }
    case 'dca': {
      const next = memory.nextAt as number | undefined;
      if (next !== undefined && round.at < next) return { intent: null, memory };
      memory.nextAt = (next ?? round.at) + parameters.intervalHours * HOUR;
      const quantity = lotsOf(new Decimal(parameters.amountPerBuy), round.ask, lot);
      return { intent: quantity.isZero() ? null : { direction: 0, quantity }, memory };
    }
    case 'ma-cross': {
      const last = memory.sampledAt as number | undefined;
      if (last !== undefined && round.at - last < parameters.sampleMinutes * 60_000) return { intent: null, memory };
      memory.sampledAt = round.at;
      const samples = [...((memory.samples as string[] | undefined) ?? []), price.toString()].slice(-parameters.longWindow);
      memory.samples = samples;
      if (samples.length < parameters.longWindow) return { intent: null, memory };
      const average = (values: string[]) => values.reduce((sum, value) => sum.plus(value), ZERO).dividedBy(values.length);
      const sign = average(samples.slice(-parameters.shortWindow)).comparedTo(average(samples));
      const previous = memory.sign as number | undefined;
      memory.sign = sign;
      if (previous === undefined || sign === 0 || sign === previous) return { intent: null, memory };
      if (sign > 0) {
        const quantity = lotsOf(state.cash, round.ask, lot);
        return { intent: quantity.isZero() ? null : { direction: 0, quantity }, memory };
      }
      return { intent: state.quantity.isZero() ? null : { direction: 1, quantity: state.quantity }, memory };
    }
    case 'rebalance': {
      const value = state.cash.plus(state.quantity.times(price));
      if (value.isZero()) return { intent: null, memory };
      const share = state.quantity.times(price).dividedBy(value).times(100);
      if (share.minus(parameters.targetPercent).abs().lessThanOrEqualTo(parameters.bandPercent)) return { intent: null, memory };
      const target = lotsOf(value.times(parameters.targetPercent).dividedBy(100), price, lot);
      const difference = target.minus(state.quantity);
      if (difference.isZero()) return { intent: null, memory };
      return { intent: { direction: difference.isPositive() ? 0 : 1, quantity: difference.abs() }, memory };
    }
  }
}

/**
 * The fill rule: a Buy at the ask of at most what the run's cash pays with its fee (whole lots), a Sell
 * at the bid of at most what the run holds. Null when nothing can be filled.
 */
export function fillOf(intent: Intent, state: RunState, round: Round, lot: Decimal, costOf: CostOf): Fill | null {
  if (intent.direction === 1) {
    const quantity = Decimal.min(intent.quantity, state.quantity);
    if (quantity.lessThanOrEqualTo(0)) return null;
    // Trading closes the holding's positions oldest first, each close priced and charged on its own.
    let amount = ZERO;
    let fee = ZERO;
    for (const part of partsOf(lotsHeld(state), quantity)) {
      const cost = costOf(round.bid, part);
      amount = amount.plus(cost.amount);
      fee = fee.plus(cost.fee);
    }
    return { direction: 1, quantity, price: round.bid, amount, fee };
  }
  let quantity = Decimal.min(intent.quantity, lotsOf(state.cash, round.ask, lot));
  while (quantity.greaterThan(0)) {
    const { amount, fee } = costOf(round.ask, quantity);
    if (amount.plus(fee).lessThanOrEqualTo(state.cash)) return { direction: 0, quantity, price: round.ask, amount, fee };
    quantity = quantity.minus(lot);
  }
  return null;
}

/** The run's buys still held, oldest first (each is one position of trading). */
function lotsHeld(state: RunState): Decimal[] {
  const lots = (state.memory.lots as string[] | undefined)?.map((lot) => new Decimal(lot)) ?? [];
  return lots.length > 0 ? lots : [state.quantity];
}

/** How a Sell of `quantity` splits over the lots, oldest first. */
function partsOf(lots: Decimal[], quantity: Decimal): Decimal[] {
  const parts: Decimal[] = [];
  let left = quantity;
  for (const lot of lots) {
    if (left.lessThanOrEqualTo(0)) break;
    const part = Decimal.min(lot, left);
    if (part.greaterThan(0)) parts.push(part);
    left = left.minus(part);
  }
  if (left.greaterThan(0)) parts.push(left);
  return parts;
}

/**
 * A fill's effect on the run: cash, shares and their cost, and what it realised net of its fee (a Sell:
 * its value over the average cost of what it sold; a Buy: minus its fee). The grid remembers its slices.
 */
export function applyFill(state: RunState, fill: Fill): { state: RunState; realised: Decimal } {
  const memory = { ...state.memory };
  if (fill.direction === 0) {
    memory.lots = [...((memory.lots as string[] | undefined) ?? []), fill.quantity.toString()];
    if (Array.isArray(memory.slices) || memory.cell !== undefined)
      memory.slices = [...((memory.slices as string[]) ?? []), fill.quantity.toString()];
    return {
      state: {
        cash: state.cash.minus(fill.amount).minus(fill.fee),
        quantity: state.quantity.plus(fill.quantity),
        costBasis: state.costBasis.plus(fill.amount),
        memory,
      },
      realised: fill.fee.negated(),
    };
  }
  const soldCost = state.quantity.isZero()
    ? ZERO
    : state.costBasis.times(fill.quantity).dividedBy(state.quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
  if (Array.isArray(memory.slices)) {
    const slices = [...(memory.slices as string[])];
    let left = fill.quantity;
    while (left.greaterThan(0) && slices.length > 0) {
      const top = new Decimal(slices.pop() as string);
      if (top.greaterThan(left)) slices.push(top.minus(left).toString());
      left = left.minus(top);
    }
    memory.slices = slices;
  }
  const held = lotsHeld(state);
  const sold = partsOf(held, fill.quantity);
  memory.lots = held
    .map((lot, index) => lot.minus(sold[index] ?? 0))
    .filter((lot) => lot.greaterThan(0))
    .map((lot) => lot.toString());
  const quantity = state.quantity.minus(fill.quantity);
  return {
    state: {
      cash: state.cash.plus(fill.amount).minus(fill.fee),
      quantity,
      costBasis: quantity.isZero() ? ZERO : state.costBasis.minus(soldCost),
      memory,
    },
    realised: fill.amount.minus(soldCost).minus(fill.fee),
  };
}

/** The UTC day of a time. */
export const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Drawdown in basis points from the peak, and the new peak. */
export function drawdownOf(peak: Decimal, value: Decimal) {
  const high = Decimal.max(peak, value);
  const bps = high.isZero() ? 0 : high.minus(value).dividedBy(high).times(10_000).floor().toNumber();
  return { peak: high, bps };
}

/** A yearly rate of a P&L over `days` days, in percent, only from 90 days on (never a projection of a shorter span). */
export function annualisedOf(profitLoss: Decimal, allocated: Decimal, days: number, minimumDays: number): string | null {
  if (days < minimumDays || allocated.isZero()) return null;
  return profitLoss.dividedBy(allocated).times(365).dividedBy(days).times(100).toFixed(2);
}

/** One round of a run or backtest: what the strategy asks, filled by the rule (or not), and the memory after it. */
export function roundOf(parameters: RobotParameters, state: RunState, allocated: Decimal, round: Round, lot: Decimal, costOf: CostOf) {
  const { intent, memory } = decide(parameters, state, allocated, round, lot);
  const next = { ...state, memory };
  return { state: next, fill: intent ? fillOf(intent, next, round, lot, costOf) : null };
}
