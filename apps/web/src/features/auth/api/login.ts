import type { loginBody, Session } from '@bolsa/contracts';
import { accountRoutes } from '@bolsa/contracts/routes';
import { useMutation } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session-store.ts';

export type LoginInput = output<typeof loginBody>;

/** POST /web/loginByUsername: a session (token and user record). */
export function login(input: LoginInput): Promise<Session> {
  return callApi(accountRoutes.login, { body: input, requestId: 'login' });
}

/** Logs in and stores the session under `usa12_token` and `usa12_user`. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => saveSession(session),
  });
}
