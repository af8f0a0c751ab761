import { operatorArticlesApi } from '@bolsa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { articlesKey } from './get-articles.ts';

/** POST /admin/api/articles/:id/publish or /unpublish: the app shows it, or stops showing it at once. */
export function setArticlePublished({ id, isPublished }: { id: string; isPublished: boolean }) {
  return callApi(isPublished ? operatorArticlesApi.publish : operatorArticlesApi.unpublish, { params: { id } });
}

export function useSetArticlePublished() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setArticlePublished, onSuccess: () => queryClient.invalidateQueries({ queryKey: articlesKey }) });
}
