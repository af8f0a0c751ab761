import { type pageOf, type WalletType, walletApi, type walletBillSchema } from '@bolsa/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { walletQueryScope } from '../../../lib/query-scopes.ts';
import { userTimeZone } from './get-funding-overview.ts';

export type WalletBill = output<typeof walletBillSchema>;
export type WalletBillPage = output<ReturnType<typeof pageOf<typeof walletBillSchema>>>;

export const statementPageSize = 20;

/** POST /web/wallet/getWalletBill: one page of the statement, times formatted in the user's time zone. */
export function getWalletBill(input: { walletType?: WalletType; pageNum: number }, signal?: AbortSignal): Promise<WalletBillPage> {
  return callApi(walletApi.walletBill, {
    body: { walletType: input.walletType, timeZone: userTimeZone(), pageNum: input.pageNum, pageSize: statementPageSize },
    signal,
  });
}

export const walletBillQueryOptions = (walletType?: WalletType) =>
  infiniteQueryOptions({
    queryKey: [...walletQueryScope, 'bill', walletType ?? 'all'],
    queryFn: ({ pageParam, signal }) => getWalletBill({ walletType, pageNum: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: WalletBillPage) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
  });

export function useWalletBill(walletType?: WalletType) {
  return useInfiniteQuery(walletBillQueryOptions(walletType));
}
