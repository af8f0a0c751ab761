import {
  type Article,
  type ArticleKind,
  type ArticleSummary,
  type ArticleTag,
  articleLanguageOrder,
  type DictItem,
  type Locale,
  type OperatorArticle,
  type OperatorArticleInput,
  pageInfo,
} from '@bolsa/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { articles, articleTagLinks, articleTags, articleTranslations } from './content.tables.ts';

type Labels = Partial<Record<Locale, string>>;

/** A tag's label in the reader's language, through the same fallback as article text. */
function labelIn(labels: Labels, locale: Locale, code: string): string {
  for (const candidate of articleLanguageOrder(locale)) {
    const label = labels[candidate];
    if (label) return label;
  }
  return code;
}

/** A summary when the operator wrote none: the start of the body without its Markdown marks. */
function summaryOf(translation: { summary: string; body: string }): string {
  if (translation.summary !== '') return translation.summary;
  const plain = translation.body
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*[-*]\s+/gm, '')
    .replace(/\*\*|__|\*|_/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 140 ? `${plain.slice(0, 139)}…` : plain;
}

type ReaderRow = {
  id: string;
  kind: ArticleKind;
  published_at: Date | string;
  locale: Locale;
  title: string;
  summary: string;
  body?: string;
  total?: string;
};

async function allTags(executor: Executor): Promise<ArticleTag[]> {
  const rows = await executor.select().from(articleTags).orderBy(asc(articleTags.sortOrder), asc(articleTags.code));
  return rows.map((row) => ({ code: row.code, labels: row.labels, sortOrder: row.sortOrder }));
}

async function tagsOfArticles(executor: Executor, ids: number[]): Promise<Map<number, string[]>> {
  const byArticle = new Map<number, string[]>();
  if (ids.length === 0) return byArticle;
  const rows = await executor
    .select()
    .from(articleTagLinks)
    .where(inArray(articleTagLinks.articleId, ids))
    .orderBy(asc(articleTagLinks.tagCode));
  for (const row of rows) byArticle.set(row.articleId, [...(byArticle.get(row.articleId) ?? []), row.tagCode]);
  return byArticle;
}

/** Tags as the app shows them, in the dictionary's order. */
async function dictItemsOf(executor: Executor, locale: Locale, codes: string[]): Promise<DictItem[]> {
  if (codes.length === 0) return [];
  const tags = await allTags(executor);
  return tags
    .filter((tag) => codes.includes(tag.code))
    .map((tag) => ({ dictValue: tag.code, dictLabel: labelIn(tag.labels, locale, tag.code) }));
}

async function requireKnownTags(executor: Executor, codes: string[]) {
  if (codes.length === 0) return;
  const known = await executor.select({ code: articleTags.code }).from(articleTags).where(inArray(articleTags.code, codes));
  if (known.length !== new Set(codes).size) throw new AppError('ARTICLE_TAG_UNKNOWN');
}

/** The text of each article in the first language of the reader's order that the article was written in. */
const translationFor = (locale: Locale) => sql`
  JOIN LATERAL (
    SELECT t.locale, t.title, t.summary, t.body FROM article_translations t
    WHERE t.article_id = a.id
    ORDER BY array_position(ARRAY[${sql.join(
      articleLanguageOrder(locale).map((candidate) => sql`${candidate}`),
      sql`, `,
    )}]::text[], t.locale)
    LIMIT 1
  ) t ON true`;

async function operatorView(executor: Executor, id: number): Promise<OperatorArticle> {
  const [row] = await executor.select().from(articles).where(eq(articles.id, id));
  if (!row) throw new AppError('ARTICLE_NOT_FOUND');
  const translations = await executor.select().from(articleTranslations).where(eq(articleTranslations.articleId, id));
  const tags = await tagsOfArticles(executor, [id]);
  return {
    id: String(row.id),
    kind: row.kind,
    tags: tags.get(id) ?? [],
    translations: Object.fromEntries(
      translations.map((translation) => [
        translation.locale,
        { title: translation.title, summary: translation.summary, body: translation.body },
      ]),
    ),
    isPublished: row.isPublished,
    publishTimestamp: row.publishedAt ? row.publishedAt.getTime() : null,
    updateTimestamp: row.updatedAt.getTime(),
  };
}

