import { orderStatuses, orderTypes, type QuoteTick, tradeDirections } from '@bolsa/contracts';
import type { EnginePartDependencies } from './trading.engine-chains.ts';
import type { OrderRow } from './trading.repository.ts';
import type { FillOutcome } from './trading.service.ts';
import { FILL_BATCH_MAX, FILL_PARTITIONS } from './trading.tuning.ts';

export type Resting = Pick<OrderRow, 'id' | 'userId' | 'code' | 'direction' | 'orderType' | 'status' | 'limitPrice' | 'stopPrice'>;

/** A resting order as the engine indexes it: its limit and stop also as numbers, parsed once rather than on every tick. */
type Indexed = Resting & { limit: number; stop: number };

/**
 * The fields of an order the engine indexes and announces to the other processes, and no others, its
 * limit and stop also as numbers. Written out as one literal: an object spread followed by more
 * properties gave objects V8 reads slowly (about 0.4 µs for each order's fields against 5 ns), which made
 * the scan of 100,000 resting orders take 8 ms a tick instead of well under one.
 */
export function indexed(order: Resting): Indexed {
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

/** Whether this quote may fill or trigger the order (the decimal check of the service after the cheap one). */
function isDue(service: EnginePartDependencies['service'], order: Indexed, tick: QuoteTick, ask: number, bid: number) {
  if (!mayAct(order, ask, bid)) return false;
  const { price, isTriggered } = service.fillPriceOn(order as unknown as OrderRow, tick);
  return price !== null || (isTriggered && order.status === ENTRUSTED);
}

/** The resting orders of one instrument, made empty the first time one rests there. */
function bookOf(byCode: Map<string, Map<number, Indexed>>, code: string) {
  let orders = byCode.get(code);
  if (!orders) {
    orders = new Map();
    byCode.set(code, orders);
  }
  return orders;
}

/** How many orders rest across every instrument. */
function countAll(byCode: ReadonlyMap<string, ReadonlyMap<number, Indexed>>) {
  let total = 0;
  for (const orders of byCode.values()) total += orders.size;
  return total;
}

/**
 * The engine's index of resting orders, per instrument: each quote is checked against them (in floating
 * point, then in decimals by the service), and the orders it may fill are filled by the service in
 * partitions and batches, queued behind what their owners already have queued.
 */
export function createOrderIndex(dependencies: EnginePartDependencies) {
  const { service, quotes, logger, chains } = dependencies;
  const byCode = new Map<string, Map<number, Indexed>>();
  const pending = new Set<number>();

  function forget(order: Pick<Resting, 'id' | 'code'>) {
    byCode.get(order.code)?.delete(order.id);
    dependencies.released(order.code);
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
      chains.schedule(
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

  /** Checks a quote in session against the instrument's resting orders and fills those it may fill. */
  function onTick(tick: QuoteTick, ask: number, bid: number) {
    const due: Indexed[] = [];
    for (const order of byCode.get(tick.code)?.values() ?? []) if (isDue(service, order, tick, ask, bid)) due.push(order);
    if (due.length > 0) enqueueFills(due, tick);
  }

  function track(order: Resting, isCheckedNow = true) {
    const orders = bookOf(byCode, order.code);
    dependencies.subscribe(order.code);
    const entry = indexed(order);
    orders.set(order.id, entry);
    if (!isCheckedNow) return;
    // Only this order is new: checking the whole book again for each new order grew with the book.
    const latest = quotes.latest(order.code);
    if (latest?.marketStatus === 'open' && isDue(service, entry, latest, Number(latest.ask), Number(latest.bid)))
      enqueueFills([entry], latest);
  }

  return {
    track,
    forget,
    onTick,
    has: (order: Pick<Resting, 'id' | 'code'>) => byCode.get(order.code)?.has(order.id) ?? false,
    /** How many orders of this instrument rest. */
    countIn: (code: string) => byCode.get(code)?.size ?? 0,
    drop: (code: string) => byCode.delete(code),
    codes: () => byCode.keys(),
    count: () => countAll(byCode),
    clear: () => byCode.clear(),
  };
}
