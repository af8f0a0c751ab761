import { marketRoutes } from '@bolsa/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /web/m_ft/stock_detail_ft: the instrument header of the order page. A small copy of the quote
 * feature's fetcher (features never import each other); it shares the quote page's cache key.
 */
export function useInstrumentQuote(code: string) {
  return useQuery({
    queryKey: [...queryKeys.quoteDetail(code), undefined],
    queryFn: ({ signal }) => callApi(marketRoutes.stockDetail, { query: { stockCode: code, market: undefined }, signal }),
    enabled: code !== '',
  });
}
