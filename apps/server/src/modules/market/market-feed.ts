import type { QuoteTick } from '@bolsa/contracts';
import pg from 'pg';
import type { EventBus } from '../../platform/bus/index.ts';
import type { Database } from '../../platform/db/index.ts';
import { type ClockMode, calendars, tradingDateOf } from './calendars.ts';
import { historyOf } from './fair-value.ts';
import type { CandleRow, DayState, MarketFeed, TradeSource } from './feed-types.ts';
import type { Catalog, Instrument } from './instruments.ts';
import * as repository from './market.repository.ts';
import { createQuoteBook } from './quote-book.ts';
import type { HistoryState } from './simulator.ts';

/** The bus topic of quotes: one message per round with every quote that changed (or all, every few rounds). */
export const QUOTES_TOPIC = 'market:quotes';
export type QuotesMessage = { ticks: QuoteTick[]; isKeyframe: boolean };

type Logger = { info(object: object, message: string): void; error(object: object, message: string): void };

/**
 * Who produces prices. With PostgreSQL, the process that holds a session advisory lock on a
 * connection of its own; if that process dies its connection closes, the lock is freed and another
 * process takes over within a few seconds. The embedded database serves one process only, which
 * is therefore always the leader.
 */
export type Leadership = { acquire(onLeader: () => void): void; release(): Promise<void> };

const FEED_LOCK = 7_311_002;

