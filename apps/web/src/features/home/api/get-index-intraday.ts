import type { Kline } from '@bolsa/contracts';
import { marketRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** GET /web/m_ft/kline type 1D: the latest session of an index, whose last closes seed the sparkline. */
export function getIndexIntraday(code: string, signal?: AbortSignal): Promise<Kline> {
  return callApi(marketRoutes.kline, { query: { stockCode: code, type: '1D' }, signal });
}

export const indexIntradayQueryOptions = (code: string) =>
  queryOptions({ queryKey: ['index-intraday', code], queryFn: ({ signal }) => getIndexIntraday(code, signal), enabled: code !== '' });

export function useIndexIntraday(code: string) {
  return useQuery(indexIntradayQueryOptions(code));
}
