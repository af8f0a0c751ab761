import { operatorArticlesApi } from '@bolsa/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

export const articleTagsKey = ['content', 'article-tags'] as const;

/** GET /admin/api/article-tags: the tag dictionary with every label. */
export function getArticleTags(signal?: AbortSignal) {
  return callApi(operatorArticlesApi.tags, { signal });
}

export function useArticleTags() {
  return useQuery({ queryKey: articleTagsKey, queryFn: ({ signal }) => getArticleTags(signal) });
}
