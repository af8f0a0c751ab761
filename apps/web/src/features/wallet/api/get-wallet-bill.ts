import type { pageOf, StatementKindFilter, WalletType, walletBillSchema } from '@bolsa/contracts';
import { walletRoutes } from '@bolsa/contracts/routes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { walletQueryScope } from '../../../lib/query-scopes.ts';
import { userTimeZone } from './get-funding-overview.ts';

export type WalletBill = output<typeof walletBillSchema>;
export type WalletBillPage = output<ReturnType<typeof pageOf<typeof walletBillSchema>>>;

export const statementPageSize = 20;

/** What the statement is narrowed to: a wallet, a kind of movement, and days (YYYY-MM-DD, both included). */
export type StatementFilters = { walletType?: WalletType; kind?: StatementKindFilter; fromDate?: string; toDate?: string };

/** POST /web/wallet/getWalletBill: one page of the statement, times formatted in the user's time zone. */
export function getWalletBill(input: StatementFilters & { pageNum: number }, signal?: AbortSignal): Promise<WalletBillPage> {
  const { pageNum, ...filters } = input;
  return callApi(walletRoutes.walletBill, {
    body: { ...filters, timeZone: userTimeZone(), pageNum, pageSize: statementPageSize },
    signal,
  });
}

export const walletBillQueryOptions = (filters: StatementFilters = {}) =>
  infiniteQueryOptions({
    queryKey: [
      ...walletQueryScope,
      'bill',
      filters.walletType ?? 'all',
      filters.kind ?? 'all',
      filters.fromDate ?? '',
      filters.toDate ?? '',
    ],
    queryFn: ({ pageParam, signal }) => getWalletBill({ ...filters, pageNum: pageParam }, signal),
    // Money may have moved while the app was in the background: coming back to it reads again.
    refetchOnWindowFocus: 'always',
    initialPageParam: 1,
    getNextPageParam: (last: WalletBillPage) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
  });

export function useWalletBill(filters: StatementFilters = {}) {
  return useInfiniteQuery(walletBillQueryOptions(filters));
}
