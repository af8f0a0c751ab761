import { existsSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * How the server sends the two front ends' builds and its JSON answers over the wire.
 *
 * Static files: each build carries a brotli and a gzip copy of its text files, made at build time
 * (scripts/vite-precompress.ts); @fastify/static picks the best the browser's `accept-encoding` allows
 * and falls back to the file itself. A file under `assets/` has its content's hash in its name, so a
 * browser keeps it for a year without asking again; every other file (`index.html`, which names the
 * assets of the current build) is revalidated on each use by its ETag, answered 304 when unchanged.
 *
 * JSON answers of the APIs above 1 KB are compressed per request, at a level cheap enough for the
 * request path (brotli quality 4, gzip 6). Smaller ones, most of them (an order, a quote), go as they
 * are: compressing saves less than a packet and costs the hot path time. The push websocket is not an
 * HTTP answer and is not touched.
 */

/** `assets/<name>-<hash>.<ext>`, possibly with the `.br` or `.gz` of its compressed copy. */
const hashedAssetPattern = /[/\\]assets[/\\][^/\\]+-[\w-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;
export const immutableCacheControl = 'public, max-age=31536000, immutable';
export const revalidateCacheControl = 'no-cache';

function setCachingHeaders(response: { setHeader(name: string, value: string): unknown }, path: string): void {
  response.setHeader('cache-control', hashedAssetPattern.test(path) ? immutableCacheControl : revalidateCacheControl);
  // The same URL has up to three bodies (brotli, gzip, the file itself), chosen by this header.
  response.setHeader('vary', 'accept-encoding');
}

const staticOptions: FastifyStaticOptions = {
  wildcard: false,
  index: ['index.html'],
  preCompressed: true,
  // send's own `public, max-age=0` would replace the header set per file below.
  cacheControl: false,
  etag: true,
  setHeaders: setCachingHeaders,
};

export type StaticFolders = { webDistDir: string; adminDistDir: string };

/**
 * The customer app at `/` and the operator console at `/admin/` (a build of its own; its API is
 * `/admin/api`), each only when its build exists. Also compresses the APIs' JSON answers.
 */
export async function registerStaticFiles(app: FastifyInstance, folders: StaticFolders): Promise<void> {
  registerJsonCompression(app);
  if (existsSync(folders.webDistDir)) {
    await app.register(fastifyStatic, { ...staticOptions, root: folders.webDistDir, prefix: '/' });
  }
  if (existsSync(folders.adminDistDir)) {
    await app.register(fastifyStatic, { ...staticOptions, root: folders.adminDistDir, prefix: '/admin/', decorateReply: false });
    app.get('/admin', (_request, reply) => reply.redirect('/admin/'));
  }
}

const jsonThresholdBytes = 1024;
/**
 * Above this an answer goes as it is rather than hold the event loop (about 2 ms at brotli 4). The
 * compression is synchronous on purpose: a handler that sends without returning the reply (the K-line
 * route) counts on the answer being written within send(); a compression finishing later would let
 * Fastify send that handler's answer a second time.
 */
const jsonCompressMaxBytes = 1024 * 1024;
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };
const gzipOptions = { level: 6 };

type Encoding = 'br' | 'gzip';

/** The best of brotli and gzip the request accepts (`q=0` refuses one), or none. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  let gzipAccepted = false;
  for (const part of String(header).split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const isRefused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (isRefused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzipAccepted = true;
  }
  return gzipAccepted ? 'gzip' : undefined;
}

function isApiJson(request: FastifyRequest, reply: FastifyReply): boolean {
  const url = request.url;
  if (!url.startsWith('/web/') && !url.startsWith('/admin/api/')) return false;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

function compressSync(encoding: Encoding, payload: string | Buffer): Buffer {
  return encoding === 'br' ? brotliCompressSync(payload, brotliOptions) : gzipSync(payload, gzipOptions);
}

/**
 * One `onSend` hook taking a callback (no promise per request). Added at the root, it runs for every
 * route, those registered before it included; a payload that is not a string or buffer (a file
 * stream, already compressed) passes untouched.
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    // In characters for a string, so no byte count is taken for the many small answers.
    if (payload.length < jsonThresholdBytes) return done(null, payload);
    if (!isApiJson(request, reply) || reply.hasHeader('content-encoding')) return done(null, payload);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    if (Buffer.byteLength(payload) > jsonCompressMaxBytes) return done(null, payload);
    const compressed = compressSync(encoding, payload);
    reply.header('content-encoding', encoding);
    reply.header('content-length', compressed.length);
    done(null, compressed);
  });
}
