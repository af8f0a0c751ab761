import { operatorAdjustmentsApi } from '@bolsa/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type AdjustmentPage = z.infer<typeof operatorAdjustmentsApi.list.data>;
export type AdjustmentRow = AdjustmentPage['list'][number];
export type AdjustmentFilter = { status: 'pending' | 'all'; pageNum: number; pageSize: number };

export function listAdjustments(filter: AdjustmentFilter, signal?: AbortSignal): Promise<AdjustmentPage> {
  return callApi(operatorAdjustmentsApi.list, { query: filter, signal });
}

export const adjustmentsQueryOptions = (filter: AdjustmentFilter) =>
  queryOptions({
    queryKey: ['adjustments', filter],
    queryFn: ({ signal }) => listAdjustments(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useAdjustments(filter: AdjustmentFilter) {
  return useQuery(adjustmentsQueryOptions(filter));
}
