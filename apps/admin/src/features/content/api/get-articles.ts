import { type ArticleKind, operatorArticlesApi } from '@bolsa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

export const articlesKey = ['content', 'articles'] as const;

/** GET /admin/api/articles: every article (drafts too), newest change first, with all its translations. */
export function getArticles(query: { kind?: ArticleKind; pageNum: number; pageSize: number }, signal?: AbortSignal) {
  return callApi(operatorArticlesApi.list, { query, signal });
}

export function useArticles(query: { kind?: ArticleKind; pageNum: number; pageSize: number }) {
  return useQuery({
    queryKey: [...articlesKey, 'list', query],
    queryFn: ({ signal }) => getArticles(query, signal),
    placeholderData: keepPreviousData,
  });
}