export function createLeadership(databaseUrl: string | undefined, logger: Logger, retryMs = 3_000): Leadership {
  if (!databaseUrl) {
    return {
      acquire(onLeader) {
        onLeader();
      },
      async release() {},
    };
  }
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let isReleased = false;
  const tryOnce = async (onLeader: () => void) => {
    if (isReleased) return;
    const candidate = new pg.Client({ connectionString: databaseUrl });
    candidate.on('error', () => undefined);
    try {
      await candidate.connect();
      const result = await candidate.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [FEED_LOCK]);
      if (result.rows[0]?.locked && !isReleased) {
        client = candidate;
        logger.info({}, 'market feed: this process produces the prices');
        onLeader();
        return;
      }
    } catch (error) {
      logger.error({ err: error }, 'market feed: leader lock attempt failed');
    }
    await candidate.end().catch(() => undefined);
    if (!isReleased) {
      timer = setTimeout(() => void tryOnce(onLeader), retryMs);
      timer.unref();
    }
  };
  return {
    acquire(onLeader) {
      void tryOnce(onLeader);
    },
    async release() {
      isReleased = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}

export type FeedOptions = {
  catalog: Catalog;
  db: Database;
  bus: EventBus;
  clock: ClockMode;
  seed: number;
  tickMs: number;
  source: TradeSource;
  leadership: Leadership;
  logger: Logger;
  now?: () => number;
  /** How often finished and running candles are written; 10 s by default. */
  flushMs?: number;
  /** Every this many rounds every quote is sent, so other processes learn quotes that do not move. */
  keyframeEveryRounds?: number;
};

export type FeedEngine = MarketFeed & {
  start(): Promise<void>;
  stop(): Promise<void>;
  isLeader(): boolean;
  /** Makes sure an instrument's history is stored (moving it to the front of the backfill). */
  ensureHistory(code: string): Promise<void>;
  /** Whether an instrument's history is stored (nothing of it waits in the backfill). */
  isHistoryStored(code: string): boolean;
  /** Resolves when every instrument's history is stored. */
  historyStored(): Promise<void>;
  /**
   * Starts quoting instruments added to the catalog after the feed started (futures contracts
   * listed as the front ones roll): priced near their product's current price, their history
   * backfilled like every other instrument's. Only the leader produces; others just follow the bus.
   */
  addInstruments(instruments: readonly Instrument[]): Promise<void>;
  /** One production round now (tests drive the feed with this instead of timers). */
  runRound(): Promise<void>;
  flush(): Promise<void>;
  sourceName: string;
};

function dayFromStored(end: repository.StoredHistoryEnd): DayState | null {
  const [latest, previous] = end.days;
  if (!latest) return null;
  return {
    date: new Date(latest.dayMs).toISOString().slice(0, 10),
    open: Number(latest.open),
    high: Number(latest.high),
    low: Number(latest.low),
    close: Number(latest.close),
    volume: Number(latest.volume),
    prevClose: Number(previous?.close ?? latest.open),
  };
}

function stateFromStored(end: repository.StoredHistoryEnd | undefined): HistoryState | null {
  if (!end || end.minuteMs === null || end.minuteClose === null) return null;
  return { time: end.minuteMs + 60_000, price: Number(end.minuteClose), day: dayFromStored(end) };
}

/** The codes of some instruments and of the underlyings their futures are priced from. */
function codesWithUnderlyings(instruments: readonly Instrument[]): string[] {
  return [
    ...new Set(instruments.flatMap((instrument) => [instrument.code, ...(instrument.underlying ? [instrument.underlying.code] : [])])),
  ];
}

type Deferred = { promise: Promise<void>; resolve(): void; reject(error: unknown): void };
function deferred(): Deferred {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/**
 * The market feed of one process. Every process follows the quotes on the bus (its snapshot and
 * its push clients come from there); the leader also produces them: it starts each instrument
 * where its stored history ends (extending that history to now), runs the trade source every
 * `tickMs`, publishes the changed quotes, and writes candles. Missing history is written in the
 * background, one instrument per transaction, so a first start serves at once.
 */
export function createFeedEngine(options: FeedOptions): FeedEngine {
  const { catalog, db, bus, clock, seed, source, leadership, logger } = options;
  const now = options.now ?? Date.now;
  const flushMs = options.flushMs ?? 10_000;
  const keyframeEveryRounds = options.keyframeEveryRounds ?? 10;
  const book = createQuoteBook({ clock, seed });
  const snapshots = new Map<string, QuoteTick>();
  const handlers = new Map<string, Set<(tick: QuoteTick) => void>>();
  const roundListeners = new Set<(ticks: readonly QuoteTick[]) => void>();
  const readiness = deferred();
  let isReadyFlag = false;
  let isLeaderFlag = false;
  let isStopped = false;
  let rounds = 0;
  let roundTimer: NodeJS.Timeout | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  let unsubscribeBus: (() => void) | undefined;
  let isRoundRunning = false;
  let leaderStart: Promise<void> | undefined;

  type Backfill = { instrument: Instrument; from: HistoryState | null; underlyingFrom: HistoryState | null; endMs: number; done: Deferred };
  const backfillQueue: Backfill[] = [];
  const backfillByCode = new Map<string, Backfill>();
  let backfillRunning: Promise<void> | undefined;
  let allStored = deferred();
  /** Instruments in the book, so a contract listed while the leader starts is not added twice. */
  const quoted = new Set<string>();

  function dispatch(tick: QuoteTick) {
    for (const handler of handlers.get(tick.code) ?? []) handler(tick);
  }

  function onQuotes(payload: unknown) {
    const message = payload as QuotesMessage;
    const dispatched: QuoteTick[] = [];
    for (const tick of message.ticks) {
      const previous = snapshots.get(tick.code);
      snapshots.set(tick.code, tick);
      if (!previous || tick.timestamp > previous.timestamp || tick.marketStatus !== previous.marketStatus) {
        dispatch(tick);
        dispatched.push(tick);
      }
    }
    if (dispatched.length > 0) for (const listener of roundListeners) listener(dispatched);
    if (!isReadyFlag && message.isKeyframe) {
      isReadyFlag = true;
      readiness.resolve();
    }
  }

  async function publish(isKeyframe: boolean) {
    const ticks = book.takeTicks(isKeyframe);
    if (ticks.length > 0 || isKeyframe) await bus.publish(QUOTES_TOPIC, { ticks, isKeyframe } satisfies QuotesMessage);
  }

  async function runRound() {
    if (!isLeaderFlag || isRoundRunning || isStopped) return;
    isRoundRunning = true;
    try {
      const moment = now();
      for (const trade of source.next(moment, book.activityOf)) book.apply(trade);
      book.refreshStatuses(moment);
      rounds += 1;
      await publish(rounds % keyframeEveryRounds === 0);
    } finally {
      isRoundRunning = false;
    }
  }

  async function flush() {
    if (!isLeaderFlag) return;
    const rows = book.takeCandles();
    if (rows.length > 0) await repository.writeCandles(db, rows, 'update');
  }

  async function runBackfill() {
    const startedAt = Date.now();
    let stored = 0;
    while (backfillQueue.length > 0 && !isStopped) {
      const item = backfillQueue.shift() as Backfill;
      try {
        const history = historyOf(item.instrument, seed, item.from, item.endMs, true, item.underlyingFrom);
        const rows: CandleRow[] = [...history.daily, ...history.minutes];
        await db.transaction(async (tx) => repository.writeCandles(tx, rows, 'keep'));
        stored += rows.length;
        item.done.resolve();
      } catch (error) {
        logger.error({ err: error, code: item.instrument.code }, 'market history backfill failed');
        item.done.reject(error);
      } finally {
        backfillByCode.delete(item.instrument.code);
      }
    }
    if (backfillQueue.length === 0) {
      logger.info({ candles: stored, ms: Date.now() - startedAt }, 'market history stored');
      allStored.resolve();
    }
  }

  function startBackfill() {
    if (!backfillRunning) {
      backfillRunning = runBackfill().finally(() => {
        backfillRunning = undefined;
      });
    }
  }

  /** Puts an instrument in the book where its stored history ends, queueing what history is missing. */
  function startQuoting(instrument: Instrument, ends: Map<string, repository.StoredHistoryEnd>, startedAt: number) {
    quoted.add(instrument.code);
    const from = stateFromStored(ends.get(instrument.code));
    const underlyingFrom = instrument.underlying ? stateFromStored(ends.get(instrument.underlying.code)) : null;
    const { state } = historyOf(instrument, seed, from, startedAt, false, underlyingFrom);
    if (!from || state.time > from.time) {
      const item: Backfill = { instrument, from, underlyingFrom, endMs: startedAt, done: deferred() };
      backfillQueue.push(item);
      backfillByCode.set(instrument.code, item);
    }
    const date = tradingDateOf(calendars[instrument.calendar], startedAt);
    const day = state.day ?? {
      date,
      open: state.price,
      high: state.price,
      low: state.price,
      close: state.price,
      volume: 0,
      prevClose: state.price,
    };
    book.add(instrument, state.price, day, startedAt);
    source.start(instrument, state.price, book.activityOf(instrument, startedAt) > 0);
  }

  async function becomeLeader() {
    const startedAt = now();
    const ends = await repository.storedHistoryEnds(db, codesWithUnderlyings(catalog.instruments));
    // The live array: a contract listed while this runs is picked up too (its stored end unknown, so
    // its history is regenerated and written with 'keep', leaving stored candles as they are).
    for (const [index, instrument] of catalog.instruments.entries()) {
      // Extending a year of history is CPU work: let requests in between instruments.
      if (index % 16 === 15) await new Promise((resolve) => setImmediate(resolve));
      if (!quoted.has(instrument.code)) startQuoting(instrument, ends, startedAt);
    }
    if (isStopped) return;
    isLeaderFlag = true;
    logger.info(
      { instruments: catalog.instruments.length, toBackfill: backfillQueue.length, ms: now() - startedAt, source: source.name },
      'market feed started',
    );
    if (backfillQueue.length === 0) allStored.resolve();
    else startBackfill();
    await publish(true);
    if (options.tickMs > 0) {
      roundTimer = setInterval(
        () => void runRound().catch((error: unknown) => logger.error({ err: error }, 'market round failed')),
        options.tickMs,
      );
      roundTimer.unref();
      flushTimer = setInterval(() => void flush().catch((error: unknown) => logger.error({ err: error }, 'candle flush failed')), flushMs);
      flushTimer.unref();
    }
  }

  return {
    sourceName: source.name,
    origin: source.origin,
    async start() {
      unsubscribeBus = bus.subscribe(QUOTES_TOPIC, onQuotes);
      allStored = deferred();
      leadership.acquire(() => {
        leaderStart = becomeLeader().catch((error: unknown) => {
          logger.error({ err: error }, 'market feed could not start');
        });
      });
    },
    async stop() {
      isStopped = true;
      if (roundTimer) clearInterval(roundTimer);
      if (flushTimer) clearInterval(flushTimer);
      await leaderStart;
      await backfillRunning;
      await flush().catch((error: unknown) => logger.error({ err: error }, 'final candle flush failed'));
      isLeaderFlag = false;
      unsubscribeBus?.();
      await leadership.release();
    },
    ready: () => readiness.promise,
    isReady: () => isReadyFlag,
    isLeader: () => isLeaderFlag,
    latest: (code) => snapshots.get(code),
    subscribe(code, handler) {
      let set = handlers.get(code);
      if (!set) {
        set = new Set();
        handlers.set(code, set);
      }
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(code);
      };
    },
    subscribeRounds(listener) {
      roundListeners.add(listener);
      return () => {
        roundListeners.delete(listener);
      };
    },
    history: (code, interval, fromMs, toMs) => repository.readCandles(db, code, interval, fromMs, toMs),
    async ensureHistory(code) {
      const item = backfillByCode.get(code);
      if (!item) return;
      const index = backfillQueue.indexOf(item);
      if (index > 0) {
        backfillQueue.splice(index, 1);
        backfillQueue.unshift(item);
      }
      await item.done.promise;
    },
    isHistoryStored: (code) => !backfillByCode.has(code),
    historyStored: () => allStored.promise,
    async addInstruments(instruments) {
      if (!isLeaderFlag || isStopped) return;
      const fresh = instruments.filter((instrument) => !quoted.has(instrument.code));
      if (fresh.length === 0) return;
      const startedAt = now();
      const ends = await repository.storedHistoryEnds(db, codesWithUnderlyings(fresh));
      for (const instrument of fresh) {
        if (quoted.has(instrument.code)) continue;
        // A deferred month trades near the front one: its simulated walk reverts to the product's price now.
        const sibling = instrument.root
          ? catalog.instruments.find((other) => other.root === instrument.root && other !== instrument && snapshots.has(other.code))
          : undefined;
        const siblingPrice = sibling ? Number(snapshots.get(sibling.code)?.price) : Number.NaN;
        if (Number.isFinite(siblingPrice) && siblingPrice > 0) instrument.referencePrice = siblingPrice;
        startQuoting(instrument, ends, startedAt);
      }
      if (backfillQueue.length > 0) {
        if (!backfillRunning) allStored = deferred();
        startBackfill();
      }
      await publish(true);
    },
    runRound,
    flush,
  };
}
