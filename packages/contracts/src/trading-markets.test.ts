import { describe, expect, it } from 'vitest';
import { tradingApi } from './trading.ts';
import { orderKinds, sourcesOfOrderKind, tradableSources, tradingMarkets } from './trading-markets.ts';
import { walletTypes } from './wallet.ts';

describe('the registry of markets that trade', () => {
  it('names each tradable source once, with a wallet that exists and a create call of the trading API', () => {
    expect(Object.keys(tradingMarkets).sort()).toEqual([...tradableSources].sort());
    for (const source of tradableSources) {
      const market = tradingMarkets[source];
      expect(market.source).toBe(source);
      expect(walletTypes).toContain(market.walletType);
      expect(tradingApi[orderKinds[market.orderKind].api].path).toMatch(/\/create$/);
      expect(market.limits.leverageMin).toBeLessThanOrEqual(market.limits.leverageMax);
    }
  });

  it('sends US and Argentine stocks through the stock call and each other market through its own', () => {
    expect(sourcesOfOrderKind('stock')).toEqual(['0', 'ARG']);
    expect(sourcesOfOrderKind('twStock')).toEqual(['7']);
    expect(sourcesOfOrderKind('gold')).toEqual(['3']);
    expect(sourcesOfOrderKind('forex')).toEqual(['2']);
    expect(tradingMarkets['3'].pages.payment).toBe('/pages/payment/future');
    expect(tradingMarkets['7'].walletType).toBe('TW');
  });
});
