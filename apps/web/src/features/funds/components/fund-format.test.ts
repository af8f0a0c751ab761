import { describe, expect, it } from 'vitest';
import { bpsText, dayText, percentText } from './fund-format.ts';

describe('fund rates and days as the pages write them', () => {
  it('writes basis points as a percentage by whole-number arithmetic, the locale way', () => {
    expect(bpsText(215, 'es')).toBe('2,15\u00a0%');
    expect(bpsText(5, 'en')).toBe('0.05\u00a0%');
    expect(bpsText(1000, 'de')).toBe('10,00\u00a0%');
  });

  it('keeps every digit of a posted yield up to four decimals', () => {
    expect(percentText('2.1437', 'es')).toBe('2,1437\u00a0%');
    expect(percentText('2.1000', 'en')).toBe('2.10\u00a0%');
  });

  it('writes a UTC day from its text, so no time zone shifts it', () => {
    expect(dayText('2026-03-02')).toBe('02/03/2026');
  });
});
