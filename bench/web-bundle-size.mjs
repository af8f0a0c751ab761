// Budget (issue 26): the JavaScript the home page's first screen needs, as the server sends it (the build's
// brotli copy, else its gzip copy, else the file), ≤ 170 KB. index.html lists it: the entry and every
// modulepreloaded chunk (Vite's for the entry, scripts/vite-preload-first-screen.ts's for the start page
// and the default locale). Prints the size, its ratio to the budget, and the raw size as the reference
// (what went out before the server compressed anything). Needs `npm run build` first. bench/first-screen.mjs
// measures the same in a browser, for a quote page too.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const distDir = new URL('../apps/web/dist/', import.meta.url).pathname;
const budgetBytes = 170 * 1024;

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
    return { file, rawBytes: readFileSync(path).length, servedBytes: servedBytes(path) };
  });
  const servedTotal = files.reduce((sum, file) => sum + file.servedBytes, 0);
  const rawTotal = files.reduce((sum, file) => sum + file.rawBytes, 0);
  return { files, servedBytes: servedTotal, rawBytes: rawTotal, budgetBytes, ratio: servedTotal / budgetBytes };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const result = measureInitialJavaScript();
  for (const file of result.files)
    console.log(`  ${file.file}: ${(file.servedBytes / 1024).toFixed(1)} KB served (${(file.rawBytes / 1024).toFixed(1)} KB raw)`);
  console.log(
    `web first-screen JS (home), as served: ${(result.servedBytes / 1024).toFixed(1)} KB; budget ${result.budgetBytes / 1024} KB; ratio to budget ${result.ratio.toFixed(2)} (≤ 1.00 meets it); raw reference ${(result.rawBytes / 1024).toFixed(1)} KB, ratio ${(result.servedBytes / result.rawBytes).toFixed(2)}`,
  );
}
