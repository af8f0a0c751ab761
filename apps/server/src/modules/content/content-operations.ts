import type { ArticleKind, ArticleTag, Locale, OperatorArticleInput } from '@bolsa/contracts';
import type { Database, Executor } from '../../platform/db/index.ts';
import type { OperatorPrincipal } from '../../platform/http/index.ts';
import { createAuditedDecision, requirePermission } from '../../platform/operators/index.ts';
import type { ContentService } from './content.service.ts';

type Meta = { ipAddress: string };

/**
 * What content editors do: write articles (news and notices) per language with tags, publish and
 * unpublish them, and keep the tag dictionary. Every operation first checks `content.edit`; every
 * write goes through `audited` (the action and its audit row commit together). Also the app versions.
 */
type Articles = ContentService['articles'];

/** An article as stored before a write, for its audit row. */
async function storedArticle(articles: Articles, id: number, executor: Executor) {
  try {
    return await articles.operatorArticle(id, executor);
  } catch {
    // An unknown id has no "before"; the write itself refuses it with its translated result.
    return undefined;
  }
}

/** What editors read: the article list, one article in every language, the tag dictionary. */
function articleReads(articles: Articles) {
  return {
    articles(operator: OperatorPrincipal, query: { kind?: ArticleKind | undefined; pageNum: number; pageSize: number }) {
      requirePermission(operator, 'content.edit');
      return articles.operatorList(query);
    },
    article(operator: OperatorPrincipal, id: number) {
      requirePermission(operator, 'content.edit');
      return articles.operatorArticle(id);
    },
    articleTags(operator: OperatorPrincipal) {
      requirePermission(operator, 'content.edit');
      return articles.tags();
    },
  };
}

export type ContentOperations = ReturnType<typeof createContentOperations>;

export function createContentOperations(dependencies: { db: Database; content: ContentService }) {
  const { content } = dependencies;
  const audited = createAuditedDecision(dependencies.db);
  const articles = content.articles;
  const articleBefore = (id: number) => async (executor: Executor) => storedArticle(articles, id, executor);

  return {
    ...articleReads(articles),
    createArticle(operator: OperatorPrincipal, meta: Meta, input: OperatorArticleInput) {
      requirePermission(operator, 'content.edit');
      return audited(
        operator,
        meta,
        'article.create',
        { type: 'article', id: 0 },
        (tx) => articles.createArticle(tx, operator.operatorId, input),
        async () => undefined,
      );
    },
    updateArticle(operator: OperatorPrincipal, meta: Meta, id: number, input: OperatorArticleInput) {
      requirePermission(operator, 'content.edit');
      return audited(
        operator,
        meta,
        'article.update',
        { type: 'article', id },
        (tx) => articles.updateArticle(tx, id, input),
        articleBefore(id),
      );
    },
    setArticlePublished(operator: OperatorPrincipal, meta: Meta, id: number, isPublished: boolean) {
      requirePermission(operator, 'content.edit');
      return audited(
        operator,
        meta,
        isPublished ? 'article.publish' : 'article.unpublish',
        { type: 'article', id },
        (tx) => articles.setPublished(tx, id, isPublished),
        articleBefore(id),
      );
    },
    createArticleTag(operator: OperatorPrincipal, meta: Meta, input: ArticleTag) {
      requirePermission(operator, 'content.edit');
      return audited(
        operator,
        meta,
        'article-tag.create',
        { type: 'article-tag', id: 0 },
        (tx) => articles.createTag(tx, input),
        async () => undefined,
      );
    },
    updateArticleTag(
      operator: OperatorPrincipal,
      meta: Meta,
      code: string,
      input: { labels: Partial<Record<Locale, string>>; sortOrder: number },
    ) {
      requirePermission(operator, 'content.edit');
      return audited(
        operator,
        meta,
        'article-tag.update',
        { type: 'article-tag', id: 0 },
        (tx) => articles.updateTag(tx, code, input),
        (tx) => articles.tagBefore(tx, code),
      );
    },
    publishAppVersion(
      operator: OperatorPrincipal,
      meta: Meta,
      input: { version: string; notes?: string | undefined; downloadUrl?: string | undefined },
    ) {
      requirePermission(operator, 'content.edit');
      return audited(
        operator,
        meta,
        'app-version.publish',
        { type: 'app-version', id: 0 },
        (tx) => content.publishAppVersion(tx, input),
        async () => undefined,
      );
    },
  };
}
