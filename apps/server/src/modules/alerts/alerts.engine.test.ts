import type { QuoteTick } from '@bolsa/contracts';
import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '../../platform/bus/index.ts';
import { type AlertFiring, createAlertEngine, STALE_QUOTE_MS } from './alerts.engine.ts';
import { type ArmedAlert, createAlertIndex } from './alerts.index.ts';

const NOW = Date.UTC(2026, 2, 3, 15, 0, 0); // a Tuesday, 10:00 in New York: the clock the quotes are measured on

/** Quotes the test writes: last price, day's change (percent), status and age, delivered at once. */
function quoteSource() {
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
    subscribers: (code: string) => handlers.get(code)?.size ?? 0,
    send(code: string, price: string, options: { changeRatio?: string; status?: QuoteTick['marketStatus']; ageMs?: number } = {}) {
      const tick: QuoteTick = {
        code,
        price,
        change: '0',
        changeRatio: options.changeRatio ?? '0',
        volume: '0',
        open: price,
        high: price,
        low: price,
        prevClose: price,
        bid: price,
        ask: price,
        bidVolume: '1',
        askVolume: '1',
        marketStatus: options.status ?? 'open',
        fall: false,
        tradeDate: '2026-03-03',
        timestamp: NOW - (options.ageMs ?? 0),
      };
      latest.set(code, tick);
      for (const handler of handlers.get(code) ?? []) handler(tick);
    },
  };
}

/**
 * The engine against a firing that keeps, as the database's guarded update would, the set of alerts still
 * armed: each is fired by the first call that names it, never by a second.
 */
function engineWith(armed: ArmedAlert[], bus = createInProcessBus(), stillArmed = new Set(armed.map((alert) => alert.id))) {
  const quotes = quoteSource();
  const fired: Array<{ id: number; price: string }> = [];
  const firing: AlertFiring = {
    armedAlerts: async () => armed,
    async fire(alerts, tick) {
      const ids = alerts.filter((alert) => stillArmed.delete(alert.id)).map((alert) => alert.id);
      for (const id of ids) fired.push({ id, price: tick.price });
      return ids;
    },
  };
  const engine = createAlertEngine({ firing, quotes, bus, logger: { error: () => undefined }, now: () => NOW });
  return { engine, quotes, fired, stillArmed };
}

const alert = (id: number, kind: ArmedAlert['kind'], threshold: string, code = 'AAPL'): ArmedAlert => ({
  id,
  userId: id,
  code,
  kind,
  threshold,
});

describe('the alert index', () => {
  it('hands out, in decimals, exactly the alerts a quote meets, each once', () => {
    const index = createAlertIndex();
    index.addAll([alert(1, 'above', '101'), alert(2, 'above', '100.5'), alert(3, 'below', '99'), alert(4, 'below', '98.5')]);
    index.add(alert(5, 'change', '2'));
    expect(index.take('AAPL', '100', '1.99')).toEqual([]);
    expect(index.take('AAPL', '100.5', '0').map((one) => one.id)).toEqual([2]);
    expect(index.take('AAPL', '100.5', '0')).toEqual([]);
    expect(index.take('AAPL', '98.9', '-2').map((one) => one.id)).toEqual([3, 5]);
    expect(index.count()).toBe(2);
    expect(index.remove(1)).toBe(true);
    expect(index.take('AAPL', '200', '0')).toEqual([]);
    expect(index.countIn('AAPL')).toBe(1);
  });

  it('keeps an alert a hair beyond the price, which the float look alone would let through', () => {
    const index = createAlertIndex();
    index.add(alert(1, 'above', '100.0000000001'));
    expect(index.take('AAPL', '100', '0')).toEqual([]);
    expect(index.take('AAPL', '100.0000000001', '0').map((one) => one.id)).toEqual([1]);
  });
});

