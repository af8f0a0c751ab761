import { locales } from '@bolsa/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from './format.ts';
import { parseAmount } from './parse-amount.ts';

describe('amounts typed as the locale writes them (issue 15 §9)', () => {
  it('reads Spanish "10.000,50" as ten thousand and fifty cents, and "5.000" as five thousand', () => {
    expect(parseAmount('10.000,50', 'es')).toBe('10000.50');
    expect(parseAmount('5.000', 'es')).toBe('5000');
    expect(parseAmount('12,5', 'es')).toBe('12.5');
    expect(parseAmount('10,000.50', 'en')).toBe('10000.50');
    expect(parseAmount('10.5', 'en')).toBe('10.5');
    expect(parseAmount('1.234.567,89', 'de')).toBe('1234567.89');
    expect(parseAmount('abc', 'es')).toBeNull();
    expect(parseAmount('1,2,3', 'en')).toBeNull();
  });

  it('format then parse is the identity, in every locale', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...locales),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 2 }),
        (locale, cents, decimals) => {
          const scale = 10n ** BigInt(decimals);
          const whole = cents / scale;
          const fraction = decimals === 0 ? '' : `.${(cents % scale).toString().padStart(decimals, '0')}`;
          const amount = `${whole}${fraction}`;
          const written = formatNumber(amount, locale, { decimals, minimumDecimals: decimals });
          expect(parseAmount(written, locale)).toBe(amount);
        },
      ),
      { numRuns: 500 },
    );
  });
});
