import type { QuoteTick } from '@bolsa/contracts';
import type { EventBus } from '../../platform/bus/index.ts';
import type { OrderRow, PositionRow } from './trading.repository.ts';
import type { FillOutcome, PositionSnapshot, QuoteSource, TradingService } from './trading.service.ts';

const RESTING_TOPIC = 'trading:resting';
const POSITION_TOPIC = 'trading:position';

type Logger = { error(object: object, message: string): void };

function snapshotOf(position: PositionRow): PositionSnapshot {
  return {
    id: position.id,
    userId: position.userId,
    code: position.code,
    walletType: position.walletType,
    direction: position.direction,
    openPrice: position.openPrice,
    quantity: position.quantity,
    margin: position.margin,
    takeProfit: position.takeProfit,
    stopLoss: position.stopLoss,
    isOpen: position.isOpen,
  };
}

type Resting = Pick<OrderRow, 'id' | 'userId' | 'code' | 'direction' | 'orderType' | 'status' | 'limitPrice' | 'stopPrice'>;

/** A resting order as the engine indexes it: its limit and stop also as numbers, parsed once rather than on every tick. */
type Indexed = Resting & { limit: number; stop: number };

function indexed(order: Resting): Indexed {
  return {
    id: order.id,
    userId: order.userId,
    code: order.code,
    direction: order.direction,
    orderType: order.orderType,
    status: order.status,
    limitPrice: order.limitPrice,
    stopPrice: order.stopPrice,
    limit: Number(order.limitPrice ?? 0),
    stop: Number(order.stopPrice ?? 0),
  };
}

/** An open position as the engine watches it, with the touches between which no quote can close it (floating point). */
type WatchedPosition = PositionSnapshot & { below: number; above: number };

/** Far below a cent and far above a double's error on any price: the cheap test below never misses a fill. */
const PRICE_TOLERANCE = 1e-6;

/**
 * A cheap first look, in floating point, at whether a tick may fill or trigger an order: with 100,000
 * resting orders a tick must not build decimals, nor parse a price, for each (ADR 0003). It only lets
 * through a superset; the decimal check of the service decides, so money is never decided in floating point.
 */
function mayAct(order: Indexed, ask: number, bid: number): boolean {
  // No inner functions: this runs for every resting order on every tick, and a closure per call (named
  // by the build's keep-names helper) cost more than the comparisons.
  const isBuy = order.direction === 0;
  const touch = isBuy ? ask : bid;
  const limitCrossed = isBuy ? touch <= order.limit + PRICE_TOLERANCE : touch >= order.limit - PRICE_TOLERANCE;
  const stopHit = isBuy ? touch >= order.stop - PRICE_TOLERANCE : touch <= order.stop + PRICE_TOLERANCE;
  switch (order.orderType) {
    case 1:
      return limitCrossed;
    case 2:
      return stopHit;
    case 3:
      return order.status === 3 ? limitCrossed : stopHit;
    default:
      return true;
  }
}

/**
 * The execution engine of one process: an in-memory index per instrument of resting orders and of open
 * positions, rebuilt from the database at start and told of changes (by this process directly, by
 * others over the bus). Each quote of an indexed instrument is checked against its orders (fills) and
 * positions (take-profit, stop-loss, stop-out closes); what it hits is handled one at a time. Every
 * process may run one: a fill or close locks its row (SKIP LOCKED) and finishes it only while still in
 * progress or open, so each happens exactly once whichever process sees the quote first.
 */