describe('the alert engine', () => {
  it('fires an above alert at a price equal to its level, once, however many quotes follow', async () => {
    const { engine, quotes, fired } = engineWith([alert(1, 'above', '150.25')]);
    await engine.start();
    quotes.send('AAPL', '150.24');
    quotes.send('AAPL', '150.25');
    quotes.send('AAPL', '151');
    await engine.idle();
    expect(fired).toEqual([{ id: 1, price: '150.25' }]);
    expect(engine.armedCount()).toBe(0);
    // Nothing left on AAPL: the engine stops following its quotes.
    expect(quotes.subscribers('AAPL')).toBe(0);
  });

  it('fires a below alert at or under its level, and leaves the above alerts of the same instrument', async () => {
    const { engine, quotes, fired } = engineWith([alert(1, 'below', '90'), alert(2, 'above', '110'), alert(3, 'below', '85')]);
    await engine.start();
    quotes.send('AAPL', '90.01');
    quotes.send('AAPL', '90');
    await engine.idle();
    expect(fired.map((one) => one.id)).toEqual([1]);
    quotes.send('AAPL', '84.5');
    await engine.idle();
    expect(fired.map((one) => one.id)).toEqual([1, 3]);
    expect(engine.armedCount()).toBe(1);
  });

  it("fires a change alert when the day's change reaches its size either way", async () => {
    const { engine, quotes, fired } = engineWith([alert(1, 'change', '3'), alert(2, 'change', '5'), alert(3, 'change', '5', 'MSFT')]);
    await engine.start();
    quotes.send('AAPL', '100', { changeRatio: '2.99' });
    quotes.send('AAPL', '100', { changeRatio: '-3.00' });
    await engine.idle();
    expect(fired.map((one) => one.id)).toEqual([1]);
    quotes.send('MSFT', '300', { changeRatio: '5' });
    await engine.idle();
    expect(fired.map((one) => one.id)).toEqual([1, 3]);
  });

  it('never fires on a stale quote: out of session, too old, or older than one already seen', async () => {
    const { engine, quotes, fired } = engineWith([alert(1, 'above', '100'), alert(2, 'below', '50')]);
    await engine.start();
    quotes.send('AAPL', '120', { status: 'closed' });
    quotes.send('AAPL', '120', { ageMs: STALE_QUOTE_MS + 1 });
    quotes.send('AAPL', '70', { ageMs: 1_000 });
    // Late: older than the quote at 70 just seen.
    quotes.send('AAPL', '40', { ageMs: 2_000 });
    await engine.idle();
    expect(fired).toEqual([]);
    quotes.send('AAPL', '40');
    await engine.idle();
    expect(fired.map((one) => one.id)).toEqual([2]);
  });

  it('checks an alert armed after start against the latest quote, and forgets a deleted one', async () => {
    const { engine, quotes, fired, stillArmed } = engineWith([]);
    await engine.start();
    quotes.send('AAPL', '100');
    stillArmed.add(7).add(8);
    engine.armed(alert(7, 'above', '101'));
    engine.armed(alert(8, 'above', '102'));
    engine.removed({ id: 8, code: 'AAPL' });
    quotes.send('AAPL', '105');
    await engine.idle();
    expect(fired.map((one) => one.id)).toEqual([7]);
  });

  it('fires each alert once when two engines share the bus and both see the quote', async () => {
    const bus = createInProcessBus();
    const stillArmed = new Set<number>();
    const first = engineWith([], bus, stillArmed);
    const second = engineWith([], bus, stillArmed);
    await first.engine.start();
    await second.engine.start();
    for (let id = 1; id <= 20; id += 1) {
      stillArmed.add(id);
      (id % 2 === 0 ? first : second).engine.armed(alert(id, 'above', String(100 + id)));
    }
    // The other engine learns of each alert over the bus.
    await new Promise((resolve) => setImmediate(resolve));
    expect(first.engine.armedCount()).toBe(20);
    expect(second.engine.armedCount()).toBe(20);
    first.quotes.send('AAPL', '110');
    second.quotes.send('AAPL', '110');
    await Promise.all([first.engine.idle(), second.engine.idle()]);
    const firedIds = [...first.fired, ...second.fired].map((one) => one.id).sort((a, b) => a - b);
    expect(firedIds).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('keeps an alert armed when its firing fails, and fires it on the next quote that meets it', async () => {
    const quotes = quoteSource();
    let failures = 1;
    const fired: number[] = [];
    const engine = createAlertEngine({
      firing: {
        armedAlerts: async () => [alert(1, 'above', '100')],
        async fire(alerts) {
          if (failures-- > 0) throw new Error('database unavailable');
          fired.push(...alerts.map((one) => one.id));
          return alerts.map((one) => one.id);
        },
      },
      quotes,
      bus: createInProcessBus(),
      logger: { error: () => undefined },
      now: () => NOW,
    });
    await engine.start();
    quotes.send('AAPL', '100');
    await engine.idle();
    expect(fired).toEqual([]);
    expect(engine.armedCount()).toBe(1);
    quotes.send('AAPL', '100.5');
    await engine.idle();
    expect(fired).toEqual([1]);
  });
});
