import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's root folder, found by walking up from this module, so that paths to
 * migrations and the built web app are the same from source (tests) and from the bundle in dist/.
 */
export const serverPackageRoot = (() => {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(directory, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@bolsa/server') return directory;
    const parent = dirname(directory);
    if (parent === directory) throw new Error('Cannot find the @bolsa/server package root');
    directory = parent;
  }
})();

export const migrationsFolder = join(serverPackageRoot, 'drizzle');
export const defaultWebDistDir = join(serverPackageRoot, '..', 'web', 'dist');
export const defaultAdminDistDir = join(serverPackageRoot, '..', 'admin', 'dist');
