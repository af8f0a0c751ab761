import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

describe('the server serves the operator console at /admin, apart from the customer app', () => {
  let testApp: TestApp;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'bolsa-console-files-'));
    mkdirSync(join(folder, 'web'));
    mkdirSync(join(folder, 'admin', 'assets'), { recursive: true });
    writeFileSync(join(folder, 'web', 'index.html'), '<title>app</title>');
    writeFileSync(join(folder, 'admin', 'index.html'), '<title>console</title>');
    writeFileSync(join(folder, 'admin', 'assets', 'console.js'), 'export {};');
    testApp = await startTestApp({
      configOverrides: { WEB_DIST_DIR: join(folder, 'web'), ADMIN_DIST_DIR: join(folder, 'admin') },
    });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers /admin/ with the console, /admin with a redirect there, and / with the app', async () => {
    const console = await testApp.app.inject({ method: 'GET', url: '/admin/' });
    expect(console.statusCode).toBe(200);
    expect(console.body).toBe('<title>console</title>');
    const bare = await testApp.app.inject({ method: 'GET', url: '/admin' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/admin/');
    expect((await testApp.app.inject({ method: 'GET', url: '/admin/assets/console.js' })).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: '/' })).body).toBe('<title>app</title>');
  });

  it('keeps the operator API under /admin/api answering in the envelope', async () => {
    const response = await testApp.call('/no/such/path', { isOperatorApi: true, method: 'GET', language: 'en' });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 1004 });
  });
});
