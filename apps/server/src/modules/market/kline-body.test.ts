import type { Candle, Kline } from '@bolsa/contracts';
import { describe, expect, it } from 'vitest';
import { createKlineBodies } from './kline-body.ts';

const envelope = (data: Kline, locale: 'en' | 'es') => ({ code: 200, msg: locale === 'en' ? 'Success' : 'Éxito', data });
const candle = (time: number, close: string): Candle => ({ time, open: '10.00', high: '11.00', low: '9.50', close, volume: '1200' });

describe('the serialised K-line answer', () => {
  it('is the envelope as JSON, for each locale, as a new quote changes the last candle and a new day shifts the candles', () => {
    const bodies = createKlineBodies(envelope);
    const past = [candle(1, '10.10'), candle(2, '10.20'), candle(3, '10.30')];
    const first: Kline = {
      stockCode: 'AAPL',
      type: '1Y',
      interval: '1d',
      prevClose: null,
      extendedHours: [],
      candles: [...past, candle(4, '10.40')],
    };
    expect(JSON.parse(bodies.bodyOf(first, 'en').toString())).toEqual(envelope(first, 'en'));
    expect(bodies.bodyOf(first, 'en').toString()).toBe(JSON.stringify(envelope(first, 'en')));
    expect(bodies.bodyOf(first, 'es').toString()).toBe(JSON.stringify(envelope(first, 'es')));

    // The same K-line object again: the same bytes, not serialised again.
    expect(bodies.bodyOf(first, 'en')).toBe(bodies.bodyOf(first, 'en'));

    const quoted: Kline = { ...first, candles: [...past, candle(4, '10.45')] };
    expect(bodies.bodyOf(quoted, 'en').toString()).toBe(JSON.stringify(envelope(quoted, 'en')));

    const nextDay: Kline = { ...first, candles: [...past.slice(1), quoted.candles[3] as Candle, candle(5, '10.50')] };
    expect(bodies.bodyOf(nextDay, 'en').toString()).toBe(JSON.stringify(envelope(nextDay, 'en')));

    // Quote after quote of the same day (only the last candle changes), in both locales, and a stale
    // K-line object answered after a newer one.
    let latest = nextDay;
    for (const close of ['10.51', '10.52', '10.49']) {
      latest = { ...latest, candles: [...latest.candles.slice(0, -1), candle(5, close)] };
      expect(bodies.bodyOf(latest, 'en').toString()).toBe(JSON.stringify(envelope(latest, 'en')));
      expect(bodies.bodyOf(latest, 'es').toString()).toBe(JSON.stringify(envelope(latest, 'es')));
    }
    expect(bodies.bodyOf(nextDay, 'en').toString()).toBe(JSON.stringify(envelope(nextDay, 'en')));
    expect(bodies.bodyOf(latest, 'en').toString()).toBe(JSON.stringify(envelope(latest, 'en')));
    const single: Kline = {
      stockCode: 'MSFT',
      type: '1M',
      interval: '1d',
      prevClose: null,
      extendedHours: [],
      candles: [candle(9, '1.00')],
    };
    expect(bodies.bodyOf(single, 'en').toString()).toBe(JSON.stringify(envelope(single, 'en')));
    const singleQuoted: Kline = { ...single, candles: [candle(9, '1.01')] };
    expect(bodies.bodyOf(singleQuoted, 'en').toString()).toBe(JSON.stringify(envelope(singleQuoted, 'en')));

    const empty: Kline = { stockCode: 'AAPL', type: '1Y', interval: '1d', prevClose: null, extendedHours: [], candles: [] };
    expect(bodies.bodyOf(empty, 'en').toString()).toBe(JSON.stringify(envelope(empty, 'en')));
  });
});
