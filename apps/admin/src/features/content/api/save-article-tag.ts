import { type Locale, operatorArticlesApi } from '@bolsa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { articleTagsKey } from './get-article-tags.ts';

export type ArticleTagInput = { code: string; labels: Partial<Record<Locale, string>>; sortOrder: number };

/** POST /admin/api/article-tags (a new code) or /admin/api/article-tags/:code (new labels or order). */
export function saveArticleTag({ isNew, input }: { isNew: boolean; input: ArticleTagInput }) {
  if (isNew) return callApi(operatorArticlesApi.createTag, { body: input });
  return callApi(operatorArticlesApi.updateTag, {
    params: { code: input.code },
    body: { labels: input.labels, sortOrder: input.sortOrder },
  });
}

export function useSaveArticleTag() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveArticleTag, onSuccess: () => queryClient.invalidateQueries({ queryKey: articleTagsKey }) });
}
