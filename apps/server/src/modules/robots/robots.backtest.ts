import { type RobotBacktest, type RobotParameters, robotBacktestLimitKeys, robotLimits } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { AppError } from '../../platform/http/index.ts';
import { DAY, money, type RobotsDependencies } from './robots.context.ts';
import { enabledTemplate } from './robots.licences.ts';
import { checkParameters, instrumentOf } from './robots.runs.ts';
import { annualisedOf, applyFill, type CostOf, dayOf, drawdownOf, type RunState, roundOf } from './robots.strategy.ts';

/** Backtests: the same strategy rounds on stored candles. */

export type BacktestInput = {
  templateId: number;
  stockCode: string;
  amount: string;
  parameters: RobotParameters;
  days?: number | undefined;
};

/**
 * The same strategy rounds over the stored daily candles (each close as bid and ask), filled by the same
 * rule and charged trading's fees of today. Hypothetical: written nowhere, its limits listed.
 */
export async function backtest(dependencies: RobotsDependencies, input: BacktestInput): Promise<RobotBacktest> {
  const template = await enabledTemplate(dependencies.db, input.templateId);
  const amount = new Decimal(input.amount);
  const { pricing, lot, costOf } = instrumentOf(dependencies, input.stockCode);
  checkParameters(input.parameters, template.kind, amount, pricing.ask, lot);
  const code = pricing.instrument.code;
  const to = dependencies.now().getTime();
  const days = input.days ?? robotLimits.backtestDaysMax;
  const candles = await dependencies.readCandles(dependencies.db, code, '1d', to - days * DAY, to);
  if (candles.length < 10) throw new AppError('ROBOT_NO_CANDLES', { code });
  return simulate(
    input.parameters,
    amount,
    code,
    lot,
    costOf,
    candles.map((candle) => ({ price: new Decimal(candle.close), at: candle.time })),
  );
}

/** A run over a price path, each price as bid and ask: the backtest's engine, and the parity test's. */
export function simulate(
  parameters: RobotParameters,
  amount: Decimal,
  code: string,
  lot: Decimal,
  costOf: CostOf,
  path: ReadonlyArray<{ price: Decimal; at: number }>,
): RobotBacktest {
  let state: RunState = { cash: amount, quantity: new Decimal(0), costBasis: new Decimal(0), memory: {} };
  let peak = amount;
  let drawdownBps = 0;
  let income = new Decimal(0);
  let fees = new Decimal(0);
  const fills: RobotBacktest['fills'] = [];
  const days = new Map<string, { output: Decimal; fees: Decimal; trades: number }>();
  for (const point of path) {
    const round = { bid: point.price, ask: point.price, at: point.at };
    const decided = roundOf(parameters, state, amount, round, lot, costOf);
    state = decided.state;
    if (decided.fill) {
      const applied = applyFill(state, decided.fill);
      state = applied.state;
      income = income.plus(applied.realised);
      fees = fees.plus(decided.fill.fee);
      fills.push({
        direction: decided.fill.direction,
        quantity: decided.fill.quantity.toString(),
        price: decided.fill.price.toString(),
        fee: money(decided.fill.fee),
        realised: money(applied.realised),
        atTimestamp: point.at,
      });
      const date = dayOf(point.at);
      const day = days.get(date) ?? { output: new Decimal(0), fees: new Decimal(0), trades: 0 };
      days.set(date, { output: day.output.plus(applied.realised), fees: day.fees.plus(decided.fill.fee), trades: day.trades + 1 });
    }
    const drawdown = drawdownOf(peak, state.cash.plus(state.quantity.times(point.price)));
    peak = drawdown.peak;
    drawdownBps = Math.max(drawdownBps, drawdown.bps);
  }
  const first = path[0];
  const last = path[path.length - 1];
  const finalValue = last ? state.cash.plus(state.quantity.times(last.price)) : amount;
  const profitLoss = finalValue.minus(amount);
  const holding = first && last ? amount.dividedBy(first.price).times(last.price).minus(amount).toDecimalPlaces(2) : null;
  const spanDays = first && last ? Math.floor((last.at - first.at) / DAY) : 0;
  return {
    isHypothetical: true,
    limitKeys: [...robotBacktestLimitKeys],
    stockCode: code,
    parameters,
    amount: money(amount),
    fromTimestamp: first?.at ?? null,
    toTimestamp: last?.at ?? null,
    candles: path.length,
    finalValue: money(finalValue),
    income: money(income),
    fees: money(fees),
    profitLoss: money(profitLoss),
    holdingProfitLoss: holding ? money(holding) : null,
    versusHolding: holding ? money(profitLoss.minus(holding)) : null,
    maxDrawdownPercent: (drawdownBps / 100).toFixed(2),
    tradesCount: fills.length,
    annualisedPercent: annualisedOf(profitLoss, amount, spanDays, robotLimits.annualiseAfterDays),
    days: [...days.entries()].map(([date, day]) => ({ date, output: money(day.output), fees: money(day.fees), trades: day.trades })),
    fills,
  };
}
