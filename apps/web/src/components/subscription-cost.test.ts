import { describe, expect, it } from 'vitest';
import { subscriptionCost } from './subscription-cost.ts';

describe('subscriptionCost', () => {
  it('holds the amount and its fee, each rounded half-even to the cent as the server does', () => {
    expect(subscriptionCost('10', 300, '0.001')).toEqual({ amount: '3000.00', fee: '3.00', total: '3003.00' });
    // 12.345 × 1 = 12.345 → 12.34 (half-even); fee 12.34 × 0.0005 = 0.00617 → 0.01.
    expect(subscriptionCost('12.345', 1, '0.0005')).toEqual({ amount: '12.34', fee: '0.01', total: '12.35' });
    expect(subscriptionCost('12.355', 1, '0')).toEqual({ amount: '12.36', fee: '0.00', total: '12.36' });
    expect(subscriptionCost('18.5', 200, '0.0025')).toEqual({ amount: '3700.00', fee: '9.25', total: '3709.25' });
  });
});
