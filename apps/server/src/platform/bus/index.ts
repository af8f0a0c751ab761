/**
 * Events between the parts of the server and, with Redis (market issue), between server processes.
 * Topics are strings such as `quote:AAPL` or `user:42`; payloads are JSON-serialisable.
 */
export type EventHandler = (payload: unknown) => void;

export interface EventBus {
  publish(topic: string, payload: unknown): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(topic: string, handler: EventHandler): () => void;
  close(): Promise<void>;
}

/** The bus of a single process: used when REDIS_URL is not set. */
export function createInProcessBus(): EventBus {
  const handlers = new Map<string, Set<EventHandler>>();
  return {
    async publish(topic, payload) {
      for (const handler of handlers.get(topic) ?? []) {
        queueMicrotask(() => handler(payload));
      }
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
    async close() {
      handlers.clear();
    },
  };
}

export { createRedisBus } from './redis-bus.ts';
