import { Redis } from 'ioredis';
import type { EventBus, EventHandler } from './event-bus.ts';

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

  subscriber.on('message', (topic: string, message: string) => {
    const set = handlers.get(topic);
    if (!set) return;
    const payload: unknown = JSON.parse(message);
    for (const handler of set) handler(payload);
  });

  return {
    async publish(topic, payload) {
      await publisher.publish(topic, JSON.stringify(payload));
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
