import { accountRoutes } from '@bolsa/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { callApi } from '../api-client.ts';
import { pagePath } from '../pages.ts';
import { clearSession } from '../session-store.ts';

/**
 * POST /web/logout. Its headers (with the token) are built when the call starts, so the local
 * session can be cleared at once; a failure of the call changes nothing for the user.
 */
export function logoutRequest(): Promise<void> {
  return callApi(accountRoutes.logout, { body: {}, isSessionEndHandled: false }).then(
    () => undefined,
    () => undefined,
  );
}

/** Logs out: tells the server, clears `usa12_token` and `usa12_user` and the cached data, opens login. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void logoutRequest();
    clearSession();
    queryClient.clear();
    navigate(pagePath('login'), { replace: true });
  }, [navigate, queryClient]);
}
