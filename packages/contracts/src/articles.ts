import { z } from 'zod';
import { type Locale, locales } from './locales.ts';
import { pageBodyFields, pageOf, pathIdSchema } from './paging.ts';
import { optionalTextSchema, textSchema, typeError } from './validation.ts';

/**
 * Articles (spec §2 news and notices, §7 /article and /dict/data): written by operators in one or more
 * languages, tagged, and visible to the app only once published. Notices are articles of the kind
 * `notice`: one table, one API, the list filtered by kind, so there is a single way to publish content.
 */
export const articleKinds = ['news', 'notice'] as const;
export type ArticleKind = (typeof articleKinds)[number];

/**
 * The language an article is shown in: the reader's own, else English (the spec's fallback locale),
 * else Spanish (the default locale, the one operators write first), else whichever exists.
 */
export function articleLanguageOrder(reader: Locale): Locale[] {
  return [...new Set<Locale>([reader, 'en', 'es', ...locales])];
}

/** The only dictionary the app reads (spec §7 /dict/data?dictType=article_tag). */
export const dictTypes = ['article_tag'] as const;

export const dictItemSchema = z.object({ dictValue: z.string(), dictLabel: z.string() });
export type DictItem = z.infer<typeof dictItemSchema>;

/** A tag code: lower-case letters, digits and dashes, as operators name them. */
export const articleTagCodeSchema = z
  .string({ error: typeError })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: 'validation.invalidValue' });

export const articleSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(articleKinds),
  title: z.string(),
  summary: z.string(),
  /** The language this text is in: the reader's, or the fallback's when it was not written in theirs. */
  language: z.enum(locales),
  tags: z.array(dictItemSchema),
  publishTimestamp: z.number().int(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleSchema = articleSummarySchema.extend({
  /** Plain text with a small Markdown subset (headings, lists, bold); the app renders it as text, never as HTML. */
  body: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleListBody = z.object({
  ...pageBodyFields,
  kind: z.enum(articleKinds, { error: 'validation.invalidValue' }).default('news'),
  /** A tag code from the dictionary; absent lists every tag. */
  tag: articleTagCodeSchema.optional(),
});

export const articlesApi = {
  dict: {
    method: 'GET',
    path: '/dict/data',
    body: undefined,
    query: z.object({ dictType: z.enum(dictTypes, { error: 'validation.invalidValue' }) }),
    data: z.array(dictItemSchema),
  },
  list: { method: 'POST', path: '/article/pageList', body: articleListBody, data: pageOf(articleSummarySchema) },
  detail: {
    method: 'GET',
    path: '/article/:id',
    body: undefined,
    params: z.object({ id: pathIdSchema }),
    data: articleSchema,
  },
} as const;

// Operator side (/admin/api, permission content.edit).

export const articleTranslationSchema = z.object({
  title: textSchema(200),
  summary: optionalTextSchema(500),
  body: textSchema(20_000),
});

/** Translations by locale; at least one language. */
const translationsSchema = z
  .partialRecord(z.enum(locales), articleTranslationSchema)
  .refine((value) => Object.keys(value).length > 0, { error: 'validation.required' });

export const operatorArticleBody = z.object({
  kind: z.enum(articleKinds, { error: 'validation.invalidValue' }),
  tags: z.array(articleTagCodeSchema, { error: typeError }).max(10, { error: 'validation.tooLong' }).default([]),
  translations: translationsSchema,
});
export type OperatorArticleInput = z.infer<typeof operatorArticleBody>;

export const operatorArticleSchema = z.object({
  id: z.string(),
  kind: z.enum(articleKinds),
  tags: z.array(z.string()),
  translations: z.partialRecord(z.enum(locales), z.object({ title: z.string(), summary: z.string(), body: z.string() })),
  isPublished: z.boolean(),
  publishTimestamp: z.number().int().nullable(),
  updateTimestamp: z.number().int(),
});
export type OperatorArticle = z.infer<typeof operatorArticleSchema>;

export const articleTagBody = z.object({
  code: articleTagCodeSchema,
  /** The label in each language; Spanish or English at least, so every reader has one through the fallback. */
  labels: z
    .partialRecord(z.enum(locales), textSchema(40))
    .refine((value) => value.es !== undefined || value.en !== undefined, { error: 'validation.required' }),
  sortOrder: z.number({ error: typeError }).int({ error: 'validation.invalidValue' }).min(0).max(10_000).default(0),
});
export const articleTagSchema = z.object({
  code: z.string(),
  labels: z.partialRecord(z.enum(locales), z.string()),
  sortOrder: z.number().int(),
});
export type ArticleTag = z.infer<typeof articleTagSchema>;

const articleIdParams = z.object({ id: pathIdSchema });

export const operatorArticlesApi = {
  list: {
    method: 'GET',
    path: '/articles',
    permission: 'content.edit',
    query: z.object({
      pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
      kind: z.enum(articleKinds, { error: 'validation.invalidValue' }).optional(),
    }),
    data: pageOf(operatorArticleSchema),
  },
  detail: { method: 'GET', path: '/articles/:id', permission: 'content.edit', params: articleIdParams, data: operatorArticleSchema },
  create: { method: 'POST', path: '/articles', permission: 'content.edit', body: operatorArticleBody, data: operatorArticleSchema },
  update: {
    method: 'POST',
    path: '/articles/:id',
    permission: 'content.edit',
    params: articleIdParams,
    body: operatorArticleBody,
    data: operatorArticleSchema,
  },
  publish: {
    method: 'POST',
    path: '/articles/:id/publish',
    permission: 'content.edit',
    params: articleIdParams,
    data: operatorArticleSchema,
  },
  unpublish: {
    method: 'POST',
    path: '/articles/:id/unpublish',
    permission: 'content.edit',
    params: articleIdParams,
    data: operatorArticleSchema,
  },
  tags: { method: 'GET', path: '/article-tags', permission: 'content.edit', data: z.array(articleTagSchema) },
  createTag: { method: 'POST', path: '/article-tags', permission: 'content.edit', body: articleTagBody, data: articleTagSchema },
  updateTag: {
    method: 'POST',
    path: '/article-tags/:code',
    permission: 'content.edit',
    params: z.object({ code: articleTagCodeSchema }),
    body: articleTagBody.omit({ code: true }),
    data: articleTagSchema,
  },
} as const;

/**
 * Pages the app's web view may show (spec §2 /pages/webview/index?url=...). They are the app's own
 * translated pages, never an external address; any other `url` is refused with "The URL does not exist".
 */
export const webviewPages = ['terms', 'privacy', 'help'] as const;
export type WebviewPage = (typeof webviewPages)[number];
