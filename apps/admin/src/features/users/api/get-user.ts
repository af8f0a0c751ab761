import type { operatorUsersApi } from '@bolsa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type UserDetail = z.infer<typeof operatorUsersApi.detail.data>;

export function getUser(userId: string, signal?: AbortSignal): Promise<UserDetail> {
  return apiRequest<UserDetail>(`/users/${encodeURIComponent(userId)}`, { signal });
}

export const userQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['users', 'detail', userId], queryFn: ({ signal }) => getUser(userId, signal) });

export function useUser(userId: string) {
  return useQuery(userQueryOptions(userId));
}
