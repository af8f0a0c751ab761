import { describe, expect, it } from 'vitest';
import { chartLocalization, chartPriceFormat } from './kline-chart.tsx';

describe("the chart's axes read in the reader's locale (issue 15 §9)", () => {
  it('formats prices with the locale separators and the decimals of the tick', () => {
    expect(chartPriceFormat('es', '0.01').formatter(1234.5)).toBe('1.234,50');
    expect(chartPriceFormat('en', '0.01').formatter(1234.5)).toBe('1,234.50');
    expect(chartPriceFormat('de', '0.00001').formatter(1.08345)).toBe('1,08345');
    expect(chartLocalization('es').locale).toBe('es-AR');
    expect(chartLocalization('ja').locale).toBe('ja');
  });
});

describe("the chart draws each instrument with its tick's precision (issue 17 §1)", () => {
  it('never draws EUR/USD with 2 decimals: its scale steps by the tick and labels carry 5, a JPY pair 3, ES 2', () => {
    const euro = chartPriceFormat('en', '0.00001');
    expect(euro.minMove).toBe(0.00001);
    expect(euro.formatter(1.0845)).toBe('1.08450');
    const yen = chartPriceFormat('en', '0.001');
    expect(yen.minMove).toBe(0.001);
    expect(yen.formatter(155.1)).toBe('155.100');
    expect(chartPriceFormat('en', '0.25')).toMatchObject({ type: 'custom', minMove: 0.25 });
    expect(chartPriceFormat('en', '0.25').formatter(7480.5)).toBe('7,480.50');
    expect(chartPriceFormat('en', '1').formatter(47300)).toBe('47,300');
  });
});
