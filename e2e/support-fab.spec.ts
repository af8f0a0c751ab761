import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Three pages on a shared two-core machine, in two languages.
test.describe.configure({ timeout: 120_000 });

type Box = { x: number; y: number; width: number; height: number };

/** What the support chat's tab covers of the page's controls, the tab bar and a bottom action bar. */
async function coveredBySupportTab(page: Page, selector: string) {
  return page.evaluate((selector) => {
    const fab = document.querySelector('.support-fab');
    if (!fab) return ['no support tab'];
    const tab = fab.getBoundingClientRect();
    const overlaps = (box: Box) =>
      box.width > 0 &&
      box.height > 0 &&
      box.x < tab.x + tab.width &&
      tab.x < box.x + box.width &&
      box.y < tab.y + tab.height &&
      tab.y < box.y + box.height;
    const controls = document.querySelectorAll<HTMLElement>(selector);
    return [...controls]
      .filter((element) => element !== fab && !fab.contains(element) && overlaps(element.getBoundingClientRect()))
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
      );
  }, selector);
}

const bars = '.tab-bar, [data-bottom-bar]';
const controls = `button, a[href], input, select, textarea, [role="button"], [role="tab"], ${bars}`;

const pages = [
  { name: 'home', path: '/#/pages/home/index' },
  { name: 'quote', path: '/#/pages/quote/stock?name=Apple&code=AAPL&market=NASDAQ&source=0' },
  { name: 'form', path: '/#/pages/auth/register' },
];

for (const language of ['es', 'en'] as const) {
  test(`at 375 px the support tab covers no control, the tab bar or a bottom action bar, scrolled to the end (${language})`, async ({
    page,
  }, testInfo) => {
    await page.addInitScript((locale) => window.localStorage.setItem('usa12_locale', locale), language);
    for (const { name, path } of pages) {
      await page.goto(path);
      const fab = page.locator('.support-fab');
      await expect(fab).toBeVisible({ timeout: 30_000 });
      // Let the page's lists and bars arrive, then look at its top and its end.
      await page.waitForLoadState('networkidle').catch(() => undefined);
      // Wherever the page is scrolled, the tab bar and a bottom action bar stay uncovered.
      expect(await coveredBySupportTab(page, bars), `${name} (${language}) at its top`).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(300);
      await page.screenshot({ path: testInfo.outputPath(`support-tab-${name}-${language}-375.png`) });
      // Scrolled to its end, the last row and the last button come out from under the tab.
      expect(await coveredBySupportTab(page, controls), `${name} (${language}) scrolled to its end`).toEqual([]);
    }
  });
}