async function writeTranslationsAndTags(executor: Executor, id: number, input: OperatorArticleInput) {
  await executor.delete(articleTranslations).where(eq(articleTranslations.articleId, id));
  const translations = Object.entries(input.translations) as Array<[Locale, { title: string; summary?: string | undefined; body: string }]>;
  await executor.insert(articleTranslations).values(
    translations.map(([locale, translation]) => ({
      articleId: id,
      locale,
      title: translation.title,
      summary: translation.summary ?? '',
      body: translation.body,
    })),
  );
  await executor.delete(articleTagLinks).where(eq(articleTagLinks.articleId, id));
  const codes = [...new Set(input.tags)];
  if (codes.length > 0) await executor.insert(articleTagLinks).values(codes.map((tagCode) => ({ articleId: id, tagCode })));
}

async function lockArticle(executor: Executor, id: number) {
  const rows = await executor.execute(sql`SELECT id FROM articles WHERE id = ${id} FOR UPDATE`);
  if (rows.rows.length === 0) throw new AppError('ARTICLE_NOT_FOUND');
}

/** A new tag; a code taken already is refused. */
async function createTag(executor: Executor, input: ArticleTag): Promise<ArticleTag> {
  const [row] = await executor
    .insert(articleTags)
    .values({ code: input.code, labels: input.labels, sortOrder: input.sortOrder })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('ARTICLE_TAG_EXISTS');
  return { code: row.code, labels: row.labels, sortOrder: row.sortOrder };
}

async function updateTag(executor: Executor, code: string, input: { labels: Labels; sortOrder: number }): Promise<ArticleTag> {
  const [row] = await executor
    .update(articleTags)
    .set({ labels: input.labels, sortOrder: input.sortOrder })
    .where(eq(articleTags.code, code))
    .returning();
  if (!row) throw new AppError('ARTICLE_TAG_UNKNOWN');
  return { code: row.code, labels: row.labels, sortOrder: row.sortOrder };
}

/** What a tag looked like before an operator changed it (the audit row's "before"). */
async function tagBefore(executor: Executor, code: string) {
  const [row] = await executor.select().from(articleTags).where(eq(articleTags.code, code));
  return row ? { labels: row.labels, sortOrder: row.sortOrder } : undefined;
}

/** What the app reads: the tag dictionary, and published articles in the reader's language. */
function readerArticles(db: Database) {
  return {
    /** GET /dict/data?dictType=article_tag: every tag, labelled in the reader's language. */
    async tagDictionary(locale: Locale): Promise<DictItem[]> {
      return (await allTags(db)).map((tag) => ({ dictValue: tag.code, dictLabel: labelIn(tag.labels, locale, tag.code) }));
    },

    /** Published articles of a kind, newest first, optionally of one tag. */
    async list(locale: Locale, query: { kind: ArticleKind; tag?: string | undefined; pageNum: number; pageSize: number }) {
      if (query.tag !== undefined) await requireKnownTags(db, [query.tag]);
      const tagFilter =
        query.tag === undefined
          ? sql``
          : sql`AND EXISTS (SELECT 1 FROM article_tag_links l WHERE l.article_id = a.id AND l.tag_code = ${query.tag})`;
      const result = await db.execute<ReaderRow>(sql`
      SELECT a.id::text, a.kind, a.published_at, t.locale, t.title, t.summary, t.body, count(*) OVER () AS total
      FROM articles a ${translationFor(locale)}
      WHERE a.is_published AND a.kind = ${query.kind} ${tagFilter}
      ORDER BY a.published_at DESC, a.id DESC
      LIMIT ${query.pageSize} OFFSET ${(query.pageNum - 1) * query.pageSize}`);
      const tags = await tagsOfArticles(
        db,
        result.rows.map((row) => Number(row.id)),
      );
      const dictionary = await allTags(db);
      const list: ArticleSummary[] = result.rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        summary: summaryOf({ summary: row.summary, body: row.body ?? '' }),
        language: row.locale,
        tags: dictionary
          .filter((tag) => tags.get(Number(row.id))?.includes(tag.code))
          .map((tag) => ({ dictValue: tag.code, dictLabel: labelIn(tag.labels, locale, tag.code) })),
        publishTimestamp: new Date(row.published_at).getTime(),
      }));
      return { list, ...pageInfo(Number(result.rows[0]?.total ?? 0), query.pageNum, query.pageSize) };
    },

    /** One published article; an unpublished or unknown id does not exist for the app. */
    async detail(locale: Locale, id: number): Promise<Article> {
      const result = await db.execute<ReaderRow>(sql`
      SELECT a.id::text, a.kind, a.published_at, t.locale, t.title, t.summary, t.body
      FROM articles a ${translationFor(locale)}
      WHERE a.id = ${id} AND a.is_published`);
      const row = result.rows[0];
      if (!row) throw new AppError('ARTICLE_NOT_FOUND');
      const body = row.body ?? '';
      return {
        id: row.id,
        kind: row.kind,
        title: row.title,
        summary: summaryOf({ summary: row.summary, body }),
        body,
        language: row.locale,
        tags: await dictItemsOf(db, locale, (await tagsOfArticles(db, [id])).get(id) ?? []),
        publishTimestamp: new Date(row.published_at).getTime(),
      };
    },
  };
}

