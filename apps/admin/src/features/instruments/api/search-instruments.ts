import { operatorInstrumentsApi } from '@bolsa/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type InstrumentPage = z.infer<typeof operatorInstrumentsApi.search.data>;
export type InstrumentRow = InstrumentPage['list'][number];
export type InstrumentSearch = { query: string; isHalted?: 'true' | 'false'; pageNum: number; pageSize: number };

export function searchInstruments(search: InstrumentSearch, signal?: AbortSignal): Promise<InstrumentPage> {
  return callApi(operatorInstrumentsApi.search, { query: search, signal });
}

export const instrumentsQueryOptions = (search: InstrumentSearch) =>
  queryOptions({
    queryKey: ['instruments', 'search', search],
    queryFn: ({ signal }) => searchInstruments(search, signal),
    placeholderData: keepPreviousData,
  });

export function useInstruments(search: InstrumentSearch) {
  return useQuery(instrumentsQueryOptions(search));
}
