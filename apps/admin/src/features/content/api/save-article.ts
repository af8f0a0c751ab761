import { type operatorArticleBody, operatorArticlesApi } from '@bolsa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { articlesKey } from './get-articles.ts';

export type ArticleInput = z.input<typeof operatorArticleBody>;

/** POST /admin/api/articles (new, unpublished) or /admin/api/articles/:id (replaces kind, tags and translations). */
export function saveArticle({ id, input }: { id?: string | undefined; input: ArticleInput }) {
  if (id) return callApi(operatorArticlesApi.update, { params: { id }, body: input });
  return callApi(operatorArticlesApi.create, { body: input });
}

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveArticle, onSuccess: () => queryClient.invalidateQueries({ queryKey: articlesKey }) });
}
