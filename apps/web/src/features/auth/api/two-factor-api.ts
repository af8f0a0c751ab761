import type { OwnSession } from '@bolsa/contracts';
import { accountRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { userInfoQueryOptions } from '../../../lib/auth/get-user-info.ts';

const statusQuery = () =>
  queryOptions({
    queryKey: ['two-factor', 'status'],
    queryFn: ({ signal }) => callApi(accountRoutes.twoFactorStatus, { body: {}, signal }),
  });

export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['two-factor', 'sessions'],
    queryFn: ({ signal }): Promise<OwnSession[]> => callApi(accountRoutes.sessions, { body: {}, signal }),
  });

export function useTwoFactorStatus() {
  return useQuery(statusQuery());
}

export function useSessions() {
  return useQuery(sessionsQuery());
}

/** Starting, confirming and turning off two-factor: each refreshes its state and the user record (`hasTwoFactor`). */
export function useTwoFactorChanges() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: statusQuery().queryKey }),
      queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey }),
    ]);
  return {
    start: useMutation({ mutationFn: () => callApi(accountRoutes.twoFactorStart, { body: {}, requestId: 'two-factor-start' }) }),
    confirm: useMutation({
      mutationFn: (otpCode: string) => callApi(accountRoutes.twoFactorConfirm, { body: { otpCode }, requestId: 'two-factor-confirm' }),
      onSuccess: refresh,
    }),
    disable: useMutation({
      mutationFn: (otpCode: string) => callApi(accountRoutes.twoFactorDisable, { body: { otpCode }, requestId: 'two-factor-disable' }),
      onSuccess: refresh,
    }),
  };
}

export function useSessionEnding() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
  return {
    endOne: useMutation({
      mutationFn: (id: string) => callApi(accountRoutes.endSession, { body: { id: Number(id) }, requestId: 'end-session' }),
      onSuccess: refresh,
    }),
    endOthers: useMutation({
      mutationFn: () => callApi(accountRoutes.endOtherSessions, { body: {}, requestId: 'end-other-sessions' }),
      onSuccess: refresh,
    }),
  };
}
