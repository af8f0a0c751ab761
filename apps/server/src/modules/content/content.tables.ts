import { articleKinds, type Locale, locales } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt, textEnum } from '../../platform/db/columns.ts';

/** App versions published by operators; the newest published one is what the app is told about. */
export const appVersions = pgTable('app_versions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  version: text('version').notNull(),
  notes: text('notes'),
  downloadUrl: text('download_url'),
  publishedAt: at('published_at').notNull().defaultNow(),
});

/** The article tag dictionary (spec §7 /dict/data?dictType=article_tag): a code and its label per language. */
export const articleTags = pgTable('article_tags', {
  code: text('code').primaryKey(),
  labels: jsonb('labels').$type<Partial<Record<Locale, string>>>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * News and notices (one table, `kind` tells them apart). The app sees an article only while it is
 * published; its text lives in `article_translations`, one row per language the operator wrote.
 */
export const articles = pgTable(
  'articles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: textEnum('kind', articleKinds).notNull(),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: at('published_at'),
    createdByOperatorId: bigint('created_by_operator_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('articles_published_idx').on(table.kind, table.publishedAt.desc(), table.id.desc()).where(sql`is_published`),
    check('articles_published_has_time', sql`NOT is_published OR published_at IS NOT NULL`),
  ],
);

export const articleTranslations = pgTable(
  'article_translations',
  {
    articleId: bigint('article_id', { mode: 'number' })
      .notNull()
      .references(() => articles.id),
    locale: textEnum('locale', locales).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.locale] })],
);

export const articleTagLinks = pgTable(
  'article_tag_links',
  {
    articleId: bigint('article_id', { mode: 'number' })
      .notNull()
      .references(() => articles.id),
    tagCode: text('tag_code')
      .notNull()
      .references(() => articleTags.code),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.tagCode] }),
    index('article_tag_links_tag_idx').on(table.tagCode, table.articleId),
  ],
);
