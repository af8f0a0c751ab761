import { describe, expect, it } from 'vitest';
import {
  defaultIndicatorSettings,
  normaliseSettings,
  parsePeriod,
  readIndicatorSettings,
  saveIndicatorSettings,
} from './indicator-settings.ts';
import { bollinger, ema, kdj, macd, rsi, sma } from './indicators.ts';

/** Rounded for comparison with values worked out by hand (nulls kept). */
const rounded = (series: Array<number | null>, decimals = 4) =>
  series.map((value) => (value === null ? null : Number(value.toFixed(decimals))));

describe('chart indicators against values worked out by hand', () => {
  it('MA is the simple average of the last n closes', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    expect(sma([1, 2], 3)).toEqual([null, null]);
  });

  it('EMA starts at the simple average and then moves by 2 / (n + 1) towards each close', () => {
    // n = 3, smoothing 1/2: seed (1 + 2 + 3) / 3 = 2; then 4 / 2 + 2 / 2 = 3; then 5 / 2 + 3 / 2 = 4.
    expect(ema([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    // StockCharts' worked 10-day EMA ("Moving Averages - Simple and Exponential"): 22.22, 22.21, 22.24, …
    const closes = [
      22.27, 22.19, 22.08, 22.17, 22.18, 22.13, 22.23, 22.43, 22.24, 22.29, 22.15, 22.39, 22.38, 22.61, 23.36, 24.05, 23.75, 23.83,
    ];
    expect(rounded(ema(closes, 10), 2).slice(9)).toEqual([22.22, 22.21, 22.24, 22.27, 22.33, 22.52, 22.8, 22.97, 23.13]);
  });

  it('Bollinger is the average ± two population standard deviations', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations 9+1+1+1+0+0+4+16 = 32, / 8 = 4, deviation 2.
    const bands = bollinger([2, 4, 4, 4, 5, 5, 7, 9], 8, 2);
    expect(bands.middle.at(-1)).toBe(5);
    expect(bands.upper.at(-1)).toBe(9);
    expect(bands.lower.at(-1)).toBe(1);
    expect(bands.upper.slice(0, 7)).toEqual(new Array(7).fill(null));
  });

  it('MACD is EMA(fast) − EMA(slow), its signal the EMA of that, and the histogram their difference', () => {
    // fast 2 (smoothing 2/3), slow 3 (1/2), signal 2 over 1, 2, 3, 4, 5, 3:
    // EMA2 = –, 1.5, 2.5, 3.5, 4.5, 3.5; EMA3 = –, –, 2, 3, 4, 3.5; DIF = –, –, 0.5, 0.5, 0.5, 0;
    // DEA seeds at (0.5 + 0.5) / 2 = 0.5, then 0.5, then 0 × 2/3 + 0.5 / 3 = 1/6; histogram 0, 0, −1/6.
    const { dif, dea, histogram } = macd([1, 2, 3, 4, 5, 3], 2, 3, 2);
    expect(rounded(dif)).toEqual([null, null, 0.5, 0.5, 0.5, 0]);
    expect(rounded(dea)).toEqual([null, null, null, 0.5, 0.5, 0.1667]);
    expect(rounded(histogram)).toEqual([null, null, null, 0, 0, -0.1667]);
  });

  it('RSI smooths gains and losses the Wilder way', () => {
    // n = 2 over 1, 2, 3, 2, 3: changes +1, +1, −1, +1.
    // First averages: gain 1, loss 0 → 100. Then gain (1 + 0) / 2 = 0.5, loss (0 + 1) / 2 = 0.5 → 50.
    // Then gain (0.5 + 1) / 2 = 0.75, loss (0.5 + 0) / 2 = 0.25, RS 3 → 75.
    expect(rsi([1, 2, 3, 2, 3], 2)).toEqual([null, null, 100, 50, 75]);
    expect(rsi([5, 5, 5], 2)).toEqual([null, null, 50]);
  });

  it('KDJ moves K and D a third of the way to the raw stochastic, and J = 3K − 2D', () => {
    const bars = [
      { high: 10, low: 8, close: 9 },
      { high: 11, low: 9, close: 10 },
      { high: 12, low: 10, close: 12 },
      { high: 12, low: 9, close: 9 },
    ];
    // Third bar: range 8–12, close 12 → RSV 100; K = (2 × 50 + 100) / 3 = 66.6667; D = (2 × 50 + 66.6667) / 3 = 55.5556; J = 88.8889.
    // Fourth: range 9–12, close 9 → RSV 0; K = 2 × 66.6667 / 3 = 44.4444; D = (2 × 55.5556 + 44.4444) / 3 = 51.8519; J = 29.6296.
    const { k, d, j } = kdj(bars, 3, 3, 3);
    expect(rounded(k)).toEqual([null, null, 66.6667, 44.4444]);
    expect(rounded(d)).toEqual([null, null, 55.5556, 51.8519]);
    expect(rounded(j)).toEqual([null, null, 88.8889, 29.6296]);
  });
});

describe("the chart's indicator choice, remembered per user", () => {
  it('keeps each user their own choice and falls back to the defaults on anything damaged', () => {
    window.localStorage.removeItem('usa12_indicators');
    expect(readIndicatorSettings('7')).toEqual(defaultIndicatorSettings);
    const mine = { ...defaultIndicatorSettings, ema: { isOn: true, periods: [9, 21] }, lower: 'MACD' as const };
    saveIndicatorSettings('7', mine);
    saveIndicatorSettings(undefined, { ...defaultIndicatorSettings, lower: 'RSI' });
    expect(readIndicatorSettings('7')).toEqual(mine);
    expect(readIndicatorSettings('8')).toEqual(defaultIndicatorSettings);
    expect(readIndicatorSettings(undefined).lower).toBe('RSI');
    expect(normaliseSettings({ ma: { isOn: true, periods: [5, 1000, 20] }, lower: 'SAR' })).toEqual({
      ...defaultIndicatorSettings,
      ma: { isOn: true, periods: [5, 10, 20] },
    });
    window.localStorage.setItem('usa12_indicators', 'not json');
    expect(readIndicatorSettings('7')).toEqual(defaultIndicatorSettings);
  });

  it('accepts periods from 2 to 250 only', () => {
    expect(['2', ' 20 ', '250', '1', '251', '2.5', '', 'x'].map(parsePeriod)).toEqual([
      2,
      20,
      250,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
