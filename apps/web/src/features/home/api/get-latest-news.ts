import { useTranslation } from '@bolsa/client-kit/i18n';
import type { ArticleSummary, Page } from '@bolsa/contracts';
import { articlesRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

const HOME_NEWS_COUNT = 3;

/** POST /web/article/pageList: the newest published news for the home page, in the app's language. */
export function getLatestNews(signal?: AbortSignal): Promise<Page<ArticleSummary>> {
  return callApi(articlesRoutes.list, { body: { kind: 'news', pageNum: 1, pageSize: HOME_NEWS_COUNT }, signal });
}

export function useLatestNews() {
  const { i18n } = useTranslation();
  return useQuery(queryOptions({ queryKey: ['articles', i18n.language, 'home-news'], queryFn: ({ signal }) => getLatestNews(signal) }));
}
