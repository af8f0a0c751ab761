import { describe, expect, it } from 'vitest';
import { chartLocalization } from './kline-chart.tsx';

describe("the chart's axes read in the reader's locale (issue 15 §9)", () => {
  it('formats prices with the locale separators and keeps forex decimals', () => {
    expect(chartLocalization('es').priceFormatter(1234.5)).toBe('1.234,50');
    expect(chartLocalization('en').priceFormatter(1234.5)).toBe('1,234.50');
    expect(chartLocalization('de').priceFormatter(1.08345)).toBe('1,08345');
    expect(chartLocalization('es').locale).toBe('es-AR');
    expect(chartLocalization('ja').locale).toBe('ja');
  });
});
