import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { maxDrawdownOf, medianOf, navOf, quantitiesFor, returnOver, volatilityOf } from './follow.nav.ts';

describe('follow: NAV from weights and quotes', () => {
  it('buys each weight at the rebalance prices and values the unit at later quotes, as worked by hand', () => {
    // NAV 1, 60 % AAPL at 200, 30 % MSFT at 400, 10 % cash:
    // AAPL 1 × 0.6 ÷ 200 = 0.003 a unit, MSFT 1 × 0.3 ÷ 400 = 0.00075 a unit, cash 0.1.
    const prices = new Map([
      ['AAPL', '200'],
      ['MSFT', '400'],
    ]);
    const { holdings, cashPerUnit } = quantitiesFor(
      1,
      [
        { code: 'AAPL', weight: '0.6' },
        { code: 'MSFT', weight: '0.3' },
      ],
      prices,
    );
    expect(holdings.map((holding) => [holding.code, holding.quantityPerUnit.toString()])).toEqual([
      ['AAPL', '0.003'],
      ['MSFT', '0.00075'],
    ]);
    expect(cashPerUnit.toString()).toBe('0.1');
    // Later AAPL 210 and MSFT 380: 0.003 × 210 + 0.00075 × 380 + 0.1 = 0.63 + 0.285 + 0.1 = 1.015.
    const later = new Map([
      ['AAPL', '210'],
      ['MSFT', '380'],
    ]);
    expect(navOf(holdings, cashPerUnit, (code) => later.get(code))?.toString()).toBe('1.015');
    // A rebalance leaves the NAV where it was: what the weights do not buy stays cash.
    const again = quantitiesFor('1.015', [{ code: 'AAPL', weight: '1' }], later);
    expect(navOf(again.holdings, again.cashPerUnit, (code) => later.get(code))?.toString()).toBe('1.015');
  });

  it('has no NAV while a holding has no quote', () => {
    expect(navOf([{ code: 'AAPL', quantityPerUnit: '1' }], 0, () => undefined)).toBeNull();
  });

  it('reads the record: returns over windows, drawdown, volatility and a median', () => {
    const now = new Date('2026-06-30T12:00:00Z');
    const history = [
      { day: '2026-03-01', nav: '1' },
      { day: '2026-05-31', nav: '1.2' },
      { day: '2026-06-15', nav: '0.9' },
    ];
    expect(returnOver(history, '1.08', now, 30)).toBe('-0.1');
    expect(returnOver(history, '1.08', now, 91)).toBe('0.08');
    expect(returnOver(history, '1.08', now, 365)).toBeNull();
    expect(maxDrawdownOf(['1', '1.2', '0.9', '1.08'])).toBe('-0.25');
    expect(maxDrawdownOf(['1', '1.1'])).toBe('0');
    // Daily returns +10 % and −10 %: mean 0, sample variance 0.02, × √365.
    expect(volatilityOf(['1', '1.1', '0.99'])).toBe(new Decimal(0.02).sqrt().times(new Decimal(365).sqrt()).toDecimalPlaces(6).toString());
    expect(medianOf(['0.1', '-0.2', '0.05'])).toBe('0.05');
    expect(medianOf(['0.1', '-0.2'])).toBe('-0.05');
    expect(medianOf([])).toBeNull();
  });
});
