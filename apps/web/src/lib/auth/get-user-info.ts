import type { UserRecord } from '@bolsa/contracts';
import { accountRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client.ts';
import { getStoredUser, saveUser, useToken } from '../session-store.ts';

/** POST /web/api/user/info: the logged-in user's record, written back to `usa12_user`. */
export async function getUserInfo(signal?: AbortSignal): Promise<UserRecord> {
  const user = await callApi(accountRoutes.userInfo, { body: {}, signal, requestId: 'user-info' });
  saveUser(user);
  return user;
}

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'info'],
    queryFn: ({ signal }) => getUserInfo(signal),
  });

/** The user record: the stored copy at once, refreshed from the server while logged in. */
export function useUserInfo() {
  const token = useToken();
  const stored = getStoredUser();
  return useQuery({
    ...userInfoQueryOptions(),
    enabled: token !== null,
    initialData: stored ?? undefined,
    initialDataUpdatedAt: 0,
  });
}
