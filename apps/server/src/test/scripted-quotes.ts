import type { QuoteTick } from '@bolsa/contracts';

/** Quotes the test writes itself: exact bids, asks and market status, delivered to subscribers at once. */
export function scriptedQuotes() {
  const latest = new Map<string, QuoteTick>();
  const handlers = new Map<string, Set<(tick: QuoteTick) => void>>();
  return {
    latest: (code: string) => latest.get(code),
    subscribe(code: string, handler: (tick: QuoteTick) => void) {
      const set = handlers.get(code) ?? new Set();
      set.add(handler);
      handlers.set(code, set);
      return () => set.delete(handler);
    },
    /**
     * A quote at this bid and ask; the previous close is the bid unless given (today's P&L measures from it),
     * the day's change in percent 0 unless given (price alerts read it).
     */
    set(code: string, bid: string, ask: string, marketStatus: QuoteTick['marketStatus'] = 'open', prevClose = bid, changeRatio = '0') {
      const tick: QuoteTick = {
        code,
        price: bid,
        change: '0',
        changeRatio,
        volume: '0',
        open: bid,
        high: ask,
        low: bid,
        prevClose,
        bid,
        ask,
        bidVolume: '100',
        askVolume: '100',
        marketStatus,
        fall: false,
        tradeDate: new Date().toISOString().slice(0, 10),
        timestamp: Date.now(),
      };
      latest.set(code, tick);
      for (const handler of handlers.get(code) ?? []) handler(tick);
    },
  };
}
