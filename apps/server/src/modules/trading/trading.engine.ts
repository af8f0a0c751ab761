import { randomUUID } from 'node:crypto';
import type { QuoteTick } from '@bolsa/contracts';
import type { EventBus } from '../../platform/bus/index.ts';
import { createUserChains, type EnginePartDependencies } from './trading.engine-chains.ts';
import { createOrderIndex, indexed, type Resting } from './trading.engine-orders.ts';
import { createPositionWatch } from './trading.engine-positions.ts';
import type { OrderRow, PositionRow } from './trading.repository.ts';
import type { PositionSnapshot, QuoteSource, TradingService } from './trading.service.ts';

type OrderIndex = ReturnType<typeof createOrderIndex>;
type PositionWatch = ReturnType<typeof createPositionWatch>;

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

/**
 * How engines tell each other of changes over the bus. Each engine has its own name (`origin`) there,
 * so that it skips its own announcements.
 */
function createAnnouncements(bus: EventBus, logger: Logger) {
  const origin = randomUUID();
  return {
    /** Tells the other processes; a failed publish is logged, and the change stands in this process. */
    announce(topic: string, payload: unknown, what: string) {
      bus
        .publish(topic, { origin, payload } satisfies Announcement)
        .catch((error: unknown) => logger.error({ err: error }, `trading: could not announce ${what}`));
    },

    /**
     * What the other processes announce. This process's own announcements come back from the bus too; they
     * are skipped: the change was applied here before it was announced, and applying its echo again cost a
     * parse and a trigger check per order, and could bring back a position closed here in the meantime.
     */
    onAnnounced(topic: string, handler: (payload: unknown) => void) {
      return bus.subscribe(topic, (message) => {
        const announcement = message as Announcement;
        if (announcement.origin !== origin) handler(announcement.payload);
      });
    },
  };
}

/** Stops the quotes of an instrument once neither an order rests nor a position is watched there. */
function unsubscribeIfUnused(
  code: string,
  engine: { orders: OrderIndex; positions: PositionWatch; unsubscribes: Map<string, () => void> },
) {
  const { orders, positions, unsubscribes } = engine;
  if (orders.countIn(code) > 0 || positions.countIn(code) > 0) return;
  orders.drop(code);
  positions.drop(code);
  unsubscribes.get(code)?.();
  unsubscribes.delete(code);
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
  const { announce, onAnnounced } = createAnnouncements(bus, logger);
  const unsubscribes = new Map<string, () => void>();
  const parts: EnginePartDependencies = {
    service,
    quotes,
    logger,
    chains: createUserChains(),
    subscribe: (code) => ensureSubscribed(code),
    released: (code) => unsubscribeIfUnused(code, { orders, positions, unsubscribes }),
  };
  const { chains } = parts;
  const orders = createOrderIndex(parts);
  const positions = createPositionWatch(parts);
  /** The bus subscriptions of a running engine: resting orders, positions, cancelled orders. */
  let stopListening: Array<() => void> = [];
  let isRunning = false;

  function ensureSubscribed(code: string) {
    if (!unsubscribes.has(code)) unsubscribes.set(code, quotes.subscribe(code, onTick));
  }

  function watchPosition(position: PositionSnapshot) {
    if (!isRunning) return;
    positions.watch(position);
  }

  function onTick(tick: QuoteTick) {
    if (tick.marketStatus !== 'open') return;
    const ask = Number(tick.ask);
    const bid = Number(tick.bid);
    orders.onTick(tick, ask, bid);
    positions.onTick(tick, ask, bid);
  }

  function track(order: Resting, isCheckedNow = true) {
    if (!isRunning) return;
    orders.track(order, isCheckedNow);
  }

  return {
    async start() {
      isRunning = true;
      stopListening = [
        onAnnounced(RESTING_TOPIC, (payload) => {
          const order = payload as Resting;
          if (!orders.has(order)) track(order);
        }),
        onAnnounced(POSITION_TOPIC, (payload) => watchPosition(payload as PositionSnapshot)),
        onAnnounced(CANCELLED_TOPIC, (payload) => orders.forget(payload as Pick<Resting, 'id' | 'code'>)),
      ];
      // Indexed first and checked once per instrument afterwards: checking after each of 100,000
      // orders would scan each instrument's book once per order.
      for (const order of await service.restingOrders()) track(order, false);
      for (const code of orders.codes()) {
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
      orders.forget(finished);
      announce(CANCELLED_TOPIC, finished, 'a cancelled order');
    },

    /** Resolves when every fill started so far has finished (tests wait on this). */
    async idle() {
      await chains.idle();
    },

    restingCount: () => orders.count(),

    watchedPositionCount: () => positions.count(),

    async stop() {
      isRunning = false;
      for (const stopOne of stopListening) stopOne();
      stopListening = [];
      positions.clear();
      for (const unsubscribe of unsubscribes.values()) unsubscribe();
      unsubscribes.clear();
      orders.clear();
      await chains.idle();
    },
  };
}
export type ExecutionEngine = ReturnType<typeof createExecutionEngine>;
