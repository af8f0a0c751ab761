// Budget (issue 26): the JavaScript needed to render the first screen, as transferred (compressed), ≤ 170 KB,
// for the home page and for a quote page opened by link. The built app served by the real server, opened
// in Chromium with an empty cache; every script the page fetched until its first screen showed and the
// network went quiet, counted in Resource Timing's bytes on the wire. Reference in the same run: the same
// scripts' decoded size, what went out before the server compressed anything.
// Needs `npm run build` first; Chromium at CHROMIUM_PATH (default /usr/bin/chromium).
import { chromium } from '@playwright/test';
import { startMarketServer } from './market-server.mjs';

const budgetBytes = 170 * 1024;
const instruments = ['AAPL', 'MSFT', 'NVDA', 'ESZ6', 'EURUSD', 'SPX', 'DJI', 'IXIC'];

export const firstScreens = [
  { name: 'home', hash: '#/pages/home/index', shown: '.index-card' },
  {
    name: 'quote (by link)',
    hash: '#/pages/quote/stock?name=Apple&code=AAPL&market=NASDAQ&source=0',
    shown: '[data-testid="quote-price"]',
  },
];

export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'];

/** Scripts one first visit fetched: bytes on the wire (headers included) and decoded, per file. */
async function scriptsOfFirstScreen(browser, base, screen) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'es-AR' });
  const page = await context.newPage();
  try {
    await page.goto(`${base}/${screen.hash}`);
    // When the first screen showed (its marker rendered); scripts asked for after it were not needed for it.
    const shownAt = await (
      await page.waitForFunction((selector) => document.querySelector(selector) && performance.now(), screen.shown, { timeout: 30_000 })
    ).jsonValue();
    await page.waitForLoadState('networkidle');
    return await page.evaluate(
      (shown) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => ({
            file: new URL(entry.name).pathname,
            transferred: entry.transferSize,
            decoded: entry.decodedBodySize,
            isBeforeShown: entry.startTime < shown,
          })),
      shownAt,
    );
  } finally {
    await context.close();
  }
}

export async function measureFirstScreens(base) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    const results = [];
    for (const screen of firstScreens) {
      const all = await scriptsOfFirstScreen(browser, base, screen);
      const scripts = all.filter((script) => script.isBeforeShown);
      const later = all.filter((script) => !script.isBeforeShown);
      const transferred = scripts.reduce((sum, script) => sum + script.transferred, 0);
      const decoded = scripts.reduce((sum, script) => sum + script.decoded, 0);
      results.push({ ...screen, scripts, later, transferred, decoded });
    }
    return results;
  } finally {
    await browser.close();
  }
}

const kilobytes = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const server = await startMarketServer({ port: 18_500 + Math.floor(Math.random() * 400), instruments });
  try {
    for (const result of await measureFirstScreens(server.base)) {
      console.log(
        `${result.name}: ${result.scripts.length} scripts before the first screen showed; after it ${result.later.length} more (${kilobytes(result.later.reduce((sum, script) => sum + script.transferred, 0))}), not counted`,
      );
      if (process.env.BENCH_VERBOSE)
        for (const script of result.scripts)
          console.log(`  ${script.file}: ${kilobytes(script.transferred)} (${kilobytes(script.decoded)} raw)`);
      console.log(
        `  JS for the first screen, as transferred: ${kilobytes(result.transferred)}; budget ${budgetBytes / 1024} KB; ratio to budget ${(result.transferred / budgetBytes).toFixed(2)} (≤ 1.00 meets it); uncompressed reference ${kilobytes(result.decoded)}, ratio ${(result.transferred / result.decoded).toFixed(2)}`,
      );
    }
  } finally {
    await server.stop();
  }
}
