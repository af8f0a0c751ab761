import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** Headers every response has whether or not helmet runs; they are not helmet's to set. */
const ownHeaders = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's security headers, worked out once: @fastify/helmet runs helmet's middleware on every request,
 * re-serialising the content security policy each time (about a tenth of the server's time per request
 * in the ledger benchmark's profile), although with options that hold no per-request value (no nonces)
 * its answer is always the same. The headers are taken from helmet itself on a throwaway instance and
 * set on every request in an onRequest hook, as the plugin does; a route can still replace one.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => 'probe');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(([name, value]) => !ownHeaders.has(name) && typeof value === 'string'),
  ) as Record<string, string>;
  // Fixed lists walked by index: reply.headers() would list the object's keys anew on every request.
  const names = Object.keys(headers);
  const values = Object.values(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    for (let index = 0; index < names.length; index += 1) reply.header(names[index] as string, values[index]);
    done();
  });
  return headers;
}
