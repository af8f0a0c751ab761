import type { QuoteTick } from '@bolsa/contracts';
import type { EventBus } from '../../platform/bus/index.ts';
import type { OrderRow } from './trading.repository.ts';
import type { FillOutcome, QuoteSource, TradingService } from './trading.service.ts';

const RESTING_TOPIC = 'trading:resting';

type Logger = { error(object: object, message: string): void };

type Resting = Pick<OrderRow, 'id' | 'code' | 'direction' | 'orderType' | 'status' | 'limitPrice' | 'stopPrice'>;

/**
 * The execution engine of one process: an in-memory index of resting orders per instrument, rebuilt
 * from the database at start and told of new ones (by this process directly, by others over the bus).
 * Each quote of an indexed instrument is checked against its orders; those it crosses are filled one
 * at a time. Every process may run one: a fill locks its order row (SKIP LOCKED) and finishes it only
 * while in progress, so an order fills exactly once whichever process sees the quote first.
 */
export function createExecutionEngine(dependencies: { service: TradingService; quotes: QuoteSource; bus: EventBus; logger: Logger }) {
  const { service, quotes, bus, logger } = dependencies;
  const byCode = new Map<string, Map<number, Resting>>();
  const unsubscribes = new Map<string, () => void>();
  const pending = new Set<number>();
  let chain: Promise<void> = Promise.resolve();
  let stopBus: (() => void) | undefined;
  let isRunning = false;

  function forget(order: Resting) {
    const orders = byCode.get(order.code);
    orders?.delete(order.id);
    if (orders && orders.size === 0) {
      byCode.delete(order.code);
      unsubscribes.get(order.code)?.();
      unsubscribes.delete(order.code);
    }
  }

  function enqueue(order: Resting, tick: QuoteTick) {
    if (pending.has(order.id)) return;
    pending.add(order.id);
    chain = chain
      .then(async () => {
        let outcome: FillOutcome;
        try {
          outcome = await service.fillResting(order.id, tick);
        } catch (error) {
          logger.error({ err: error, orderId: order.id }, 'trading: fill failed; the order stays resting');
          return;
        }
        if (outcome === 'filled' || outcome === 'cancelled' || outcome === 'gone') forget(order);
        else if (outcome === 'waiting') {
          const indexed = byCode.get(order.code)?.get(order.id);
          // A stop-limit whose stop was hit now waits on its limit only.
          if (indexed && indexed.orderType === 3) indexed.status = 3;
        }
      })
      .finally(() => pending.delete(order.id));
  }

  function onTick(tick: QuoteTick) {
    const orders = byCode.get(tick.code);
    if (!orders || tick.marketStatus !== 'open') return;
    for (const order of orders.values()) {
      const { price, isTriggered } = service.fillPriceOn(order as OrderRow, tick);
      if (price || (isTriggered && order.status === 0)) enqueue(order, tick);
    }
  }

  function track(order: Resting) {
    if (!isRunning) return;
    let orders = byCode.get(order.code);
    if (!orders) {
      orders = new Map();
      byCode.set(order.code, orders);
      unsubscribes.set(order.code, quotes.subscribe(order.code, onTick));
    }
    orders.set(order.id, order);
    const latest = quotes.latest(order.code);
    if (latest) onTick(latest);
  }

  return {
    async start() {
      isRunning = true;
      stopBus = bus.subscribe(RESTING_TOPIC, (payload) => {
        const order = payload as Resting;
        if (!byCode.get(order.code)?.has(order.id)) track(order);
      });
      for (const order of await service.restingOrders()) track(order);
    },

    /** An order of this process now rests: index it here and tell the other processes. */
    resting(order: OrderRow) {
      const resting: Resting = {
        id: order.id,
        code: order.code,
        direction: order.direction,
        orderType: order.orderType,
        status: order.status,
        limitPrice: order.limitPrice,
        stopPrice: order.stopPrice,
      };
      track(resting);
      bus.publish(RESTING_TOPIC, resting).catch((error: unknown) => logger.error({ err: error }, 'trading: could not announce an order'));
    },

    /** Resolves when every fill started so far has finished (tests wait on this). */
    async idle() {
      let seen: Promise<void> | undefined;
      while (seen !== chain) {
        seen = chain;
        await chain;
      }
    },

    restingCount() {
      let total = 0;
      for (const orders of byCode.values()) total += orders.size;
      return total;
    },

    async stop() {
      isRunning = false;
      stopBus?.();
      for (const unsubscribe of unsubscribes.values()) unsubscribe();
      unsubscribes.clear();
      byCode.clear();
      await chain.catch(() => undefined);
    },
  };
}
export type ExecutionEngine = ReturnType<typeof createExecutionEngine>;
