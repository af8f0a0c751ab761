import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { fractionPercent, periodLabel } from './follow-format.ts';

const t = ((key: string, values?: { count?: number }) => `${key}:${values?.count ?? ''}`) as unknown as TFunction;

describe('follow: how figures read', () => {
  it('shows a fraction as a percentage with a real minus sign, and a dash when there is none yet', () => {
    expect(fractionPercent('-0.030751', 'es')).toBe('\u22123,08 %');
    expect(fractionPercent('0.015', 'en')).toBe('+1.50 %');
    expect(fractionPercent('0.015', 'en', false)).toBe('1.50 %');
    expect(fractionPercent(null, 'es')).toBe('—');
  });

  it('reads a period in days when it is whole days, else in minutes', () => {
    expect(periodLabel(1440, t)).toBe('follow.period.oneDay:');
    expect(periodLabel(10080, t)).toBe('follow.period.days:7');
    expect(periodLabel(90, t)).toBe('follow.period.minutes:90');
  });
});
