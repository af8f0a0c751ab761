import type { EventBus } from '../../platform/bus/index.ts';
import type { Principal } from '../../platform/http/index.ts';

/** Announced after the commit of anything that ends a user's sessions or freezes the user. */
export const SESSIONS_ENDED_TOPIC = 'auth:sessions-ended';

/** A live session as the database answered it: who, and until when it may be used without asking again. */
export type CheckedSession = { principal: Principal; userId: number; expiresAtMs: number; idleDeadlineMs: number };

type Entry = CheckedSession & { checkedAtMs: number };

export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * The live sessions this process has checked recently, so that an authenticated request needs no
 * database round trip (ADR 0006). A session that ends is still refused at once, on every process:
 * - whatever ends a user's sessions or freezes the user (logout, a password change or reset, an
 *   operator's revocation or login freeze) calls `sessionsEnded` after its commit, which drops the
 *   user's entries here at once and announces the user on the bus, so every other process drops them too;
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
    const userId = Number((payload as { userId?: unknown })?.userId);
    if (Number.isFinite(userId)) dropUser(userId);
    else dropAll();
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
        if (entry && moment < entry.expiresAtMs && moment < entry.idleDeadlineMs && moment - entry.checkedAtMs < revalidateMs) {
          return entry.principal;
        }
      }
      const startedAt = generation;
      const session = await check();
      if (!session) {
        entries.delete(tokenHash);
        return undefined;
      }
      if (isUsable && startedAt === generation && bus.isConnected()) {
        if (entries.size >= maxEntries) dropAll();
        entries.set(tokenHash, { ...session, checkedAtMs: now() });
        const tokens = tokensByUser.get(session.userId) ?? new Set<string>();
        tokens.add(tokenHash);
        tokensByUser.set(session.userId, tokens);
      }
      return session.principal;
    },

    /**
     * Call after the commit of anything that ends sessions of `userId` or freezes the user: this process
     * refuses them at once, the others when the bus brings the announcement (awaited: sent to Redis).
     */
    async sessionsEnded(userId: number): Promise<void> {
      dropUser(userId);
      await bus.publish(SESSIONS_ENDED_TOPIC, { userId });
    },

    /** How many sessions are cached (tests). */
    size: () => entries.size,

    close() {
      stopListening();
      stopWatching();
      dropAll();
    },
  };
}
