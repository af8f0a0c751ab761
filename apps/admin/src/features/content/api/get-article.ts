import { operatorArticlesApi } from '@bolsa/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { articlesKey } from './get-articles.ts';

/** GET /admin/api/articles/:id: one article with every translation. */
export function getArticle(id: string, signal?: AbortSignal) {
  return callApi(operatorArticlesApi.detail, { params: { id }, signal });
}

export function useArticle(id: string | undefined) {
  return useQuery({
    queryKey: [...articlesKey, 'detail', id],
    queryFn: ({ signal }) => getArticle(id ?? '', signal),
    enabled: id !== undefined,
  });
}
