import { randomBytes } from 'node:crypto';
import { API_BASE_PATH } from '@bolsa/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import type { FileStorage } from '../../platform/storage/index.ts';
import { uploads } from './uploads.tables.ts';

/** What a file is, judged by its first bytes, never by its name or the type the client claims. */
export function sniffImageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | undefined {
  const startsWith = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
const URL_PREFIX = `${API_BASE_PATH}/file/`;

export type UploadsService = ReturnType<typeof createUploadsService>;

export function createUploadsService(dependencies: { db: Database; storage: FileStorage }) {
  const { db, storage } = dependencies;
  return {
    /** Stores an image for its owner and returns the URL that serves it (to the owner and operators only). */
    async store(userId: number, bytes: Uint8Array): Promise<{ url: string }> {
      if (bytes.length === 0) throw new AppError('UPLOAD_MISSING');
      const contentType = sniffImageType(bytes);
      if (!contentType) throw new AppError('UPLOAD_TYPE_REFUSED');
      const storageKey = `${randomBytes(16).toString('hex')}.${EXTENSIONS[contentType]}`;
      await storage.put(storageKey, bytes);
      try {
        await db.insert(uploads).values({ userId, storageKey, contentType, sizeBytes: bytes.length });
      } catch (error) {
        await storage.remove(storageKey);
        throw error;
      }
      return { url: `${URL_PREFIX}${storageKey}` };
    },

    /** The file behind a URL or key, if the user owns it; undefined otherwise (the caller answers "not found"). */
    async readOwned(userId: number | 'operator', urlOrKey: string) {
      const storageKey = urlOrKey.startsWith(URL_PREFIX) ? urlOrKey.slice(URL_PREFIX.length) : urlOrKey;
      const condition =
        userId === 'operator' ? eq(uploads.storageKey, storageKey) : and(eq(uploads.storageKey, storageKey), eq(uploads.userId, userId));
      const rows = await db.select().from(uploads).where(condition).limit(1);
      const row = rows[0];
      if (!row) return undefined;
      const bytes = await storage.get(row.storageKey);
      return bytes ? { bytes, contentType: row.contentType, url: `${URL_PREFIX}${row.storageKey}` } : undefined;
    },
  };
}
