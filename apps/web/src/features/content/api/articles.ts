import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Article, ArticleKind, ArticleSummary, DictItem, Page } from '@bolsa/contracts';
import { articlesRoutes } from '@bolsa/contracts/routes';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

export const articlePageSize = 20;

/** GET /web/dict/data?dictType=article_tag: the tags, labelled in the app's language. */
export function getArticleTags(signal?: AbortSignal): Promise<DictItem[]> {
  return callApi(articlesRoutes.dict, { query: { dictType: 'article_tag' }, signal });
}

/** POST /web/article/pageList: one page of published news or notices, newest first. */
export function getArticles(
  input: { kind: ArticleKind; tag?: string | undefined; pageNum: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<Page<ArticleSummary>> {
  return callApi(articlesRoutes.list, {
    body: { kind: input.kind, tag: input.tag, pageNum: input.pageNum, pageSize: input.pageSize ?? articlePageSize },
    signal,
  });
}

/** GET /web/article/{id}: one published article in the app's language (else English, else Spanish). */
export function getArticle(id: string, signal?: AbortSignal): Promise<Article> {
  return callApi(articlesRoutes.detail, { params: { id }, signal });
}

// Article text depends on the language, so the language is part of every key.

export function useArticleTags() {
  const { i18n } = useTranslation();
  return useQuery(queryOptions({ queryKey: ['articles', i18n.language, 'tags'], queryFn: ({ signal }) => getArticleTags(signal) }));
}

export function useArticles(kind: ArticleKind, tag: string | undefined) {
  const { i18n } = useTranslation();
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['articles', i18n.language, kind, tag ?? 'all'],
      queryFn: ({ pageParam, signal }) => getArticles({ kind, tag, pageNum: pageParam }, signal),
      initialPageParam: 1,
      getNextPageParam: (last: Page<ArticleSummary>) => (last.hasMore ? last.pageNum + 1 : undefined),
    }),
  );
}

export function useArticle(id: string) {
  const { i18n } = useTranslation();
  return useQuery(
    queryOptions({
      queryKey: ['articles', i18n.language, 'detail', id],
      queryFn: ({ signal }) => getArticle(id, signal),
      enabled: /^\d{1,15}$/.test(id),
      retry: false,
    }),
  );
}
