import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

type Fetched = { path: string; transferSize: number };

/** The app's built files this page fetched, with the bytes each took from the network (0: from the cache). */
async function builtFilesFetched(page: Page): Promise<Fetched[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
      .map((entry) => ({ path: new URL(entry.name).pathname, transferSize: entry.transferSize })),
  );
}

async function openHome(page: Page): Promise<void> {
  await page.goto('/#/pages/home/index');
  await expect(page.locator('.index-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

// The HTTP cache on its own: the service worker (its own journey in referral.spec.ts) would answer the
// second visit from its cache, and the files it fetched for the first one report no transfer size.
test.use({ serviceWorkers: 'block' });

test('a second visit to the home page takes every built file from the browser cache', async ({ context, page }) => {
  await openHome(page);
  const first = await builtFilesFetched(page);
  expect(first.some((file) => file.path.endsWith('.js'))).toBe(true);
  // The first visit fetched them: a cache that was warm before would prove nothing.
  for (const file of first) expect(file.transferSize, file.path).toBeGreaterThan(0);

  // The same browser, a new tab: what a user returning to the app does.
  const again = await context.newPage();
  await openHome(again);
  const second = await builtFilesFetched(again);
  expect(second.map((file) => file.path).sort()).toEqual(expect.arrayContaining(first.map((file) => file.path).sort()));
  // Hashed assets are immutable for a year: not even a revalidation goes out (it would cost the headers' bytes).
  for (const file of second) expect(file.transferSize, file.path).toBe(0);
});