export function createExecutionEngine(dependencies: { service: TradingService; quotes: QuoteSource; bus: EventBus; logger: Logger }) {
  const { service, quotes, bus, logger } = dependencies;
  const byCode = new Map<string, Map<number, Indexed>>();
  const positionsByCode = new Map<string, Map<number, WatchedPosition>>();
  const unsubscribes = new Map<string, () => void>();
  const pending = new Set<number>();
  // Fills and closes run one after another per user (a user's orders and positions share a wallet, so
  // they keep the order the ticks gave them) and side by side across users: one slow fill no longer
  // holds every other user's behind it. Different users' transactions touch different wallets and the
  // sharded house and fee accounts, whose locks every movement takes in one order.
  const chains = new Map<number, Promise<void>>();
  const inFlight = new Set<Promise<void>>();

  function schedule(userId: number, task: () => Promise<void>) {
    const next = (chains.get(userId) ?? Promise.resolve()).then(task).catch(() => undefined);
    chains.set(userId, next);
    inFlight.add(next);
    void next.finally(() => {
      inFlight.delete(next);
      if (chains.get(userId) === next) chains.delete(userId);
    });
  }
  let stopBus: (() => void) | undefined;
  let stopPositionBus: (() => void) | undefined;
  let isRunning = false;

  function ensureSubscribed(code: string) {
    if (!unsubscribes.has(code)) unsubscribes.set(code, quotes.subscribe(code, onTick));
  }

  function unsubscribeIfUnused(code: string) {
    if ((byCode.get(code)?.size ?? 0) > 0 || (positionsByCode.get(code)?.size ?? 0) > 0) return;
    byCode.delete(code);
    positionsByCode.delete(code);
    unsubscribes.get(code)?.();
    unsubscribes.delete(code);
  }

  function forget(order: Pick<Resting, 'id' | 'code'>) {
    byCode.get(order.code)?.delete(order.id);
    unsubscribeIfUnused(order.code);
  }

  function forgetPosition(position: PositionSnapshot) {
    positionsByCode.get(position.code)?.delete(position.id);
    unsubscribeIfUnused(position.code);
  }

  function watchPosition(position: PositionSnapshot) {
    if (!isRunning) return;
    if (!position.isOpen) {
      forgetPosition(position);
      return;
    }
    let positions = positionsByCode.get(position.code);
    if (!positions) {
      positions = new Map();
      positionsByCode.set(position.code, positions);
    }
    positions.set(position.id, { ...position, ...service.triggerBoundsOf(position) });
    ensureSubscribed(position.code);
    // Only this position is new: checking the whole instrument again on every fill grew with its open positions.
    const latest = quotes.latest(position.code);
    if (latest?.marketStatus === 'open' && service.triggerOf(position, latest)) enqueueClose(position, latest);
  }

  const pendingCloses = new Set<number>();
  function enqueueClose(position: PositionSnapshot, tick: QuoteTick) {
    if (pendingCloses.has(position.id)) return;
    pendingCloses.add(position.id);
    schedule(position.userId, async () => {
      try {
        const outcome = await service.closeTriggered(position.id, tick);
        if (outcome !== 'waiting') forgetPosition(position);
      } catch (error) {
        logger.error({ err: error, positionId: position.id }, 'trading: triggered close failed; the position stays open');
      } finally {
        pendingCloses.delete(position.id);
      }
    });
  }

  function enqueue(order: Indexed, tick: QuoteTick) {
    if (pending.has(order.id)) return;
    pending.add(order.id);
    schedule(order.userId, async () => {
      try {
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
      } finally {
        pending.delete(order.id);
      }
    });
  }

  /** Queues a fill when this quote may fill or trigger the order (the decimal check of the service first). */
  function check(order: Indexed, tick: QuoteTick, ask: number, bid: number) {
    if (!mayAct(order, ask, bid)) return;
    const { price, isTriggered } = service.fillPriceOn(order as unknown as OrderRow, tick);
    if (price || (isTriggered && order.status === 0)) enqueue(order, tick);
  }

  function onTick(tick: QuoteTick) {
    if (tick.marketStatus !== 'open') return;
    const ask = Number(tick.ask);
    const bid = Number(tick.bid);
    for (const order of byCode.get(tick.code)?.values() ?? []) check(order, tick, ask, bid);
    for (const position of positionsByCode.get(tick.code)?.values() ?? []) {
      const touch = position.direction === 0 ? bid : ask;
      // Most positions are nowhere near a take-profit, stop-loss or stop-out: no decimals for them.
      if (touch > position.below && touch < position.above) continue;
      if (service.triggerOf(position, tick)) enqueueClose(position, tick);
    }
  }

  function track(order: Resting, isCheckedNow = true) {
    if (!isRunning) return;
    let orders = byCode.get(order.code);
    if (!orders) {
      orders = new Map();
      byCode.set(order.code, orders);
    }
    ensureSubscribed(order.code);
    const entry = indexed(order);
    orders.set(order.id, entry);
    if (!isCheckedNow) return;
    // Only this order is new: checking the whole book again for each new order grew with the book.
    const latest = quotes.latest(order.code);
    if (latest?.marketStatus === 'open') check(entry, latest, Number(latest.ask), Number(latest.bid));
  }

  return {
    async start() {
      isRunning = true;
      stopBus = bus.subscribe(RESTING_TOPIC, (payload) => {
        const order = payload as Resting;
        if (!byCode.get(order.code)?.has(order.id)) track(order);
      });
      stopPositionBus = bus.subscribe(POSITION_TOPIC, (payload) => watchPosition(payload as PositionSnapshot));
      // Indexed first and checked once per instrument afterwards: checking after each of 100,000
      // orders would scan each instrument's book once per order.
      for (const order of await service.restingOrders()) track(order, false);
      for (const code of byCode.keys()) {
        const latest = quotes.latest(code);
        if (latest) onTick(latest);
      }
      for (const position of await service.openPositions()) watchPosition(snapshotOf(position));
    },

    /** A position of this process opened, changed or closed: watch it here and tell the other processes. */
    positionChanged(position: PositionRow) {
      const snapshot = snapshotOf(position);
      watchPosition(snapshot);
      bus
        .publish(POSITION_TOPIC, snapshot)
        .catch((error: unknown) => logger.error({ err: error }, 'trading: could not announce a position'));
    },

    /** An order of this process now rests: index it here and tell the other processes. */
    resting(order: OrderRow) {
      const resting: Resting = {
        id: order.id,
        userId: order.userId,
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
      while (inFlight.size > 0) await Promise.all(inFlight);
    },

    restingCount() {
      let total = 0;
      for (const orders of byCode.values()) total += orders.size;
      return total;
    },

    watchedPositionCount() {
      let total = 0;
      for (const positions of positionsByCode.values()) total += positions.size;
      return total;
    },

    async stop() {
      isRunning = false;
      stopBus?.();
      stopPositionBus?.();
      positionsByCode.clear();
      for (const unsubscribe of unsubscribes.values()) unsubscribe();
      unsubscribes.clear();
      byCode.clear();
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
export type ExecutionEngine = ReturnType<typeof createExecutionEngine>;
