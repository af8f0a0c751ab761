import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { EventBus, EventHandler } from './event-bus.ts';

const CONFIRM_KEY = '__confirmTo';
const CONFIRM_PREFIX = `{"${CONFIRM_KEY}":`;
type ConfirmedMessage = { [CONFIRM_KEY]: string; payload: unknown };

/**
 * The bus across server processes: every publish goes through Redis pub/sub, and each process
 * delivers what it receives to its own subscribers, so a client on any process sees every event.
 */
export async function createRedisBus(url: string): Promise<EventBus> {
  // Publishes made in the same turn of the event loop (an order's three announcements, a quote round's
  // events) go to Redis in one write instead of one each.
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const handlers = new Map<string, Set<EventHandler>>();
  const disconnectHandlers = new Set<() => void>();
  subscriber.on('close', () => {
    for (const handler of disconnectHandlers) handler();
  });

  /** The confirmations awaited by `publishConfirmed`, by the channel each is answered on. */
  const confirmations = new Map<string, () => void>();

  subscriber.on('message', (topic: string, message: string) => {
    const confirmed = confirmations.get(topic);
    if (confirmed) return confirmed();
    const set = handlers.get(topic);
    if (!set) return;
    const parsed: unknown = JSON.parse(message);
    const isConfirmed = message.startsWith(CONFIRM_PREFIX);
    const payload = isConfirmed ? (parsed as ConfirmedMessage).payload : parsed;
    for (const handler of set) handler(payload);
    // Answered after the handlers ran, on the publisher connection (the subscriber may only listen).
    if (isConfirmed) void publisher.publish((parsed as ConfirmedMessage)[CONFIRM_KEY], '1').catch(() => undefined);
  });

  return {
    async publish(topic, payload) {
      await publisher.publish(topic, JSON.stringify(payload));
    },
    async publishConfirmed(topic, payload, timeoutMs = 2_000) {
      // PUBLISH answers how many connections received the message: one subscriber per process listening.
      // Each answers on a channel of this call's own once its handlers ran; wait for as many answers.
      const replyTo = `bus:confirm:${randomUUID()}`;
      let answers = 0;
      let expected = Number.POSITIVE_INFINITY;
      let settle: (isConfirmed: boolean) => void = () => undefined;
      const settled = new Promise<boolean>((resolve) => {
        settle = resolve;
      });
      confirmations.set(replyTo, () => {
        answers += 1;
        if (answers >= expected) settle(true);
      });
      const timer = setTimeout(() => settle(false), timeoutMs);
      try {
        await subscriber.subscribe(replyTo);
        const message: ConfirmedMessage = { [CONFIRM_KEY]: replyTo, payload };
        expected = await publisher.publish(topic, JSON.stringify(message));
        if (answers >= expected) settle(true);
        return await settled;
      } finally {
        clearTimeout(timer);
        confirmations.delete(replyTo);
        void subscriber.unsubscribe(replyTo).catch(() => undefined);
      }
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
        void subscriber.subscribe(topic);
      }
      set.add(handler);
      return () => {
        const current = handlers.get(topic);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) {
          handlers.delete(topic);
          void subscriber.unsubscribe(topic);
        }
      };
    },
    isConnected: () => subscriber.status === 'ready',
    onDisconnect(handler) {
      disconnectHandlers.add(handler);
      return () => disconnectHandlers.delete(handler);
    },
    async close() {
      handlers.clear();
      disconnectHandlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
