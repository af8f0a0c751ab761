import type { Kline, KlineType } from '@bolsa/contracts';
import { marketRoutes } from '@bolsa/contracts/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** GET /web/m_ft/kline: candles of one time frame. */
export function getKline(code: string, type: KlineType, market: string | undefined, signal?: AbortSignal): Promise<Kline> {
  return callApi(marketRoutes.kline, { query: { stockCode: code, type, market }, signal });
}

export const klineQueryOptions = (code: string, type: KlineType, market: string | undefined) =>
  queryOptions({
    queryKey: ['kline', code, type, market],
    queryFn: ({ signal }) => getKline(code, type, market, signal),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export function useKline(code: string, type: KlineType, market: string | undefined) {
  return useQuery(klineQueryOptions(code, type, market));
}
