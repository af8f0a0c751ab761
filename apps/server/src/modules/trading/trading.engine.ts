import { randomUUID } from 'node:crypto';
import { orderStatuses, orderTypes, type QuoteTick, tradeDirections } from '@bolsa/contracts';
import type { EventBus } from '../../platform/bus/index.ts';
import type { OrderRow, PositionRow } from './trading.repository.ts';
import type { FillOutcome, PositionSnapshot, QuoteSource, TradingService } from './trading.service.ts';
import { FILL_BATCH_MAX, FILL_PARTITIONS } from './trading.tuning.ts';

const RESTING_TOPIC = 'trading:resting';
const POSITION_TOPIC = 'trading:position';
const CANCELLED_TOPIC = 'trading:cancelled';

type Logger = { error(object: object, message: string): void };
/** A change one engine tells the others, with the engine it came from. */
type Announcement = { origin: string; payload: unknown };

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

/**
 * The fields of an order the engine indexes and announces to the other processes, and no others, its
 * limit and stop also as numbers. Written out as one literal: an object spread followed by more
 * properties gave objects V8 reads slowly (about 0.4 µs for each order's fields against 5 ns), which made
 * the scan of 100,000 resting orders take 8 ms a tick instead of well under one.
 */
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
type WatchedPosition = { position: PositionSnapshot; below: number; above: number };

/**
 * The open positions of one instrument, and the band between the highest `below` and the lowest `above`
 * of them (moved out only by a scan, so possibly narrower than now, never wider): a quote whose bid and
 * ask both lie strictly inside it can close none of them, and most quotes skip the scan of every one.
 */
type PositionBook = { byId: Map<number, WatchedPosition>; below: number; above: number };

