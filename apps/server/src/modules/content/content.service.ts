import { APP_VERSION, type AppVersion } from '@bolsa/contracts';
import { desc, lte } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/index.ts';
import { createArticlesService } from './articles.service.ts';
import { appVersions } from './content.tables.ts';

export type ContentService = ReturnType<typeof createContentService>;

export function createContentService(dependencies: { db: Database }) {
  const { db } = dependencies;
  return {
    /** News, notices and their tag dictionary. */
    articles: createArticlesService({ db }),

    /** Publishes a version in the caller's transaction (the operator's audited one). */
    async publishAppVersion(
      executor: Executor,
      input: { version: string; notes?: string | undefined; downloadUrl?: string | undefined },
    ): Promise<AppVersion> {
      const [row] = await executor
        .insert(appVersions)
        .values({ version: input.version, notes: input.notes ?? null, downloadUrl: input.downloadUrl ?? null })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return { version: row.version, notes: row.notes, downloadUrl: row.downloadUrl, publishedAtTimestamp: row.publishedAt.getTime() };
    },

    /** The newest published version; 1.0.0 until an operator publishes another. */
    async publishedAppVersion(): Promise<AppVersion> {
      const rows = await db
        .select()
        .from(appVersions)
        .where(lte(appVersions.publishedAt, new Date()))
        .orderBy(desc(appVersions.publishedAt))
        .limit(1);
      const row = rows[0];
      if (!row) return { version: APP_VERSION, notes: null, downloadUrl: null, publishedAtTimestamp: null };
      return { version: row.version, notes: row.notes, downloadUrl: row.downloadUrl, publishedAtTimestamp: row.publishedAt.getTime() };
    },
  };
}
