import { describe, expect, it } from 'vitest';
import { topUpPlan } from './top-up-offer.tsx';

const ratesUsd = { USD: '1', ARS: '0.001', TWD: '0.03125' };
const wallet = (walletType: string, currency: string, availableBalance: string) =>
  ({ walletType, currency, availableBalance }) as Parameters<typeof topUpPlan>[0]['wallets'][number];

describe('the ticket top-up: which wallet to draw on and how much', () => {
  it('draws on a same-currency wallet first, the shortfall to the cent up, with no conversion', () => {
    const plan = topUpPlan({
      target: 'STOCK',
      shortfall: 120.001,
      wallets: [wallet('STOCK', 'USD', '10'), wallet('AR', 'ARS', '9000000'), wallet('BALANCE', 'USD', '500')],
      ratesUsd,
    });
    expect(plan).toEqual({ from: 'BALANCE', fromCurrency: 'USD', amount: '120.01', isSameCurrency: true });
  });

  it('converts from the wallet worth most in USD when no same-currency wallet has money, 1% over for the rate', () => {
    const plan = topUpPlan({
      target: 'STOCK',
      shortfall: 100,
      wallets: [wallet('STOCK', 'USD', '0'), wallet('TW', 'TWD', '1000'), wallet('AR', 'ARS', '500000'), wallet('FOLLOW', 'USD', '9999')],
      ratesUsd,
    });
    // 100 USD at 0.001 USD per peso is 100,000 ARS, plus 1%.
    expect(plan).toEqual({ from: 'AR', fromCurrency: 'ARS', amount: '101000.00', isSameCurrency: false });
  });

  it('offers what a wallet has when it is less than the shortfall, and nothing when no other wallet has money', () => {
    expect(
      topUpPlan({ target: 'TW', shortfall: 5000, wallets: [wallet('TW', 'TWD', '1'), wallet('BALANCE', 'USD', '50')], ratesUsd }),
    ).toEqual({ from: 'BALANCE', fromCurrency: 'USD', amount: '50.00', isSameCurrency: false });
    expect(
      topUpPlan({ target: 'TW', shortfall: 5000, wallets: [wallet('TW', 'TWD', '1'), wallet('FOLLOW', 'USD', '50')], ratesUsd }),
    ).toBeNull();
  });
});