// The order states the scan compares on every tick for every resting order, as plain numbers.
const BUY = tradeDirections.buy;
const LIMIT = orderTypes.limit;
const STOP = orderTypes.stop;
const STOP_LIMIT = orderTypes.stopLimit;
const ENTRUSTED = orderStatuses.entrusted;
const TRIGGERED = orderStatuses.triggered;

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
  const isBuy = order.direction === BUY;
  const touch = isBuy ? ask : bid;
  const limitCrossed = isBuy ? touch <= order.limit + PRICE_TOLERANCE : touch >= order.limit - PRICE_TOLERANCE;
  const stopHit = isBuy ? touch >= order.stop - PRICE_TOLERANCE : touch <= order.stop + PRICE_TOLERANCE;
  switch (order.orderType) {
    case LIMIT:
      return limitCrossed;
    case STOP:
      return stopHit;
    case STOP_LIMIT:
      return order.status === TRIGGERED ? limitCrossed : stopHit;
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
  /** This engine's name on the bus, so that it skips its own announcements. */
  const origin = randomUUID();
  const byCode = new Map<string, Map<number, Indexed>>();
  const positionsByCode = new Map<string, PositionBook>();
  const unsubscribes = new Map<string, () => void>();
  const pending = new Set<number>();
  // Fills and closes run one after another per user (a user's orders and positions share a wallet, so
  // they keep the order the ticks gave them) and side by side across users: one slow fill no longer
  // holds every other user's behind it. Different users' transactions touch different wallets and the
  // sharded house and fee accounts, whose locks every movement takes in one order.
  const chains = new Map<number, Promise<void>>();
  const inFlight = new Set<Promise<void>>();

  /** Runs `task` after everything queued for these users, and before whatever is queued for them next. */
  function schedule(userIds: readonly number[], task: () => Promise<void>) {
    const users = [...new Set(userIds)];
    const before = users.flatMap((userId) => chains.get(userId) ?? []);
    const next = (before.length === 1 ? (before[0] as Promise<void>) : Promise.all(before)).then(task).catch(() => undefined);
    for (const userId of users) chains.set(userId, next);
    inFlight.add(next);
    void next.finally(() => {
      inFlight.delete(next);
      for (const userId of users) if (chains.get(userId) === next) chains.delete(userId);
    });
  }
  let stopBus: (() => void) | undefined;
  let stopPositionBus: (() => void) | undefined;
  let stopCancelledBus: (() => void) | undefined;
  let isRunning = false;

  function ensureSubscribed(code: string) {
    if (!unsubscribes.has(code)) unsubscribes.set(code, quotes.subscribe(code, onTick));
  }

  function unsubscribeIfUnused(code: string) {
    if ((byCode.get(code)?.size ?? 0) > 0 || (positionsByCode.get(code)?.byId.size ?? 0) > 0) return;
    byCode.delete(code);
    positionsByCode.delete(code);
    unsubscribes.get(code)?.();
    unsubscribes.delete(code);
  }

  /** Tells the other processes; a failed publish is logged, and the change stands in this process. */
  function announce(topic: string, payload: unknown, what: string) {
    bus
      .publish(topic, { origin, payload } satisfies Announcement)
      .catch((error: unknown) => logger.error({ err: error }, `trading: could not announce ${what}`));
  }

  /**
   * What the other processes announce. This process's own announcements come back from the bus too; they
   * are skipped: the change was applied here before it was announced, and applying its echo again cost a
   * parse and a trigger check per order, and could bring back a position closed here in the meantime.
   */
  function onAnnounced(topic: string, handler: (payload: unknown) => void) {
    return bus.subscribe(topic, (message) => {
      const announcement = message as Announcement;
      if (announcement.origin !== origin) handler(announcement.payload);
    });
  }

  function forget(order: Pick<Resting, 'id' | 'code'>) {
    byCode.get(order.code)?.delete(order.id);
    unsubscribeIfUnused(order.code);
  }

  function forgetPosition(position: PositionSnapshot) {
    positionsByCode.get(position.code)?.byId.delete(position.id);
    unsubscribeIfUnused(position.code);
  }

  function watchPosition(position: PositionSnapshot) {
    if (!isRunning) return;
    if (!position.isOpen) {
      forgetPosition(position);
      return;
    }
    const { below, above } = service.triggerBoundsOf(position);
    let book = positionsByCode.get(position.code);
    if (book) {
      book.below = Math.max(book.below, below);
      book.above = Math.min(book.above, above);
    } else {
      book = { byId: new Map(), below, above };
      positionsByCode.set(position.code, book);
    }
    book.byId.set(position.id, { position, below, above });
    ensureSubscribed(position.code);
    // Only this position is new: checking the whole instrument again on every fill grew with its open positions.
    // Strictly inside its bounds a quote cannot close it (triggerBoundsOf): the decimal check only runs outside them.
    const latest = quotes.latest(position.code);
    if (latest?.marketStatus !== 'open') return;
    const touch = Number(position.direction === BUY ? latest.bid : latest.ask);
    if ((touch <= below || touch >= above) && service.triggerOf(position, latest)) enqueueClose(position, latest);
  }

  const pendingCloses = new Set<number>();
  function enqueueClose(position: PositionSnapshot, tick: QuoteTick) {
    if (pendingCloses.has(position.id)) return;
    pendingCloses.add(position.id);
    schedule([position.userId], async () => {
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

  /** What a fill attempt answered for an order: forgotten once finished; a stop-limit whose stop was hit now waits on its limit only. */
  function settle(order: Indexed, outcome: FillOutcome) {
    if (outcome === 'filled' || outcome === 'cancelled' || outcome === 'gone') forget(order);
    else if (outcome === 'waiting') {
      const entry = byCode.get(order.code)?.get(order.id);
      if (entry && entry.orderType === STOP_LIMIT) entry.status = TRIGGERED;
    }
  }

  /**
   * Fills orders one quote may fill in one transaction (ADR 0008), queued behind whatever their owners
   * have queued. Should the batch fail as a whole (not a refused fill: those are cancelled alone inside
   * it), each order is tried alone, so one order in error never holds up the others.
   */
  async function fillBatch(orders: readonly Indexed[], tick: QuoteTick) {
    let outcomes: Map<number, FillOutcome>;
    try {
      outcomes = await service.fillRestingOrders(
        orders.map((order) => order.id),
        tick,
      );
    } catch (error) {
      if (orders.length === 1) {
        logger.error({ err: error, orderId: orders[0]?.id }, 'trading: fill failed; the order stays resting');
        return;
      }
      logger.error({ err: error, orderIds: orders.map((order) => order.id) }, 'trading: a batch of fills failed; each is tried alone');
      for (const order of orders) await fillBatch([order], tick);
      return;
    }
    for (const order of orders) settle(order, outcomes.get(order.id) ?? 'gone');
  }

  /** Splits a quote's due orders into fill partitions by account shard: partitions move disjoint accounts and fill side by side. */
  function enqueueFills(due: readonly Indexed[], tick: QuoteTick) {
    const partitions = new Map<number, Indexed[]>();
    for (const order of due) {
      if (pending.has(order.id)) continue;
      const partition = service.accountShardOf(order.userId) % FILL_PARTITIONS;
      const orders = partitions.get(partition);
      if (orders) orders.push(order);
      else partitions.set(partition, [order]);
    }
    for (const orders of partitions.values()) enqueuePartition(orders, tick);
  }

  /** Fills one partition's orders in batches of at most FILL_BATCH_MAX, each one transaction. */
  function enqueuePartition(partition: readonly Indexed[], tick: QuoteTick) {
    for (let start = 0; start < partition.length; start += FILL_BATCH_MAX) {
      const batch = partition.slice(start, start + FILL_BATCH_MAX);
      for (const order of batch) pending.add(order.id);
      schedule(
        batch.map((order) => order.userId),
        async () => {
          try {
            await fillBatch(batch, tick);
          } finally {
            for (const order of batch) pending.delete(order.id);
          }
        },
      );
    }
  }

  /** Whether this quote may fill or trigger the order (the decimal check of the service after the cheap one). */
  function isDue(order: Indexed, tick: QuoteTick, ask: number, bid: number) {
    if (!mayAct(order, ask, bid)) return false;
    const { price, isTriggered } = service.fillPriceOn(order as unknown as OrderRow, tick);
    return price !== null || (isTriggered && order.status === ENTRUSTED);
  }

  function onTick(tick: QuoteTick) {
    if (tick.marketStatus !== 'open') return;
    const ask = Number(tick.ask);
    const bid = Number(tick.bid);
    const due: Indexed[] = [];
    for (const order of byCode.get(tick.code)?.values() ?? []) if (isDue(order, tick, ask, bid)) due.push(order);
    if (due.length > 0) enqueueFills(due, tick);
    const book = positionsByCode.get(tick.code);
    if (!book || (Math.min(bid, ask) > book.below && Math.max(bid, ask) < book.above)) return;
    // The scan also sets the band to the positions watched now (closed ones no longer narrow it).
    let below = Number.NEGATIVE_INFINITY;
    let above = Number.POSITIVE_INFINITY;
    for (const watched of book.byId.values()) {
      if (watched.below > below) below = watched.below;
      if (watched.above < above) above = watched.above;
      const touch = watched.position.direction === BUY ? bid : ask;
      // Most positions are nowhere near a take-profit, stop-loss or stop-out: no decimals for them.
      if (touch > watched.below && touch < watched.above) continue;
      if (service.triggerOf(watched.position, tick)) enqueueClose(watched.position, tick);
    }
    book.below = below;
    book.above = above;
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
    if (latest?.marketStatus === 'open' && isDue(entry, latest, Number(latest.ask), Number(latest.bid))) enqueueFills([entry], latest);
  }

  return {
    async start() {
      isRunning = true;
      stopBus = onAnnounced(RESTING_TOPIC, (payload) => {
        const order = payload as Resting;
        if (!byCode.get(order.code)?.has(order.id)) track(order);
      });
      stopPositionBus = onAnnounced(POSITION_TOPIC, (payload) => watchPosition(payload as PositionSnapshot));
      stopCancelledBus = onAnnounced(CANCELLED_TOPIC, (payload) => forget(payload as Pick<Resting, 'id' | 'code'>));
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
      announce(POSITION_TOPIC, snapshot, 'a position');
    },

    /** An order of this process now rests: index it here and tell the other processes. */
    resting(order: OrderRow) {
      const entry = indexed(order);
      track(entry);
      announce(RESTING_TOPIC, entry, 'an order');
    },

    /** An order of this process was cancelled: forget it here and tell the other processes. */
    cancelled(order: Pick<OrderRow, 'id' | 'code'>) {
      const finished = { id: order.id, code: order.code };
      forget(finished);
      announce(CANCELLED_TOPIC, finished, 'a cancelled order');
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
      for (const book of positionsByCode.values()) total += book.byId.size;
      return total;
    },

    async stop() {
      isRunning = false;
      stopBus?.();
      stopPositionBus?.();
      stopCancelledBus?.();
      positionsByCode.clear();
      for (const unsubscribe of unsubscribes.values()) unsubscribe();
      unsubscribes.clear();
      byCode.clear();
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
export type ExecutionEngine = ReturnType<typeof createExecutionEngine>;
