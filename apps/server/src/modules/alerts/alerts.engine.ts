import { randomUUID } from 'node:crypto';
import type { QuoteTick } from '@bolsa/contracts';
import type { EventBus } from '../../platform/bus/index.ts';
import { type ArmedAlert, createAlertIndex } from './alerts.index.ts';

const ARMED_TOPIC = 'alerts:armed';
const REMOVED_TOPIC = 'alerts:removed';

/** A quote older than this when it arrives (a repeated last quote, a late keyframe) is stale: it fires nothing. */
export const STALE_QUOTE_MS = 30_000;

/** Waits until a promise chain that may grow while it is awaited stops growing. */
async function settled(current: () => Promise<unknown>) {
  let seen: Promise<unknown> | undefined;
  while (seen !== current()) {
    seen = current();
    await seen;
  }
}

type Logger = { error(object: object, message: string): void };
type Announcement = { origin: string; payload: unknown };

/** The quotes the engine follows: the market feed, or quotes a test scripts. */
export type AlertQuoteSource = {
  latest(code: string): QuoteTick | undefined;
  subscribe(code: string, handler: (tick: QuoteTick) => void): () => void;
};

/** What the engine asks of the service: the armed alerts at start, and the guarded firing. */
export type AlertFiring = {
  armedAlerts(): Promise<ArmedAlert[]>;
  /** Fires those still armed (one guarded update) and answers their ids; the others were fired or deleted elsewhere. */
  fire(alerts: readonly ArmedAlert[], tick: QuoteTick): Promise<number[]>;
};

/**
 * Whether a quote may fire alerts: in session, no older than `STALE_QUOTE_MS` by the market's clock,
 * and not older than the newest quote this process has already seen of that instrument (a quote that
 * arrives late, e.g. over a reconnecting bus, is history, not the price).
 */
export function isFresh(tick: QuoteTick, nowMs: number, newestSeenMs: number | undefined) {
  if (tick.marketStatus !== 'open') return false;
  if (nowMs - tick.timestamp > STALE_QUOTE_MS) return false;
  return newestSeenMs === undefined || tick.timestamp >= newestSeenMs;
}

/** How engines tell each other of alerts armed and removed; each skips its own announcements coming back. */
function createAnnouncements(bus: EventBus, logger: Logger) {
  const origin = randomUUID();
  return {
    announce(topic: string, payload: unknown) {
      bus
        .publish(topic, { origin, payload } satisfies Announcement)
        .catch((error: unknown) => logger.error({ err: error }, 'alerts: could not announce a change'));
    },
    onAnnounced(topic: string, handler: (payload: unknown) => void) {
      return bus.subscribe(topic, (message) => {
        const announcement = message as Announcement;
        if (announcement.origin !== origin) handler(announcement.payload);
      });
    },
  };
}

/**
 * The alert engine of one process (issue 17 §4), shaped like trading's execution engine: an in-memory
 * index per instrument, rebuilt from the database at start and told of changes (by this process directly,
 * by the others over the bus). Each fresh quote of an instrument with armed alerts takes from the index the
 * alerts it meets (sorted levels: a quote looks only at what it crosses) and fires them through the
 * service's guarded update, so each fires once whichever process sees the quote first.
 */
export function createAlertEngine(dependencies: {
  firing: AlertFiring;
  quotes: AlertQuoteSource;
  bus: EventBus;
  logger: Logger;
  now: () => number;
}) {
  const { firing, quotes, bus, logger, now } = dependencies;
  const index = createAlertIndex();
  const unsubscribes = new Map<string, () => void>();
  const newestSeen = new Map<string, number>();
  let stopListening: Array<() => void> = [];
  let isRunning = false;
  /** Firings run one after another: `idle` (tests, shutdown) waits for the last. */
  let chain: Promise<unknown> = Promise.resolve();

  const { announce, onAnnounced } = createAnnouncements(bus, logger);
  function releaseIfUnused(code: string) {
    if (index.countIn(code) > 0) return;
    unsubscribes.get(code)?.();
    unsubscribes.delete(code);
    newestSeen.delete(code);
  }

  function fireLater(alerts: ArmedAlert[], tick: QuoteTick) {
    chain = chain.then(async () => {
      try {
        const fired = new Set(await firing.fire(alerts, tick));
        for (const alert of alerts) if (fired.has(alert.id)) announce(REMOVED_TOPIC, { id: alert.id });
      } catch (error) {
        // Nothing was written: the alerts wait for the next quote that meets them.
        logger.error({ err: error, alertIds: alerts.map((alert) => alert.id) }, 'alerts: firing failed; the alerts stay armed');
        for (const alert of alerts) track(alert, false);
      }
    });
  }

  function onTick(tick: QuoteTick) {
    if (!isFresh(tick, now(), newestSeen.get(tick.code))) return;
    newestSeen.set(tick.code, tick.timestamp);
    const met = index.take(tick.code, tick.price, tick.changeRatio);
    if (met.length === 0) return;
    fireLater(met, tick);
    releaseIfUnused(tick.code);
  }

  function ensureSubscribed(code: string) {
    if (!unsubscribes.has(code)) unsubscribes.set(code, quotes.subscribe(code, onTick));
  }

  /** Indexes an armed alert and, unless told not to, checks it against the latest quote at once. */
  function track(alert: ArmedAlert, isCheckedNow = true) {
    if (!isRunning || !index.add(alert)) return;
    ensureSubscribed(alert.code);
    if (!isCheckedNow) return;
    const latest = quotes.latest(alert.code);
    if (latest) onTick(latest);
  }

  function forget(id: number, code?: string) {
    if (!index.remove(id)) return;
    if (code) releaseIfUnused(code);
  }

  return {
    async start() {
      isRunning = true;
      stopListening = [
        onAnnounced(ARMED_TOPIC, (payload) => track(payload as ArmedAlert)),
        onAnnounced(REMOVED_TOPIC, (payload) => {
          const { id, code } = payload as { id: number; code?: string };
          forget(id, code);
        }),
      ];
      index.addAll(await firing.armedAlerts());
      for (const code of [...index.codes()]) {
        ensureSubscribed(code);
        const latest = quotes.latest(code);
        if (latest) onTick(latest);
      }
    },

    /** An alert armed on this process: index it here and tell the other processes. */
    armed(alert: ArmedAlert) {
      track(alert);
      announce(ARMED_TOPIC, alert);
    },

    /** An alert deleted on this process: forget it here and tell the other processes. */
    removed(alert: Pick<ArmedAlert, 'id' | 'code'>) {
      forget(alert.id, alert.code);
      announce(REMOVED_TOPIC, { id: alert.id, code: alert.code });
    },

    /** Resolves once every firing started so far has finished. */
    idle: () => settled(() => chain),

    armedCount: () => index.count(),

    async stop() {
      isRunning = false;
      for (const stopOne of stopListening) stopOne();
      stopListening = [];
      for (const unsubscribe of unsubscribes.values()) unsubscribe();
      unsubscribes.clear();
      index.clear();
      await chain;
    },
  };
}
export type AlertEngine = ReturnType<typeof createAlertEngine>;
