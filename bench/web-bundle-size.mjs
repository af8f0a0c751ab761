// Budget: the customer app's initial JavaScript (entry + modulepreloaded chunks), gzip, ≤ 150 KB.
// Prints the size and its ratio to the budget; needs `npm run build` first.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const distDir = new URL('../apps/web/dist/', import.meta.url).pathname;
const budgetBytes = 150 * 1024;

export function measureInitialJavaScript() {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) throw new Error('apps/web/dist/index.html is missing: run `npm run build` first');
  const html = readFileSync(indexPath, 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1].replace(/^\.\//, ''));
  const files = [...new Set(scripts)].map((file) => {
    const bytes = readFileSync(join(distDir, file));
    return { file, rawBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  });
  const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return { files, gzipBytes, budgetBytes, ratio: gzipBytes / budgetBytes };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const result = measureInitialJavaScript();
  for (const file of result.files)
    console.log(`  ${file.file}: ${(file.gzipBytes / 1024).toFixed(1)} KB gzip (${(file.rawBytes / 1024).toFixed(1)} KB raw)`);
  console.log(
    `web initial JS: ${(result.gzipBytes / 1024).toFixed(1)} KB gzip; budget ${result.budgetBytes / 1024} KB; ratio to budget ${result.ratio.toFixed(2)} (≤ 1.00 meets it)`,
  );
}
