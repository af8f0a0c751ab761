import type { depositSchema } from '@bolsa/contracts';
import { depositRoutes } from '@bolsa/contracts/routes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { fundingQueryScope } from '../../../lib/query-scopes.ts';

export type Deposit = output<typeof depositSchema>;
export type DepositPage = { list: Deposit[]; total: number; pageNum: number; pageSize: number };

export const recordPageSize = 20;

/** POST /web/recharge/listPage: one page of the user's deposits, newest first. */
export function getDeposits(pageNum: number, signal?: AbortSignal): Promise<DepositPage> {
  return callApi(depositRoutes.deposits, { body: { pageNum, pageSize: recordPageSize }, signal });
}

export const depositsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...fundingQueryScope, 'deposits'],
    queryFn: ({ pageParam, signal }) => getDeposits(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: DepositPage) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
  });

export function useDeposits() {
  return useInfiniteQuery(depositsQueryOptions());
}
