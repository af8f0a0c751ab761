import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text. Images and fonts of the build are compressed already. */
const compressiblePattern = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than a packet; the server sends the file as it is. */
const sizeMinBytes = 1024;

async function* filesUnder(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside one file, each only when it is smaller than the file. */
async function compressFile(path: string): Promise<void> {
  const source = await readFile(path);
  const [brotliBytes, gzipBytes] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  if (brotliBytes.length < source.length) await writeFile(`${path}.br`, brotliBytes);
  if (gzipBytes.length < source.length) await writeFile(`${path}.gz`, gzipBytes);
}

/** Compresses every text file of a built folder, once, at the best level: the server only picks a copy. */
export async function precompressFolder(folder: string): Promise<void> {
  const work: Promise<void>[] = [];
  for await (const path of filesUnder(folder)) {
    if (!compressiblePattern.test(path)) continue;
    if ((await stat(path)).size < sizeMinBytes) continue;
    work.push(compressFile(path));
  }
  await Promise.all(work);
}

/**
 * A Vite plugin: after the build is written, a brotli and a gzip copy of each text file beside it
 * (`index-abc123.js.br`, `.gz`), which the server sends to a browser that accepts them
 * (apps/server/src/platform/http/static-files.ts). No native dependency: node:zlib only.
 */
export function precompress() {
  return {
    name: 'bolsa-precompress',
    apply: 'build' as const,
    async writeBundle(options: { dir?: string }) {
      if (options.dir) await precompressFolder(options.dir);
    },
  };
}
