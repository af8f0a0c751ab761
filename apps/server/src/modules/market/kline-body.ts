import type { Candle, Kline } from '@bolsa/contracts';

/**
 * The serialised answer of a K-line request, kept per instrument, time frame and locale. A daily
 * K-line changes with every quote, but only in its last candle: the candles before it are the same
 * objects from one quote to the next (see `toWireCandle`'s memo), so their JSON is reused and only
 * the changed candles are serialised again. The result is a Buffer, so sending it copies bytes
 * instead of encoding a 20 KB string on every request.
 */
type Entry = { kline: Kline; candles: readonly Candle[]; candleTexts: string[]; body: Buffer };

const ENTRIES_MAX = 10_000;

export function createKlineBodies<L extends string>(envelope: (data: Kline, locale: L) => unknown) {
  const entries = new Map<string, Entry>();

  return {
    /** The whole envelope of `kline` as JSON bytes, the same as `JSON.stringify(envelope(kline, locale))`. */
    bodyOf(kline: Kline, locale: L): Buffer {
      const key = `${kline.stockCode}|${kline.type}|${locale}`;
      const previous = entries.get(key);
      if (previous?.kline === kline) return previous.body;
      const candleTexts: string[] = new Array(kline.candles.length);
      // Candles are appended at the end and the oldest drop off the front, so the previous answer's
      // candles are found by the position of the new first candle among them.
      const shift = previous ? previous.candles.indexOf(kline.candles[0] as Candle) : -1;
      for (const [index, candle] of kline.candles.entries()) {
        const reused = previous && shift >= 0 ? previous.candles[index + shift] : undefined;
        candleTexts[index] = reused === candle ? (previous?.candleTexts[index + shift] as string) : JSON.stringify(candle);
      }
      // The candles are the last member of the K-line and the K-line the last of the envelope.
      const head = JSON.stringify(envelope({ ...kline, candles: [] }, locale));
      if (!head.endsWith('[]}}')) throw new Error('unexpected K-line envelope');
      const body = Buffer.from(`${head.slice(0, -3)}${candleTexts.join(',')}]}}`);
      if (!previous && entries.size >= ENTRIES_MAX) entries.clear();
      entries.set(key, { kline, candles: kline.candles, candleTexts, body });
      return body;
    },
  };
}
