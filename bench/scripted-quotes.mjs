// Shared by the tick-to-fill benchmarks (tick-to-fill, price-alerts, robots).

/** Quotes the benchmark sets by hand: the engine subscribes here instead of the market feed. */
export function scriptedQuotes() {
  const latest = new Map();
  const handlers = new Map();
  return {
    latest: (code) => latest.get(code),
    subscribe(code, handler) {
      if (!handlers.has(code)) handlers.set(code, new Set());
      handlers.get(code).add(handler);
      return () => handlers.get(code)?.delete(handler);
    },
    emit(code, ask) {
      const bid = (ask - 0.02).toFixed(2);
      const text = ask.toFixed(2);
      const tick = {
        code,
        price: text,
        change: '0',
        changeRatio: '0',
        volume: '0',
        open: text,
        high: text,
        low: text,
        prevClose: text,
        bid,
        ask: text,
        bidVolume: '100',
        askVolume: '100',
        marketStatus: 'open',
        fall: false,
        tradeDate: new Date().toISOString().slice(0, 10),
        timestamp: Date.now(),
      };
      latest.set(code, tick);
      for (const handler of handlers.get(code) ?? []) handler(tick);
    },
  };
}
