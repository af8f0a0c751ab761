import { randomUUID } from 'node:crypto';
import type { EventBus } from '../../platform/bus/index.ts';
import type { Principal } from '../../platform/http/index.ts';

/** Announced after the commit of anything that ends a user's sessions or freezes the user. */
export const SESSIONS_ENDED_TOPIC = 'auth:sessions-ended';
/** Announced, and confirmed by every process, before the commit of anything that ends a user's sessions. */
const SESSIONS_ENDING_TOPIC = 'auth:sessions-ending';
/** How long an ending whose end was never announced (its transaction rolled back) keeps its user uncached. */
const ENDING_TTL_MS = 10_000;

/** A live session as the database answered it: who, and until when it may be used without asking again. */
export type CheckedSession = { principal: Principal; userId: number; expiresAtMs: number; idleDeadlineMs: number };

type Entry = CheckedSession & { checkedAtMs: number };

export type SessionCache = ReturnType<typeof createSessionCache>;

/** The users whose sessions are ending (announced, not yet committed): by ending, until when it counts. */
function createEndings(now: () => number) {
  const byUser = new Map<number, Map<string, number>>();
  return {
    open(userId: number, endingId: string) {
      const endings = byUser.get(userId) ?? new Map<string, number>();
      endings.set(endingId, now() + ENDING_TTL_MS);
      byUser.set(userId, endings);
    },
    close(userId: number, endingId: string) {
      byUser.get(userId)?.delete(endingId);
    },
    isUnderWay(userId: number): boolean {
      const endings = byUser.get(userId);
      if (!endings) return false;
      const moment = now();
      for (const [endingId, untilMs] of endings) if (untilMs <= moment) endings.delete(endingId);
      if (endings.size === 0) byUser.delete(userId);
      return endings.size > 0;
    },
  };
}

/**
 * The live sessions this process has checked recently, so that an authenticated request needs no
 * database round trip (ADR 0006). A session that ends is refused by every process for any request that
 * starts after the ending commits, the other processes included (issue 16 §8):
 * - whatever ends a user's sessions or freezes the user (logout, a password change or reset, an
 *   operator's revocation or login freeze) first calls `sessionsEnding` before its commit: every process
 *   drops the user's entries and stops caching the user, and confirms it on the bus before the ending
 *   goes on to commit, so from the commit on every process asks the database for that user;
 * - after its commit it calls `sessionsEnded`, which drops the user's entries again (a check that read the
 *   row before the commit) and lets every process cache the user again;
 * - a database check that was under way when such an announcement arrived is answered but not kept;
 * - an entry is used only until its session's absolute expiry and inactivity limit, and is checked
 *   against the database again after `revalidateMs` (which also moves the session's last use there);
 * - while the bus may be missing events (its Redis connection is down) nothing is cached or used, and
 *   whatever was cached is dropped: an announcement published meanwhile is lost to this process.
 * The cache is only on where every process that can end a session shares the bus: embedded PGlite (one
 * process) or with Redis. PostgreSQL without Redis may be several processes that cannot tell each other,
 * so there every request asks the database, as before.
 */
export function createSessionCache(options: {
  bus: EventBus;
  isEnabled: boolean;
  revalidateMs?: number;
  maxEntries?: number;
  now?: () => number;
}) {
  const { bus } = options;
  const revalidateMs = options.revalidateMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? (() => Date.now());
  const entries = new Map<string, Entry>();
  const tokensByUser = new Map<number, Set<string>>();
  /** Moves on with every drop: a database answer that started before a drop is not kept. */
  let generation = 0;
  const endings = createEndings(now);

  function dropUser(userId: number) {
    generation += 1;
    for (const tokenHash of tokensByUser.get(userId) ?? []) entries.delete(tokenHash);
    tokensByUser.delete(userId);
  }

  function dropAll() {
    generation += 1;
    entries.clear();
    tokensByUser.clear();
  }

  const stopListening = bus.subscribe(SESSIONS_ENDED_TOPIC, (payload) => {
    const { userId, endingId } = (payload ?? {}) as { userId?: unknown; endingId?: unknown };
    if (typeof endingId === 'string') endings.close(Number(userId), endingId);
    if (Number.isFinite(Number(userId))) dropUser(Number(userId));
    else dropAll();
  });
  const stopListeningToEndings = bus.subscribe(SESSIONS_ENDING_TOPIC, (payload) => {
    const { userId, endingId } = (payload ?? {}) as { userId?: unknown; endingId?: unknown };
    if (Number.isFinite(Number(userId)) && typeof endingId === 'string') {
      endings.open(Number(userId), endingId);
      dropUser(Number(userId));
    } else dropAll();
  });
  const stopWatching = bus.onDisconnect(dropAll);

  return {
    /**
     * The principal of a token, from the cache while it may be trusted, else from `check` (the database),
     * whose live answer is kept unless something ended sessions while it ran.
     */
    async authenticate(tokenHash: string, check: () => Promise<CheckedSession | undefined>): Promise<Principal | undefined> {
      const isUsable = options.isEnabled && bus.isConnected();
      if (isUsable) {
        const entry = entries.get(tokenHash);
        const moment = now();
        if (
          entry &&
          moment < entry.expiresAtMs &&
          moment < entry.idleDeadlineMs &&
          moment - entry.checkedAtMs < revalidateMs &&
          !endings.isUnderWay(entry.userId)
        ) {
          return entry.principal;
        }
      }
      const startedAt = generation;
      const session = await check();
      if (!session) {
        entries.delete(tokenHash);
        return undefined;
      }
      if (isUsable && startedAt === generation && bus.isConnected() && !endings.isUnderWay(session.userId)) {
        if (entries.size >= maxEntries) dropAll();
        entries.set(tokenHash, { ...session, checkedAtMs: now() });
        const tokens = tokensByUser.get(session.userId) ?? new Set<string>();
        tokens.add(tokenHash);
        tokensByUser.set(session.userId, tokens);
      }
      return session.principal;
    },

    /**
     * Call before the commit of anything that ends sessions of `userId` or freezes the user, and pass what
     * it answers to `sessionsEnded` after the commit. Resolves once every process has dropped the user's
     * sessions and stopped caching the user (or after 2 s without every confirmation: a process that
     * cannot answer is not serving either, and one whose bus is down caches nothing).
     */
    async sessionsEnding(userId: number): Promise<string> {
      const endingId = randomUUID();
      endings.open(userId, endingId);
      dropUser(userId);
      await bus.publishConfirmed(SESSIONS_ENDING_TOPIC, { userId, endingId }).catch(() => false);
      return endingId;
    },

    /**
     * Call after the commit of anything that ends sessions of `userId` or freezes the user: this process
     * drops them at once, the others when the bus brings the announcement (awaited: sent to Redis); those
     * were already asking the database since `sessionsEnding`, whose `endingId` this closes.
     */
    async sessionsEnded(userId: number, endingId?: string): Promise<void> {
      if (endingId !== undefined) endings.close(userId, endingId);
      dropUser(userId);
      await bus.publish(SESSIONS_ENDED_TOPIC, { userId, ...(endingId === undefined ? {} : { endingId }) });
    },

    /** How many sessions are cached (tests). */
    size: () => entries.size,

    close() {
      stopListening();
      stopListeningToEndings();
      stopWatching();
      dropAll();
    },
  };
}
