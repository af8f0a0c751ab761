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
