import type { QuoteRow } from '@bolsa/contracts';
import { marketRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** GET /web/m_ft/hot_stock: the most traded stocks now. */
export function getHotStocks(signal?: AbortSignal): Promise<QuoteRow[]> {
  return callApi(marketRoutes.hotStock, { signal });
}

export const hotStocksQueryOptions = () => queryOptions({ queryKey: ['hot-stocks'], queryFn: ({ signal }) => getHotStocks(signal) });

export function useHotStocks() {
  return useQuery(hotStocksQueryOptions());
}
