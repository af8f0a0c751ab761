import type { FuturesFamily, TaiwanBoard } from '@bolsa/contracts';
import { marketRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** GET /web/m_ft/futures_families: each futures product's front and next months with roll dates. */
export function getFuturesFamilies(signal?: AbortSignal): Promise<FuturesFamily[]> {
  return callApi(marketRoutes.futuresFamilies, { signal });
}

/** GET /web/m_ft/taiwan_board: the TWSE's status and hours, and its stocks by sector. */
export function getTaiwanBoard(signal?: AbortSignal): Promise<TaiwanBoard> {
  return callApi(marketRoutes.taiwanBoard, { signal });
}

export function useFuturesFamilies() {
  return useQuery(queryOptions({ queryKey: ['futures-families'], queryFn: ({ signal }) => getFuturesFamilies(signal), staleTime: 30_000 }));
}

export function useTaiwanBoard() {
  return useQuery(queryOptions({ queryKey: ['taiwan-board'], queryFn: ({ signal }) => getTaiwanBoard(signal), staleTime: 30_000 }));
}
