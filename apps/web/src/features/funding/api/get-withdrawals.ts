import type { withdrawalSchema } from '@bolsa/contracts';
import { withdrawalRoutes } from '@bolsa/contracts/routes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { fundingQueryScope } from '../../../lib/query-scopes.ts';
import { recordPageSize } from './get-deposits.ts';

export type Withdrawal = output<typeof withdrawalSchema>;
export type WithdrawalPage = { list: Withdrawal[]; total: number; pageNum: number; pageSize: number };

/** POST /web/withdrawal/listPage: one page of the user's withdrawals, each with its timeline. */
export function getWithdrawals(pageNum: number, signal?: AbortSignal): Promise<WithdrawalPage> {
  return callApi(withdrawalRoutes.withdrawals, { body: { pageNum, pageSize: recordPageSize }, signal });
}

export const withdrawalsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...fundingQueryScope, 'withdrawals'],
    queryFn: ({ pageParam, signal }) => getWithdrawals(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: WithdrawalPage) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
  });

export function useWithdrawals() {
  return useInfiniteQuery(withdrawalsQueryOptions());
}
