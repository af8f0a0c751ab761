import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMoney } from './ledger.service.ts';

const reference = (value: Decimal.Value) => new Decimal(value).toFixed(2, Decimal.ROUND_HALF_EVEN);

describe('toMoney', () => {
  it('writes exactly what rounding half-even to two decimals writes, for text already money and any other', () => {
    for (const value of ['0.00', '-0.00', '12.50', '-12.50', '007.00', '1.005', '1.015', '-0.004', '1e2', '0.1', '5', '-5'])
      expect(toMoney(value)).toBe(reference(value));
    const decimalText = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 4 }), fc.nat({ max: 9999 }))
      .map(([isNegative, whole, places, fraction]) => {
        const digits = String(fraction).padStart(4, '0').slice(0, places);
        return `${isNegative ? '-' : ''}${whole}${places > 0 ? `.${digits}` : ''}`;
      });
    fc.assert(
      fc.property(decimalText, (value) => {
        expect(toMoney(value)).toBe(reference(value));
        expect(toMoney(new Decimal(value))).toBe(reference(value));
      }),
    );
  });
});