export type ArticlesService = ReturnType<typeof createArticlesService>;

/**
 * Articles as the app reads them (published only, in the reader's language with the fallback) and as
 * operators write them. Operator writes take the caller's executor: the admin module's audited
 * transaction, so each change commits together with its audit row.
 */
export function createArticlesService(dependencies: { db: Database }) {
  const { db } = dependencies;

  return {
    ...readerArticles(db),

    // Operators (content.edit), each write inside the caller's audited transaction.

    async operatorList(query: { kind?: ArticleKind | undefined; pageNum: number; pageSize: number }) {
      const kindFilter = query.kind === undefined ? sql`true` : sql`kind = ${query.kind}`;
      const result = await db.execute<{ id: string; total: string }>(sql`
        SELECT id::text, count(*) OVER () AS total FROM articles WHERE ${kindFilter}
        ORDER BY updated_at DESC, id DESC LIMIT ${query.pageSize} OFFSET ${(query.pageNum - 1) * query.pageSize}`);
      const list = [];
      for (const row of result.rows) list.push(await operatorView(db, Number(row.id)));
      return { list, ...pageInfo(Number(result.rows[0]?.total ?? 0), query.pageNum, query.pageSize) };
    },
    /** One article with every translation; `executor` is the audited transaction when it records a "before". */
    operatorArticle: (id: number, executor: Executor = db) => operatorView(executor, id),

    /** A new article, unpublished until an operator publishes it. */
    async createArticle(executor: Executor, operatorId: number, input: OperatorArticleInput): Promise<OperatorArticle> {
      await requireKnownTags(executor, input.tags);
      const [row] = await executor
        .insert(articles)
        .values({ kind: input.kind, createdByOperatorId: operatorId })
        .returning({ id: articles.id });
      if (!row) throw new Error('insert returned nothing');
      await writeTranslationsAndTags(executor, row.id, input);
      return operatorView(executor, row.id);
    },

    /** Replaces the kind, the tags and every translation (a language left out is removed). */
    async updateArticle(executor: Executor, id: number, input: OperatorArticleInput): Promise<OperatorArticle> {
      await lockArticle(executor, id);
      await requireKnownTags(executor, input.tags);
      await executor.update(articles).set({ kind: input.kind, updatedAt: new Date() }).where(eq(articles.id, id));
      await writeTranslationsAndTags(executor, id, input);
      return operatorView(executor, id);
    },

    /** Publishing stamps the time the app shows and sorts by; unpublishing hides the article at once. */
    async setPublished(executor: Executor, id: number, isPublished: boolean): Promise<OperatorArticle> {
      await lockArticle(executor, id);
      await executor
        .update(articles)
        .set(isPublished ? { isPublished, publishedAt: new Date(), updatedAt: new Date() } : { isPublished, updatedAt: new Date() })
        .where(eq(articles.id, id));
      return operatorView(executor, id);
    },

    tags: () => allTags(db),
    createTag,
    updateTag,
    tagBefore,
  };
}
