import type { FastifyInstance } from 'fastify';
import { sendError } from './envelope.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stops taking requests (503) and resolves once those in flight are answered, or after the timeout. */
    drain(timeoutMs: number): Promise<void>;
  }
}

/**
 * Graceful shutdown: drain() answers new requests 503 and resolves when the in-flight ones have finished,
 * before app.close() tears down connections and closes the database.
 */
export function registerDrain(app: FastifyInstance) {
  let inFlight = 0;
  let isDraining = false;
  let onDrained: (() => void) | undefined;
  const settle = () => {
    inFlight -= 1;
    if (inFlight === 0) onDrained?.();
  };
  // Hooks of every request take a callback rather than being async: no promise per request.
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight += 1;
    if (!isDraining) return done();
    // Answered here: the hook chain stops without done().
    reply.header('connection', 'close');
    sendError(reply, 'SERVICE_UNAVAILABLE');
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    settle();
    done();
  });
  // Fastify requires exactly one parameter on an async onRequestAbort hook.
  app.addHook('onRequestAbort', async (_request) => settle());
  app.decorate('drain', async (timeoutMs: number) => {
    // A request whose headers reached the socket before the signal is in flight too, but a busy event
    // loop may not have parsed it yet: give it a moment to be counted before new ones are turned away.
    // The moment ends with an immediate, which runs only after the loop's next poll for input: a process
    // the machine did not run for longer than the timer wakes up in the timers phase, before it has read
    // the sockets, and would otherwise find nothing in flight and close the port under that request.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setImmediate(resolve));
    isDraining = true;
    if (inFlight === 0) return;
    await new Promise<void>((resolve) => {
      onDrained = resolve;
      setTimeout(resolve, timeoutMs).unref();
    });
  });
}
