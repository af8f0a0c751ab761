import { randomBytes } from 'node:crypto';
import { API_BASE_PATH } from '@bolsa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { UploadQuota } from '../../platform/config.ts';
import { type Database, type Executor, inTransaction } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import type { FileStorage } from '../../platform/storage/index.ts';
import { reencodeImage } from './image-reencode.ts';
import { uploads } from './uploads.tables.ts';

export { sniffImageType } from './image-reencode.ts';

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
const URL_PREFIX = `${API_BASE_PATH}/file/`;
const MEGABYTE = 1024 * 1024;

/** What a user has stored in the current UTC day and in total. */
async function usageOf(executor: Executor, userId: number) {
  const result = await executor.execute<{ day_files: string; day_bytes: string; total_files: string; total_bytes: string }>(sql`
    SELECT count(*) FILTER (WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS day_files,
      coalesce(sum(size_bytes) FILTER (WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'), 0) AS day_bytes,
      count(*) AS total_files, coalesce(sum(size_bytes), 0) AS total_bytes
    FROM uploads WHERE user_id = ${userId}`);
  const row = result.rows[0];
  return {
    dayFiles: Number(row?.day_files ?? 0),
    dayBytes: Number(row?.day_bytes ?? 0),
    totalFiles: Number(row?.total_files ?? 0),
    totalBytes: Number(row?.total_bytes ?? 0),
  };
}

/** Throws the refusal when one more file of `sizeBytes` would pass the user's quota. */
function assertWithinQuota(quota: UploadQuota, usage: Awaited<ReturnType<typeof usageOf>>, sizeBytes: number) {
  if (usage.totalFiles + 1 > quota.totalFiles || usage.totalBytes + sizeBytes > quota.totalMb * MEGABYTE)
    throw new AppError('UPLOAD_QUOTA_TOTAL', { files: quota.totalFiles, mb: quota.totalMb });
  if (usage.dayFiles + 1 > quota.dailyFiles || usage.dayBytes + sizeBytes > quota.dailyMb * MEGABYTE)
    throw new AppError('UPLOAD_QUOTA_DAILY', { files: quota.dailyFiles, mb: quota.dailyMb });
}

export type UploadsService = ReturnType<typeof createUploadsService>;

export function createUploadsService(dependencies: { db: Database; storage: FileStorage; quota: UploadQuota }) {
  const { db, storage, quota } = dependencies;
  return {
    /**
     * Stores a re-encoded copy of an image for its owner, within the owner's quota, and returns the URL
     * that serves it (to the owner and operators only). The quota is read and the row written under a
     * lock per user, so uploads sent at once cannot all pass it.
     */
    async store(userId: number, bytes: Uint8Array): Promise<{ url: string }> {
      if (bytes.length === 0) throw new AppError('UPLOAD_MISSING');
      const image = reencodeImage(bytes);
      if (!image) throw new AppError('UPLOAD_TYPE_REFUSED');
      const storageKey = `${randomBytes(16).toString('hex')}.${EXTENSIONS[image.contentType]}`;
      await storage.put(storageKey, image.bytes);
      try {
        await inTransaction(db, async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`uploads:${userId}`}))`);
          assertWithinQuota(quota, await usageOf(tx, userId), image.bytes.length);
          await tx.insert(uploads).values({ userId, storageKey, contentType: image.contentType, sizeBytes: image.bytes.length });
        });
      } catch (error) {
        await storage.remove(storageKey);
        throw error;
      }
      return { url: `${URL_PREFIX}${storageKey}` };
    },

    /**
     * Stores a re-encoded copy of an image an operator sends (a support agent's image in a chat): owned by
     * the operator, outside any user's quota. The module that shows it to a user decides who may read it.
     */
    async storeForOperator(operatorId: number, bytes: Uint8Array): Promise<{ url: string }> {
      if (bytes.length === 0) throw new AppError('UPLOAD_MISSING');
      const image = reencodeImage(bytes);
      if (!image) throw new AppError('UPLOAD_TYPE_REFUSED');
      const storageKey = `${randomBytes(16).toString('hex')}.${EXTENSIONS[image.contentType]}`;
      await storage.put(storageKey, image.bytes);
      try {
        await db.insert(uploads).values({ operatorId, storageKey, contentType: image.contentType, sizeBytes: image.bytes.length });
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
