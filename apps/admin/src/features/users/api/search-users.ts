import { operatorUsersApi } from '@bolsa/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type UserPage = z.infer<typeof operatorUsersApi.search.data>;
export type UserRow = UserPage['list'][number];
export type UserSearch = { query: string; pageNum: number; pageSize: number };

export function searchUsers(search: UserSearch, signal?: AbortSignal): Promise<UserPage> {
  return callApi(operatorUsersApi.search, { query: search, signal });
}

export const usersQueryOptions = (search: UserSearch) =>
  queryOptions({
    queryKey: ['users', 'search', search],
    queryFn: ({ signal }) => searchUsers(search, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(search: UserSearch) {
  return useQuery(usersQueryOptions(search));
}
