// Budget (issue 26): Lighthouse mobile performance ≥ 0.90 on the home page and on a quote page opened
// directly, accessibility staying 1.0, against the built app served by the real server. Lighthouse's own
// defaults: a mid-range phone, simulated slow 4G and 4× CPU slowdown. Prints each page's scores and its
// first and largest contentful paint. BENCH_LIGHTHOUSE_BEFORE=<dir> also serves the build of another checkout
// (say a worktree of the commit before, built) with the same server and prints its figures beside.
//
// Lighthouse is not a dependency of the repository (it is large, and no test needs it): install it where
// the benchmark can import it, without a browser download (it drives the Chromium at CHROME_PATH):
//   npm install --no-save --ignore-scripts lighthouse chrome-launcher
// or into another folder named by BENCH_LIGHTHOUSE_MODULES (its node_modules). Needs `npm run build` first.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { firstScreens } from './first-screen.mjs';
import { startMarketServer } from './market-server.mjs';

const budget = 0.9;
const instruments = ['AAPL', 'MSFT', 'NVDA', 'ESZ6', 'EURUSD', 'SPX', 'DJI', 'IXIC'];
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** `lighthouse` and `chrome-launcher` from the repository, or from BENCH_LIGHTHOUSE_MODULES; undefined when absent. */
async function loadLighthouse() {
  const folders = [process.env.BENCH_LIGHTHOUSE_MODULES, new URL('..', import.meta.url).pathname].filter(Boolean);
  for (const folder of folders) {
    const require = createRequire(join(folder, 'package.json'));
    try {
      const lighthousePath = require.resolve('lighthouse');
      const launcherPath = require.resolve('chrome-launcher');
      const lighthouse = (await import(pathToFileURL(lighthousePath).href)).default;
      const chromeLauncher = await import(pathToFileURL(launcherPath).href);
      return { lighthouse, chromeLauncher };
    } catch {
      // Not installed in this folder.
    }
  }
  return undefined;
}

async function audit({ lighthouse, chromeLauncher }, url) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    const { categories, audits } = result.lhr;
    return {
      performance: categories.performance.score,
      accessibility: categories.accessibility.score,
      bestPractices: categories['best-practices'].score,
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const line = (figures) =>
  `performance ${figures.performance.toFixed(2)} (ratio to budget ${(figures.performance / budget).toFixed(2)}), accessibility ${figures.accessibility.toFixed(2)}, best practices ${figures.bestPractices.toFixed(2)}; FCP ${seconds(figures.fcp)}, LCP ${seconds(figures.lcp)}, TBT ${Math.round(figures.tbt)} ms`;

/** Audits each first screen of the build served by one server started with `extraEnv`. */
async function auditBuild(modules, extraEnv) {
  const server = await startMarketServer({ port: 18_900 + Math.floor(Math.random() * 90), instruments, extraEnv });
  try {
    const figures = {};
    for (const screen of firstScreens) figures[screen.name] = await audit(modules, `${server.base}/${screen.hash}`);
    return figures;
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const modules = await loadLighthouse();
  if (!modules) {
    console.log('lighthouse: skipped, not installed (npm install --no-save --ignore-scripts lighthouse chrome-launcher)');
  } else {
    const before = process.env.BENCH_LIGHTHOUSE_BEFORE;
    const beforeFigures =
      before && existsSync(join(before, 'apps/web/dist'))
        ? await auditBuild(modules, { WEB_DIST_DIR: join(before, 'apps/web/dist'), ADMIN_DIST_DIR: join(before, 'apps/admin/dist') })
        : undefined;
    const figures = await auditBuild(modules, {});
    for (const screen of firstScreens) {
      console.log(`${screen.name}: ${line(figures[screen.name])}`);
      if (beforeFigures) console.log(`  before (${before}): ${line(beforeFigures[screen.name])}`);
    }
  }
}
