import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, test } from '@playwright/test';
import { e2eInstrumentCodes } from './fixtures.ts';

/**
 * The push socket's reconnect as the user sees it. This journey stops and restarts its own server
 * (the shared one of fixtures.ts serves the other journeys), on the same port and DATA_DIR so the
 * page's address stays valid, as a deployment restart or a network cut would look to the app.
 */

let port = 0;
let dataDir = '';
let server: ChildProcess | undefined;
let output = '';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

async function startServer() {
  output = '';
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      MARKET_CLOCK: 'always-open',
      MARKET_INSTRUMENTS: e2eInstrumentCodes.join(','),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  server = child;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    const isHealthy = await fetch(`http://127.0.0.1:${port}/web/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (isHealthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy in 30 s:\n${output}`);
}

async function stopServer() {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Waits until the shown price differs from what it was when called (a quote arrived over the socket). */
async function expectPriceToMove(price: Locator, timeout = 10_000) {
  const before = await price.textContent();
  await expect.poll(async () => price.textContent(), { timeout, intervals: [200] }).not.toBe(before);
}

test.beforeAll(async () => {
  port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'bolsa-e2e-reconnect-'));
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});

test('when the server goes away the app says the connection timed out, and prices come back with it or on tap', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => window.localStorage.setItem('usa12_locale', 'en'));
  await page.goto(`http://127.0.0.1:${port}/#/pages/quote/stock?name=Apple&code=AAPL&market=NASDAQ&source=0`);
  const price = page.getByTestId('quote-price');
  const banner = page.getByRole('button', { name: 'Connection timed out (tap to retry)' });
  await expect(price).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
  await expectPriceToMove(price);
  await expect(banner).toBeHidden();

  // The server stops: the socket drops, reconnecting fails, and after 10 s the app says so.
  await stopServer();
  await expect(banner).toBeVisible({ timeout: 25_000 });
  const frozen = await price.textContent();
  await page.waitForTimeout(1_500);
  expect(await price.textContent()).toBe(frozen);

  // The server is back: the app's slower background attempts reconnect and resubscribe by themselves.
  await startServer();
  await expect(banner).toBeHidden({ timeout: 20_000 });
  await expectPriceToMove(price);

  // Once more, and this time the user taps the banner as soon as the server is back.
  await stopServer();
  await expect(banner).toBeVisible({ timeout: 25_000 });
  await startServer();
  // (A background attempt may win the race with the tap by a few milliseconds; then there is nothing to tap.)
  if (await banner.isVisible()) await banner.click();
  await expect(banner).toBeHidden({ timeout: 5_000 });
  await expectPriceToMove(price);
});
