import type { Page, QuoteRow } from '@bolsa/contracts';
import { marketRoutes } from '@bolsa/contracts/routes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

export const MARKET_PAGE_SIZE = 20;

/** Which list a markets tab shows: a stock list type or a futures list type (forex and indices included). */
export type InstrumentListKind = { api: 'stock' | 'futures'; type: string };

/** GET /web/m_ft/stock_list or /web/m_ft/futures_list, one page at a time. */
export function getInstrumentList(kind: InstrumentListKind, pageNum: number, signal?: AbortSignal): Promise<Page<QuoteRow>> {
  const query = { type: kind.type, pageNum, pageSize: MARKET_PAGE_SIZE };
  return kind.api === 'stock' ? callApi(marketRoutes.stockList, { query, signal }) : callApi(marketRoutes.futuresList, { query, signal });
}

export const instrumentListQueryOptions = (kind: InstrumentListKind) =>
  infiniteQueryOptions({
    queryKey: ['instrument-list', kind.api, kind.type],
    queryFn: ({ pageParam, signal }) => getInstrumentList(kind, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.pageNum + 1 : undefined),
  });

export function useInstrumentList(kind: InstrumentListKind) {
  return useInfiniteQuery(instrumentListQueryOptions(kind));
}
