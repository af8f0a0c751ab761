import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { acceptedEncoding, registerJsonCompression } from './static-files.ts';

const script = `export const greeting = ${JSON.stringify('hola '.repeat(400))};\n`;
const indexHtml = '<!doctype html><title>app</title><script type="module" src="./assets/index-AbCd1234.js"></script>';

describe('the built app is sent compressed and cached as its files allow', () => {
  let testApp: TestApp;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'bolsa-static-files-'));
    // What a build leaves (scripts/vite-precompress.ts): each text file and its brotli and gzip copies.
    for (const app of ['web', 'admin']) {
      mkdirSync(join(folder, app, 'assets'), { recursive: true });
      writeFileSync(join(folder, app, 'index.html'), indexHtml);
      const asset = join(folder, app, 'assets', 'index-AbCd1234.js');
      writeFileSync(asset, script);
      writeFileSync(`${asset}.br`, brotliCompressSync(script));
      writeFileSync(`${asset}.gz`, gzipSync(script));
    }
    testApp = await startTestApp({
      configOverrides: { WEB_DIST_DIR: join(folder, 'web'), ADMIN_DIST_DIR: join(folder, 'admin') },
    });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const getAsset = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });

  it('sends a hashed asset in brotli, gzip or as it is, as accept-encoding allows', async () => {
    for (const prefix of ['/', '/admin/']) {
      const url = `${prefix}assets/index-AbCd1234.js`;
      const brotli = await getAsset(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toMatch(/javascript/);
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

      const gzip = await getAsset(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

      const identity = await getAsset(url);
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toBe(script);
    }
  });

  it('lets the browser keep a hashed asset for a year, with an ETag that answers 304', async () => {
    const first = await getAsset('/assets/index-AbCd1234.js', { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = first.headers.etag;
    expect(etag).toEqual(expect.any(String));
    const again = await getAsset('/assets/index-AbCd1234.js', { 'accept-encoding': 'br', 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Each encoding is its own representation: the gzip copy does not share the brotli copy's ETag.
    const gzip = await getAsset('/assets/index-AbCd1234.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.etag).not.toBe(etag);
  });

  it('has the browser revalidate index.html on every use instead of keeping it', async () => {
    for (const url of ['/', '/index.html', '/admin/']) {
      const page = await getAsset(url, { 'accept-encoding': 'br, gzip' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(indexHtml);
      expect(page.headers['cache-control']).toBe('no-cache');
      const etag = page.headers.etag;
      expect(etag).toEqual(expect.any(String));
      expect((await getAsset(url, { 'if-none-match': String(etag) })).statusCode).toBe(304);
    }
  });

  it('compresses a large JSON answer of the API and leaves a small one as it is', async () => {
    const large = await getAsset('/web/docs/json', { 'accept-encoding': 'gzip, br' });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/);
    expect(Number(large.headers['content-length'])).toBe(large.rawPayload.length);
    const document = JSON.parse(brotliDecompressSync(large.rawPayload).toString());
    expect(document.openapi).toEqual(expect.any(String));

    const gzip = await getAsset('/web/docs/json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(document);

    const identity = await getAsset('/web/docs/json');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(document);

    const small = await getAsset('/web/health', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 200, data: { status: 'ok' } });
  });

  it('picks brotli, then gzip, and honours a refusal by q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});

describe('JSON compression with a handler that sends without returning the reply', () => {
  it('answers once, compressed, even for a large body sent after a promise (as the K-line route does)', async () => {
    const app = Fastify({ logger: false });
    registerJsonCompression(app);
    const big = JSON.stringify({
      code: 200,
      msg: 'Success',
      data: { candles: Array.from({ length: 10_000 }, (_, index) => [index, '1.25']) },
    });
    app.get('/web/kline', (_request, reply) =>
      Promise.resolve().then(() => {
        reply.type('application/json; charset=utf-8').send(Buffer.from(big));
      }),
    );
    const response = await app.inject({ method: 'GET', url: '/web/kline', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(big);
    await app.close();
  });
});
