import { useTranslation } from '@bolsa/client-kit/i18n';
import type { ArticleSummary, Page } from '@bolsa/contracts';
import { articlesRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** The tag an operator gives news about an instrument: its code in lower case ("aapl", "eurusd"). */
export const instrumentTagOf = (code: string) => code.toLowerCase();

/** POST /web/article/pageList with the instrument's tag: its latest published news, newest first. */
export function getInstrumentNews(code: string, signal?: AbortSignal): Promise<Page<ArticleSummary>> {
  return callApi(articlesRoutes.list, { body: { kind: 'news', tag: instrumentTagOf(code), pageNum: 1, pageSize: 5 }, signal });
}

export function useInstrumentNews(code: string) {
  const { i18n } = useTranslation();
  return useQuery(
    queryOptions({ queryKey: ['articles', i18n.language, 'instrument', code], queryFn: ({ signal }) => getInstrumentNews(code, signal) }),
  );
}
