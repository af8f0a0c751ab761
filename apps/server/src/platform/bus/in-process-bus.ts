import type { EventBus, EventHandler } from './event-bus.ts';

/** The bus of a single process: used when REDIS_URL is not set. */
export function createInProcessBus(): EventBus {
  const handlers = new Map<string, Set<EventHandler>>();
  return {
    async publish(topic, payload) {
      for (const handler of handlers.get(topic) ?? []) {
        queueMicrotask(() => handler(payload));
      }
    },
    // One process: its handlers run before this resolves, so every subscriber has seen the event.
    async publishConfirmed(topic, payload) {
      for (const handler of handlers.get(topic) ?? []) handler(payload);
      return true;
    },
    subscribe(topic, handler) {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler);
      handlers.set(topic, set);
      return () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(topic);
      };
    },
    // Nothing travels outside the process: no event is ever missed.
    isConnected: () => true,
    onDisconnect: () => () => undefined,
    async close() {
      handlers.clear();
    },
  };
}
