/**
 * The chart's technical indicators (issue 17 §2), as pure functions of a candle series. Each answer
 * has one entry per input value, null until the indicator has enough values to be defined, so it lines
 * up with the candles it is drawn over. Floating point: these are pictures of the price, never money.
 *
 * Conventions (the usual ones of charting references, e.g. StockCharts and TA-Lib):
 * - EMA: smoothing 2 / (period + 1), seeded with the simple average of its first `period` values.
 * - Bollinger: the simple average ± `width` population standard deviations over `period` values.
 * - MACD: DIF = EMA(fast) − EMA(slow); DEA = EMA(signal) of DIF; histogram = DIF − DEA.
 * - RSI: Wilder's smoothing (the first average gain and loss are simple averages of `period` changes).
 * - KDJ: RSV = (close − lowest low) / (highest high − lowest low) × 100 over `period` candles (50 when
 *   the range is nil); K and D start at 50 and move by 1/`kSmoothing` and 1/`dSmoothing`; J = 3K − 2D.
 */

export type Series = Array<number | null>;

export function sma(values: readonly number[], period: number): Series {
  const result: Series = new Array(values.length).fill(null);
  if (period < 1) return result;
  let sum = 0;
  for (let index = 0; index < values.length; index += 1) {
    sum += values[index] as number;
    if (index >= period) sum -= values[index - period] as number;
    if (index >= period - 1) result[index] = sum / period;
  }
  return result;
}

/** EMA of a series that may begin with nulls (MACD's signal line is the EMA of DIF, null at first). */
export function ema(values: readonly (number | null)[], period: number): Series {
  const result: Series = new Array(values.length).fill(null);
  if (period < 1) return result;
  const alpha = 2 / (period + 1);
  const first = values.findIndex((value) => value !== null);
  if (first < 0) return result;
  let previous: number | null = null;
  let seed = 0;
  for (let index = first; index < values.length; index += 1) {
    const value = values[index] as number;
    if (previous === null) {
      seed += value;
      if (index - first === period - 1) {
        previous = seed / period;
        result[index] = previous;
      }
      continue;
    }
    previous = alpha * value + (1 - alpha) * previous;
    result[index] = previous;
  }
  return result;
}

export function bollinger(values: readonly number[], period = 20, width = 2): { middle: Series; upper: Series; lower: Series } {
  const middle = sma(values, period);
  const upper: Series = new Array(values.length).fill(null);
  const lower: Series = new Array(values.length).fill(null);
  for (let index = period - 1; index < values.length; index += 1) {
    const mean = middle[index];
    if (mean === null || mean === undefined) continue;
    let squares = 0;
    for (let back = index - period + 1; back <= index; back += 1) squares += ((values[back] as number) - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    upper[index] = mean + width * deviation;
    lower[index] = mean - width * deviation;
  }
  return { middle, upper, lower };
}

export function macd(values: readonly number[], fast = 12, slow = 26, signal = 9): { dif: Series; dea: Series; histogram: Series } {
  const fastLine = ema(values, fast);
  const slowLine = ema(values, slow);
  const dif: Series = values.map((_, index) => {
    const a = fastLine[index];
    const b = slowLine[index];
    return a === null || a === undefined || b === null || b === undefined ? null : a - b;
  });
  const dea = ema(dif, signal);
  const histogram: Series = dif.map((value, index) => {
    const line = dea[index];
    return value === null || line === null || line === undefined ? null : value - line;
  });
  return { dif, dea, histogram };
}

export function rsi(values: readonly number[], period = 14): Series {
  const result: Series = new Array(values.length).fill(null);
  if (period < 1 || values.length <= period) return result;
  let gain = 0;
  let loss = 0;
  for (let index = 1; index <= period; index += 1) {
    const change = (values[index] as number) - (values[index - 1] as number);
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  const value = () => (loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss));
  result[period] = value();
  for (let index = period + 1; index < values.length; index += 1) {
    const change = (values[index] as number) - (values[index - 1] as number);
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
    result[index] = value();
  }
  return result;
}

export type Bar = { high: number; low: number; close: number };

export function kdj(bars: readonly Bar[], period = 9, kSmoothing = 3, dSmoothing = 3): { k: Series; d: Series; j: Series } {
  const k: Series = new Array(bars.length).fill(null);
  const d: Series = new Array(bars.length).fill(null);
  const j: Series = new Array(bars.length).fill(null);
  let previousK = 50;
  let previousD = 50;
  for (let index = period - 1; index < bars.length; index += 1) {
    let highest = Number.NEGATIVE_INFINITY;
    let lowest = Number.POSITIVE_INFINITY;
    for (let back = index - period + 1; back <= index; back += 1) {
      const bar = bars[back] as Bar;
      highest = Math.max(highest, bar.high);
      lowest = Math.min(lowest, bar.low);
    }
    const close = (bars[index] as Bar).close;
    const rsv = highest === lowest ? 50 : ((close - lowest) / (highest - lowest)) * 100;
    previousK = ((kSmoothing - 1) * previousK + rsv) / kSmoothing;
    previousD = ((dSmoothing - 1) * previousD + previousK) / dSmoothing;
    k[index] = previousK;
    d[index] = previousD;
    j[index] = 3 * previousK - 2 * previousD;
  }
  return { k, d, j };
}
