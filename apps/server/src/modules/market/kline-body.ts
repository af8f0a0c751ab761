import type { Candle, Kline } from '@bolsa/contracts';

/**
 * The serialised answer of a K-line request, kept per instrument, time frame and locale. A daily
 * K-line changes with every quote, but only in its last candle: the candles before it are the same
 * objects from one quote to the next (see `toWireCandle`'s memo), so their JSON is reused and only
 * the changed candles are serialised again. The bytes of everything before the last candle are kept
 * too, so a new quote costs one candle's JSON and one copy of the body, not a 20 KB string built,
 * joined and encoded again (that garbage, about 45 KB a quote, was a tenth of a K-line server's
 * allocation, and each young-generation collection stalls every request in flight). The result is a
 * Buffer, so sending it copies bytes instead of encoding a 20 KB string on every request.
 */
type Entry = {
  kline: Kline;
  /** The envelope without its candles, as JSON (it carries the locale's message). */
  head: string;
  candles: readonly Candle[];
  candleTexts: string[];
  /** The bytes of the body up to the last candle: the head, the other candles and their commas. */
  prefix: Buffer;
  body: Buffer;
};

const ENTRIES_MAX = 10_000;
const TAIL = Buffer.from(']}}');

/** Whether `candles` are `previous` with only the last candle replaced (a new quote of the same day). */
function isSameButLast(previous: readonly Candle[], candles: readonly Candle[]): boolean {
  if (previous.length !== candles.length || candles.length === 0) return false;
  for (let index = candles.length - 2; index >= 0; index -= 1) if (previous[index] !== candles[index]) return false;
  return true;
}

export function createKlineBodies<L extends string>(envelope: (data: Kline, locale: L) => unknown) {
  const entries = new Map<string, Entry>();

  return {
    /** The whole envelope of `kline` as JSON bytes, the same as `JSON.stringify(envelope(kline, locale))`. */
    bodyOf(kline: Kline, locale: L): Buffer {
      const key = `${kline.stockCode}|${kline.type}|${locale}`;
      const previous = entries.get(key);
      if (previous?.kline === kline) return previous.body;
      // The candles are the last member of the K-line and the K-line the last of the envelope.
      const head = JSON.stringify(envelope({ ...kline, candles: [] }, locale));
      if (!head.endsWith('[]}}')) throw new Error('unexpected K-line envelope');
      const { candles } = kline;
      const last = candles[candles.length - 1];
      let entry: Entry;
      if (previous && last && previous.head === head && isSameButLast(previous.candles, candles)) {
        const lastText = JSON.stringify(last);
        const candleTexts = previous.candleTexts;
        candleTexts[candleTexts.length - 1] = lastText;
        const lastBytes = Buffer.from(lastText);
        const body = Buffer.allocUnsafeSlow(previous.prefix.length + lastBytes.length + TAIL.length);
        previous.prefix.copy(body, 0);
        lastBytes.copy(body, previous.prefix.length);
        TAIL.copy(body, previous.prefix.length + lastBytes.length);
        entry = { ...previous, kline, candles, body };
      } else {
        const candleTexts: string[] = new Array(candles.length);
        // Candles are appended at the end and the oldest drop off the front, so the previous answer's
        // candles are found by the position of the new first candle among them.
        const shift = previous ? previous.candles.indexOf(candles[0] as Candle) : -1;
        for (const [index, candle] of candles.entries()) {
          const reused = previous && shift >= 0 ? previous.candles[index + shift] : undefined;
          candleTexts[index] = reused === candle ? (previous?.candleTexts[index + shift] as string) : JSON.stringify(candle);
        }
        const before = candleTexts.slice(0, -1).join(',');
        const prefix = Buffer.from(`${head.slice(0, -3)}${before}${before === '' ? '' : ','}`);
        const body = Buffer.concat([prefix, Buffer.from(candleTexts[candleTexts.length - 1] ?? ''), TAIL]);
        entry = { kline, head, candles, candleTexts, prefix, body };
      }
      if (!previous && entries.size >= ENTRIES_MAX) entries.clear();
      entries.set(key, entry);
      return entry.body;
    },
  };
}
