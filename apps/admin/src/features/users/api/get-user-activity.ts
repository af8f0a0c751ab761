import { operatorUsersApi } from '@bolsa/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

/** A user's statement, orders or positions: the three paged lists of the detail page share one shape of call. */
export type StatementPage = z.infer<typeof operatorUsersApi.statement.data>;
export type OrderPage = z.infer<typeof operatorUsersApi.orders.data>;
export type PositionPage = z.infer<typeof operatorUsersApi.positions.data>;
type Activity = { statement: StatementPage; orders: OrderPage; positions: PositionPage };

export function getUserActivity<K extends keyof Activity>(
  userId: string,
  kind: K,
  query: { pageNum: number; pageSize: number; status?: 'open' | 'closed' },
  signal?: AbortSignal,
): Promise<Activity[K]> {
  // The three entries take the same parameters and query; the answer is the one of `kind`.
  return callApi(operatorUsersApi[kind] as (typeof operatorUsersApi)['statement'], { params: { id: userId }, query, signal }) as Promise<
    Activity[K]
  >;
}

export const userActivityQueryOptions = <K extends keyof Activity>(
  userId: string,
  kind: K,
  query: { pageNum: number; pageSize: number; status?: 'open' | 'closed' },
) =>
  queryOptions({
    queryKey: ['users', 'detail', userId, kind, query],
    queryFn: ({ signal }) => getUserActivity(userId, kind, query, signal),
    placeholderData: keepPreviousData,
  });

export function useUserActivity<K extends keyof Activity>(
  userId: string,
  kind: K,
  query: { pageNum: number; pageSize: number; status?: 'open' | 'closed' },
) {
  return useQuery(userActivityQueryOptions(userId, kind, query));
}
