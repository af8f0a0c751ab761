import type { QuoteDetail } from '@bolsa/contracts';
import { marketRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /web/m_ft/stock_detail_ft: everything the quote page shows of one instrument. */
export function getQuoteDetail(code: string, market: string | undefined, signal?: AbortSignal): Promise<QuoteDetail> {
  return callApi(marketRoutes.stockDetail, { query: { stockCode: code, market }, signal });
}

export const quoteDetailQueryOptions = (code: string, market: string | undefined) =>
  queryOptions({ queryKey: [...queryKeys.quoteDetail(code), market], queryFn: ({ signal }) => getQuoteDetail(code, market, signal) });

export function useQuoteDetail(code: string, market: string | undefined) {
  return useQuery(quoteDetailQueryOptions(code, market));
}
