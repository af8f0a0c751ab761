/**
 * Events between the parts of the server and, with Redis (market issue), between server processes.
 * Topics are strings such as `quote:AAPL` or `user:42`; payloads are JSON-serialisable.
 */
export type EventHandler = (payload: unknown) => void;

export interface EventBus {
  publish(topic: string, payload: unknown): Promise<void>;
  /**
   * Publishes and resolves once every process subscribed to `topic` has run its handlers for it (true),
   * or after `timeoutMs` without every confirmation (false). For the rare event that must have reached
   * every process before the publisher goes on, such as sessions about to end (session-cache.ts).
   */
  publishConfirmed(topic: string, payload: unknown, timeoutMs?: number): Promise<boolean>;
  /** Returns the function that unsubscribes. */
  subscribe(topic: string, handler: EventHandler): () => void;
  /**
   * Whether every event published from now on reaches this process's subscribers: always for the bus of a
   * single process; with Redis only while the subscribing connection is up (pub/sub keeps nothing for a
   * connection that is away, so events published while it reconnects are lost).
   */
  isConnected(): boolean;
  /** Calls `handler` whenever events may have been missed (the subscribing connection to Redis dropped). Returns the function that stops it. */
  onDisconnect(handler: () => void): () => void;
  close(): Promise<void>;
}
