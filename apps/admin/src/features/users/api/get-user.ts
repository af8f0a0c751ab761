import { operatorUsersApi } from '@bolsa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type UserDetail = z.infer<typeof operatorUsersApi.detail.data>;

export function getUser(userId: string, signal?: AbortSignal): Promise<UserDetail> {
  return callApi(operatorUsersApi.detail, { params: { id: userId }, signal });
}

export const userQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['users', 'detail', userId], queryFn: ({ signal }) => getUser(userId, signal) });

export function useUser(userId: string) {
  return useQuery(userQueryOptions(userId));
}
