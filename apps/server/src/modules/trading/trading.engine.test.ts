import type { QuoteTick } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '../../platform/bus/index.ts';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { createExecutionEngine } from './trading.engine.ts';
import type { FillOutcome, TradingService } from './trading.service.ts';

type RestingOrder = { id: number; userId: number; limitPrice: string };

/**
 * The engine against a service that only records what it is asked: resting buy limits on one
 * instrument, each filled when the ask reaches its limit, except the orders in `failing`, whose fill
 * throws (as an order in error would) and makes any batch holding it fail as a whole.
 */
function engineWith(orders: RestingOrder[], failing: Set<number>, shard: (userId: number) => number, bus = createInProcessBus()) {
  const quotes = scriptedQuotes();
  const batches: number[][] = [];
  /** One entry each time the engine starts watching a position (it asks the service for its trigger bounds). */
  const watched: number[] = [];
  const service = {
    restingOrders: async () => orders.map((order) => ({ ...order, code: 'AAPL', direction: 0, orderType: 1, status: 0, stopPrice: null })),
    openPositions: async () => [],
    fillPriceOn: (order: { limitPrice: string }, tick: QuoteTick) => ({
      price: new Decimal(tick.ask).lessThanOrEqualTo(order.limitPrice) ? new Decimal(tick.ask) : null,
      isTriggered: false,
    }),
    accountShardOf: shard,
    triggerBoundsOf: () => {
      watched.push(1);
      return { below: Number.NEGATIVE_INFINITY, above: Number.POSITIVE_INFINITY };
    },
    triggerOf: () => null,
    async fillRestingOrders(orderIds: readonly number[]) {
      batches.push([...orderIds]);
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (orderIds.some((id) => failing.has(id))) throw new Error('an order in error');
      return new Map<number, FillOutcome>(orderIds.map((id) => [id, 'filled']));
    },
  } as unknown as TradingService;
  const engine = createExecutionEngine({ service, quotes, bus, logger: { error: () => undefined } });
  return { engine, quotes, batches, watched };
}

/** An open long position of one AAPL share at 100, as the service hands it to the engine. */
const openPosition = (id: number, stopLoss: string | null, takeProfit: string | null) =>
  ({
    id,
    userId: id,
    code: 'AAPL',
    walletType: 'STOCK',
    direction: 0,
    openPrice: '100',
    quantity: '1',
    margin: '100.00',
    stopLoss,
    takeProfit,
    isOpen: true,
  }) as never;

describe('execution engine: the fills of one quote', () => {
  it('fills every order a quote crosses in one batch per partition, and leaves the others resting', async () => {
    const orders = [
      { id: 1, userId: 1, limitPrice: '100' },
      { id: 2, userId: 2, limitPrice: '100' },
      { id: 3, userId: 5, limitPrice: '100' },
      { id: 4, userId: 6, limitPrice: '90' },
    ];
    const { engine, quotes, batches } = engineWith(orders, new Set(), (userId) => userId);
    quotes.set('AAPL', '110.00', '110.02');
    await engine.start();
    quotes.set('AAPL', '99.98', '100.00');
    await engine.idle();
    // Users 1 and 5 share a partition (1 % 4 = 5 % 4): one transaction; user 2's runs beside it; order 4 is not crossed.
    expect(batches.map((batch) => [...batch].sort()).sort()).toEqual([[1, 3], [2]]);
    expect(engine.restingCount()).toBe(1);
    await engine.stop();
  });

  it('tries each order of a failed batch alone, so one order in error does not hold back the others', async () => {
    const orders = [
      { id: 1, userId: 1, limitPrice: '100' },
      { id: 2, userId: 1, limitPrice: '100' },
      { id: 3, userId: 1, limitPrice: '100' },
    ];
    const { engine, quotes, batches } = engineWith(orders, new Set([2]), () => 0);
    quotes.set('AAPL', '110.00', '110.02');
    await engine.start();
    quotes.set('AAPL', '99.98', '100.00');
    await engine.idle();
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
    // Orders 1 and 3 filled and left the index; order 2 still rests, to be tried on the next quote.
    expect(engine.restingCount()).toBe(1);
    quotes.set('AAPL', '99.97', '99.99');
    await engine.idle();
    expect(batches.at(-1)).toEqual([2]);
    await engine.stop();
  });

  it("tells another process's engine of a resting order, its cancel and a new position, and skips its own announcements", async () => {
    const bus = createInProcessBus();
    const first = engineWith([], new Set(), () => 0, bus);
    const second = engineWith([], new Set(), () => 0, bus);
    await first.engine.start();
    await second.engine.start();
    const announced: unknown[] = [];
    bus.subscribe('trading:resting', (message) => announced.push(message));
    const order = { id: 7, userId: 3, code: 'AAPL', direction: 0, orderType: 1, status: 0, limitPrice: '90', stopPrice: null };
    first.engine.resting(order as never);
    await new Promise((resolve) => setImmediate(resolve));
    expect(announced).toHaveLength(1);
    expect([first.engine.restingCount(), second.engine.restingCount()]).toEqual([1, 1]);
    first.engine.cancelled(order);
    await new Promise((resolve) => setImmediate(resolve));
    expect([first.engine.restingCount(), second.engine.restingCount()]).toEqual([0, 0]);
    // A position opened in the first process is watched once there and once in the second, not a second
    // time in the first when its own announcement comes back.
    first.engine.positionChanged(openPosition(5, null, null));
    await new Promise((resolve) => setImmediate(resolve));
    expect([first.watched.length, second.watched.length]).toEqual([1, 1]);
    await first.engine.stop();
    await second.engine.stop();
  });

  it('asks about a position only when a quote may close it, as positions come and go (the scan skipped between their bounds)', async () => {
    const quotes = scriptedQuotes();
    const checked: number[] = [];
    const service = {
      restingOrders: async () => [],
      openPositions: async () => [],
      // Each test position can close below its stop-loss or above its take-profit.
      triggerBoundsOf: (position: { stopLoss: string; takeProfit: string }) => ({
        below: Number(position.stopLoss),
        above: Number(position.takeProfit),
      }),
      triggerOf: (position: { id: number }) => {
        checked.push(position.id);
        return null;
      },
    } as unknown as TradingService;
    const engine = createExecutionEngine({ service, quotes, bus: createInProcessBus(), logger: { error: () => undefined } });
    await engine.start();
    engine.positionChanged(openPosition(1, '90', '110'));
    engine.positionChanged(openPosition(2, '95', '105'));
    // Between 95 and 105 neither can close: no position is looked at.
    quotes.set('AAPL', '100.00', '100.02');
    quotes.set('AAPL', '104.00', '104.02');
    expect(checked).toEqual([]);
    // At 94 the second may close: every position is looked at, and the one crossed is asked about.
    quotes.set('AAPL', '94.00', '94.02');
    expect(checked).toEqual([2]);
    // Once it is gone, a scan widens the window to the first's 90-110 and 94 is quiet again.
    engine.positionChanged({ ...(openPosition(2, '95', '105') as object), isOpen: false } as never);
    quotes.set('AAPL', '96.00', '96.02');
    quotes.set('AAPL', '93.00', '93.02');
    expect(checked).toEqual([2]);
    quotes.set('AAPL', '111.00', '111.02');
    expect(checked).toEqual([2, 1]);
    await engine.stop();
  });
});
