// Bundles the server into dist/: our workspace code is inlined, npm dependencies stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@bolsa/'));

await build({
  entryPoints: { server: 'src/server.ts', 'embedded-postgres.worker': 'src/platform/db/embedded-postgres.worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
