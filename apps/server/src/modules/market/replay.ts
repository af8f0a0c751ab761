import { SIMULATED_DATA_SOURCE } from '@bolsa/contracts';
import type { Trade, TradeSource } from './feed-types.ts';
import { type Instrument, parseCsv, roundToTick } from './instruments.ts';

/**
 * A source that replays a CSV file instead of simulating: either ticks
 * (`timestamp,code,price,size`) or one-minute candles (`timestamp,code,open,high,low,close,volume`,
 * replayed as four trades inside the minute). Timestamps are Unix milliseconds or ISO 8601.
 * Rows of instruments whose market is closed at that moment are dropped, as the simulator would
 * not trade then either.
 */
export function createReplaySource(csvText: string): TradeSource {
  const [header = [], ...rows] = parseCsv(csvText);
  const columns = header.map((name) => name.trim().toLowerCase());
  const column = (name: string) => columns.indexOf(name);
  const isCandles = column('open') >= 0 && column('close') >= 0;
  const timeOf = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : Date.parse(value));
  const pending: Trade[] = [];
  for (const row of rows) {
    const timestamp = timeOf(row[column('timestamp')] ?? '');
    const code = (row[column('code')] ?? '').trim().toUpperCase();
    if (!Number.isFinite(timestamp) || code === '') continue;
    if (isCandles) {
      const [open, high, low, close] = ['open', 'high', 'low', 'close'].map((name) => Number(row[column(name)]));
      const volume = Number(row[column('volume')] ?? 0);
      if (![open, high, low, close].every((value) => value !== undefined && value > 0)) continue;
      const isRising = (close ?? 0) >= (open ?? 0);
      const path = [open, isRising ? low : high, isRising ? high : low, close] as number[];
      path.forEach((price, index) => {
        pending.push({ code, timestamp: timestamp + index * 15_000, price, size: Math.max(1, Math.round(volume / 4)) });
      });
    } else {
      const price = Number(row[column('price')]);
      const size = Number(row[column('size')] ?? 1);
      if (price > 0) pending.push({ code, timestamp, price, size: size > 0 ? size : 1 });
    }
  }
  pending.sort((a, b) => a.timestamp - b.timestamp);
  const instruments = new Map<string, Instrument>();
  let cursor = 0;
  return {
    name: 'replay',
    // A replayed file is history played back as if live: still not a market anyone trades on.
    origin: SIMULATED_DATA_SOURCE,
    start(instrument) {
      instruments.set(instrument.code, instrument);
    },
    next(nowMs, activityOf) {
      const trades: Trade[] = [];
      while (cursor < pending.length && (pending[cursor]?.timestamp ?? Number.POSITIVE_INFINITY) <= nowMs) {
        const trade = pending[cursor] as Trade;
        cursor += 1;
        const instrument = instruments.get(trade.code);
        if (!instrument || activityOf(instrument, trade.timestamp) === 0) continue;
        trades.push({ ...trade, price: roundToTick(instrument.tickRule, trade.price) });
      }
      return trades;
    },
  };
}
