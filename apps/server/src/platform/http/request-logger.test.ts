import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createRequestIdGenerator } from './request-id.ts';
import { requestLoggerFactory } from './request-logger.ts';

/** A server logging at `level` into memory, with the platform's request ids and request loggers. */
function serverLoggingAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  const app = Fastify({ logger: { level, stream }, genReqId: createRequestIdGenerator(), childLoggerFactory: requestLoggerFactory });
  app.get('/quiet', async () => 'ok');
  app.get('/noisy', async (request) => {
    request.log.debug('not at this level');
    request.log.warn({ detail: 7 }, 'something to see');
    return request.id;
  });
  return { app, lines };
}

describe('request logging', () => {
  it("writes a request's lines with its request id, and only those at the configured level", async () => {
    const { app, lines } = serverLoggingAt('warn');
    const quiet = await app.inject({ method: 'GET', url: '/quiet' });
    const noisy = await app.inject({ method: 'GET', url: '/noisy' });
    await app.close();
    expect(quiet.statusCode).toBe(200);
    expect(noisy.statusCode).toBe(200);
    const requestLines = lines.filter((line) => line.reqId !== undefined);
    expect(requestLines).toEqual([expect.objectContaining({ level: 40, msg: 'something to see', detail: 7, reqId: noisy.body })]);
  });

  it("keeps Fastify's own request lines at info, each with the request's id", async () => {
    const { app, lines } = serverLoggingAt('info');
    await app.inject({ method: 'GET', url: '/quiet' });
    await app.close();
    const ids = lines.filter((line) => line.reqId !== undefined).map((line) => [line.msg, line.reqId]);
    expect(ids).toEqual([
      ['incoming request', ids[0]?.[1]],
      ['request completed', ids[0]?.[1]],
    ]);
    expect(ids[0]?.[1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('request ids', () => {
  it('are distinct, UUID-shaped, and differ between processes (generators)', () => {
    const next = createRequestIdGenerator();
    const ids = Array.from({ length: 1000 }, () => next());
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const other = createRequestIdGenerator()();
    expect(ids).not.toContain(other);
    expect(other.slice(0, 24)).not.toBe(ids[0]?.slice(0, 24));
  });
});
