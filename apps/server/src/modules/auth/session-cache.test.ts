import { describe, expect, it } from 'vitest';
import { createInProcessBus, type EventBus } from '../../platform/bus/index.ts';
import { type CheckedSession, createSessionCache } from './session-cache.ts';

/**
 * The database as the cache sees it: one token's session, live or ended, and how often it was asked.
 * Two caches on one bus stand for two server processes on one database and one Redis.
 */
function fakeDatabase(now: () => number) {
  const state = { isLive: true, expiresAtMs: now() + 3_600_000, lastSeenAtMs: now(), checks: 0 };
  const check = async (): Promise<CheckedSession | undefined> => {
    state.checks += 1;
    // The row is read now; the answer arrives a moment later, as over a connection.
    const isLive = state.isLive && now() < state.expiresAtMs;
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (!isLive) return undefined;
    return {
      principal: { userId: '7', sessionId: '70' },
      userId: 7,
      expiresAtMs: state.expiresAtMs,
      idleDeadlineMs: state.lastSeenAtMs + 600_000,
    };
  };
  return { state, check };
}

function twoProcesses(bus: EventBus, now: () => number) {
  return {
    first: createSessionCache({ bus, isEnabled: true, now }),
    second: createSessionCache({ bus, isEnabled: true, now }),
  };
}

describe('the session cache', () => {
  it('answers a session checked a moment ago without asking the database again', async () => {
    const clock = { now: 1_000_000 };
    const now = () => clock.now;
    const database = fakeDatabase(now);
    const cache = createSessionCache({ bus: createInProcessBus(), isEnabled: true, now });
    expect(await cache.authenticate('token-hash', database.check)).toEqual({ userId: '7', sessionId: '70' });
    expect(await cache.authenticate('token-hash', database.check)).toEqual({ userId: '7', sessionId: '70' });
    expect(database.state.checks).toBe(1);
    // After the revalidation interval the database is asked again (which also records the use there).
    clock.now += 30_000;
    await cache.authenticate('token-hash', database.check);
    expect(database.state.checks).toBe(2);
  });

  it('refuses a session ended on another process at once, as soon as the ending has been announced', async () => {
    const now = () => 1_000_000;
    const bus = createInProcessBus();
    const database = fakeDatabase(now);
    const { first, second } = twoProcesses(bus, now);
    expect(await second.authenticate('token-hash', database.check)).toBeDefined();
    expect(await first.authenticate('token-hash', database.check)).toBeDefined();
    // The first process logs the user out: the database row is revoked, then the ending is announced.
    database.state.isLive = false;
    await first.sessionsEnded(7);
    expect(await first.authenticate('token-hash', database.check)).toBeUndefined();
    expect(await second.authenticate('token-hash', database.check)).toBeUndefined();
  });

  it('does not keep an answer the database gave while an ending was being announced', async () => {
    const now = () => 1_000_000;
    const bus = createInProcessBus();
    const database = fakeDatabase(now);
    const { first, second } = twoProcesses(bus, now);
    // The second process asks the database; before the (still live) answer arrives, the session ends.
    const racing = second.authenticate('token-hash', database.check);
    database.state.isLive = false;
    await first.sessionsEnded(7);
    expect(await racing).toBeDefined();
    expect(await second.authenticate('token-hash', database.check)).toBeUndefined();
  });

  /** A bus whose plain announcements take 20 ms to reach the other process, as Redis does on a loaded machine. */
  function slowBus(): EventBus {
    const inner = createInProcessBus();
    const travel = () => new Promise((resolve) => setTimeout(resolve, 20));
    return {
      ...inner,
      async publish(topic, payload) {
        void travel().then(() => inner.publish(topic, payload));
      },
      async publishConfirmed(topic, payload) {
        await travel();
        return inner.publishConfirmed(topic, payload);
      },
    };
  }

  it('refuses a session on another process from the commit of its ending on, before the ending is announced there', async () => {
    const now = () => 1_000_000;
    const database = fakeDatabase(now);
    const { first, second } = twoProcesses(slowBus(), now);
    expect(await second.authenticate('token-hash', database.check)).toBeDefined();
    expect(await second.authenticate('token-hash', database.check)).toBeDefined();
    expect(database.state.checks).toBe(1);
    // The first process freezes the user: every process confirms the coming ending, then the row commits.
    const ending = await first.sessionsEnding(7);
    database.state.isLive = false;
    const announced = first.sessionsEnded(7, ending);
    // The announcement of the end is still on its way: the second process asks the database anyway.
    expect(await second.authenticate('token-hash', database.check)).toBeUndefined();
    await announced;
  });

  it('caches nobody whose ending is under way, and caches again once it is announced or forgotten', async () => {
    const clock = { now: 1_000_000 };
    const now = () => clock.now;
    const database = fakeDatabase(now);
    const { first, second } = twoProcesses(createInProcessBus(), now);
    const ending = await first.sessionsEnding(7);
    // The transaction has not committed yet: the session is live, but no process keeps it.
    expect(await second.authenticate('token-hash', database.check)).toBeDefined();
    expect(await second.authenticate('token-hash', database.check)).toBeDefined();
    expect(database.state.checks).toBe(2);
    expect(second.size()).toBe(0);
    // The ending rolled back (nothing was revoked); its end is announced all the same.
    await first.sessionsEnded(7, ending);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await second.authenticate('token-hash', database.check);
    expect(second.size()).toBe(1);
    // An ending whose end is never announced stops holding the user back after 10 s.
    await first.sessionsEnding(7);
    expect(second.size()).toBe(0);
    await second.authenticate('token-hash', database.check);
    expect(second.size()).toBe(0);
    clock.now += 10_001;
    await second.authenticate('token-hash', database.check);
    expect(second.size()).toBe(1);
  });

  it('stops at the absolute expiry without asking the database', async () => {
    const clock = { now: 1_000_000 };
    const now = () => clock.now;
    const database = fakeDatabase(now);
    database.state.expiresAtMs = clock.now + 5_000;
    const cache = createSessionCache({ bus: createInProcessBus(), isEnabled: true, now });
    expect(await cache.authenticate('token-hash', database.check)).toBeDefined();
    clock.now += 5_000;
    expect(await cache.authenticate('token-hash', database.check)).toBeUndefined();
  });

  it('asks the database every time while the bus may be missing events, and forgets what it had', async () => {
    const now = () => 1_000_000;
    const inner = createInProcessBus();
    let isConnected = true;
    let disconnected: () => void = () => undefined;
    const bus: EventBus = {
      ...inner,
      isConnected: () => isConnected,
      onDisconnect: (handler) => {
        disconnected = handler;
        return () => undefined;
      },
    };
    const database = fakeDatabase(now);
    const cache = createSessionCache({ bus, isEnabled: true, now });
    await cache.authenticate('token-hash', database.check);
    expect(cache.size()).toBe(1);
    isConnected = false;
    disconnected();
    expect(cache.size()).toBe(0);
    await cache.authenticate('token-hash', database.check);
    await cache.authenticate('token-hash', database.check);
    expect(database.state.checks).toBe(3);
    expect(cache.size()).toBe(0);
  });

  it('asks the database every time when it is off (PostgreSQL without Redis: processes that cannot tell each other)', async () => {
    const now = () => 1_000_000;
    const database = fakeDatabase(now);
    const cache = createSessionCache({ bus: createInProcessBus(), isEnabled: false, now });
    await cache.authenticate('token-hash', database.check);
    await cache.authenticate('token-hash', database.check);
    expect(database.state.checks).toBe(2);
  });
});
