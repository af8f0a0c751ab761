import { describe, expect, it } from 'vitest';
import { fractionToPercent, percentText } from './loan-format.ts';

describe('rates as percentages, moved in the text', () => {
  it.each([
    ['0.0003', '0.03'],
    ['0.00035', '0.035'],
    ['0.1095', '10.95'],
    ['0.146', '14.6'],
    ['0.05', '5'],
    ['1', '100'],
    ['0.09125', '9.125'],
  ])('%s is %s %%', (fraction, percent) => {
    expect(fractionToPercent(fraction)).toBe(percent);
  });

  it('writes the percentage the locale way', () => {
    expect(percentText('0.00035', 'es')).toBe('0,035 %');
    expect(percentText('0.1095', 'en')).toBe('10.95 %');
  });
});
