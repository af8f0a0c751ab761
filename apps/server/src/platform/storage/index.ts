import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where uploaded files live. The local implementation keeps them under DATA_DIR/files. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,200}$/;

function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key ${JSON.stringify(key)}`);
}

export function createLocalFileStorage(rootDirectory: string): FileStorage {
  const folder = join(rootDirectory, 'files');
  return {
    async put(key, bytes) {
      assertSafeKey(key);
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, key), bytes, { flag: 'wx' });
    },
    async get(key) {
      assertSafeKey(key);
      try {
        return await readFile(join(folder, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      await rm(join(folder, key), { force: true });
    },
  };
}
