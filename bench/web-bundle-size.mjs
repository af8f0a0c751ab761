// Budget (issue 26): the JavaScript the home page's first screen needs, as the server sends it (the build's
// brotli copy, else its gzip copy, else the file), ≤ 170 KB. index.html lists it: the entry and every
// modulepreloaded chunk (Vite's for the entry, scripts/vite-preload-first-screen.ts's for the start page
// and the default locale). Prints the size, its ratio to the budget, and the raw size as the reference
// (what went out before the server compressed anything). Needs `npm run build` first. bench/first-screen.mjs
// measures the same in a browser, for a quote page too.
// Budget (issue 14): the same files compressed with gzip level 9, ≤ 150 KB, the figure this benchmark printed
// before issue 26 (then of the entry and Vite's preloads only). Both budgets are printed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';

const distDir = new URL('../apps/web/dist/', import.meta.url).pathname;
const budgetBytes = 170 * 1024;
const gzipBudgetBytes = 150 * 1024;

/** The bytes a brotli-accepting browser receives for one built file. */
function servedBytes(path) {
  for (const suffix of ['.br', '.gz', '']) if (existsSync(`${path}${suffix}`)) return readFileSync(`${path}${suffix}`).length;
  throw new Error(`${path} is missing`);
}

export function measureInitialJavaScript() {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) throw new Error('apps/web/dist/index.html is missing: run `npm run build` first');
  const html = readFileSync(indexPath, 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1].replace(/^\.\//, ''));
  const files = [...new Set(scripts)].map((file) => {
    const path = join(distDir, file);
    const raw = readFileSync(path);
    const gzipBytes = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }).length;
    return { file, rawBytes: raw.length, servedBytes: servedBytes(path), gzipBytes };
  });
  const servedTotal = files.reduce((sum, file) => sum + file.servedBytes, 0);
  const rawTotal = files.reduce((sum, file) => sum + file.rawBytes, 0);
  const gzipTotal = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return {
    files,
    servedBytes: servedTotal,
    rawBytes: rawTotal,
    budgetBytes,
    ratio: servedTotal / budgetBytes,
    gzipBytes: gzipTotal,
    gzipBudgetBytes,
    gzipRatio: gzipTotal / gzipBudgetBytes,
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const result = measureInitialJavaScript();
  for (const file of result.files)
    console.log(
      `  ${file.file}: ${(file.servedBytes / 1024).toFixed(1)} KB served, ${(file.gzipBytes / 1024).toFixed(1)} KB gzip-9 (${(file.rawBytes / 1024).toFixed(1)} KB raw)`,
    );
  console.log(
    `web first-screen JS (home), as served: ${(result.servedBytes / 1024).toFixed(1)} KB; budget ${result.budgetBytes / 1024} KB; ratio to budget ${result.ratio.toFixed(2)} (≤ 1.00 meets it); raw reference ${(result.rawBytes / 1024).toFixed(1)} KB, ratio ${(result.servedBytes / result.rawBytes).toFixed(2)}`,
  );
  console.log(
    `web first-screen JS (home), gzip level 9 (issue 14): ${(result.gzipBytes / 1024).toFixed(1)} KB; budget ${result.gzipBudgetBytes / 1024} KB; ratio to budget ${result.gzipRatio.toFixed(2)} (≤ 1.00 meets it)`,
  );
}
