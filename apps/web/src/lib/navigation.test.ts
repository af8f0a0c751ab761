import { tradableSources, tradeDirections, tradingMarkets } from '@bolsa/contracts';
import { describe, expect, it } from 'vitest';
import { paymentPageOf, paymentRouteOf, quotePageOf, quoteRouteOf } from './navigation.ts';
import { pages } from './pages.ts';

describe('links to the pages of a market, from the contracts registry', () => {
  it('opens each market on the quote and order pages the registry names, which the app has', () => {
    for (const source of tradableSources) {
      const market = tradingMarkets[source];
      // A registry page the app lacks would fall back to the stock page: the paths must match exactly.
      expect(pages[quotePageOf(source)].path).toBe(market.pages.quote);
      expect(pages[paymentPageOf(source)].path).toBe(market.pages.payment);
      const instrument = { name: 'X', code: 'X', market: 'X', source };
      expect(quoteRouteOf(instrument).split('?')[0]).toBe(market.pages.quote);
      expect(paymentRouteOf({ ...instrument, direction: tradeDirections.buy }).split('?')[0]).toBe(market.pages.payment);
    }
  });

  it('keeps indices on their own quote page and any other source on the stock pages', () => {
    expect(quotePageOf('99')).toBe('quoteIndex');
    expect(quotePageOf('unknown')).toBe('quoteStock');
    expect(paymentPageOf('99')).toBe('paymentStock');
  });
});
