import { operatorUsersApi } from '@bolsa/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

/** A user's statement, orders or positions: the three paged lists of the detail page share one shape of call. */
export type StatementPage = z.infer<typeof operatorUsersApi.statement.data>;
export type OrderPage = z.infer<typeof operatorUsersApi.orders.data>;
export type PositionPage = z.infer<typeof operatorUsersApi.positions.data>;
type Activity = { statement: StatementPage; orders: OrderPage; positions: PositionPage };

type ActivityQuery = { pageNum: number; pageSize: number; status?: 'open' | 'closed' };
type ActivityCall<K extends keyof Activity> = (userId: string, query: ActivityQuery, signal?: AbortSignal) => Promise<Activity[K]>;

/** One typed call per list, so the answer follows `kind` without a cast. */
const activityCalls: { [K in keyof Activity]: ActivityCall<K> } = {
  statement: (id, query, signal) => callApi(operatorUsersApi.statement, { params: { id }, query, signal }),
  orders: (id, query, signal) => callApi(operatorUsersApi.orders, { params: { id }, query, signal }),
  positions: (id, query, signal) => callApi(operatorUsersApi.positions, { params: { id }, query, signal }),
};

export function getUserActivity<K extends keyof Activity>(
  userId: string,
  kind: K,
  query: ActivityQuery,
  signal?: AbortSignal,
): Promise<Activity[K]> {
  const call: ActivityCall<K> = activityCalls[kind];
  return call(userId, query, signal);
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
