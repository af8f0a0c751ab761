import type { LoginResult, loginBody, Session } from '@bolsa/contracts';
import { accountRoutes } from '@bolsa/contracts/routes';
import { useMutation } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session-store.ts';

export type LoginInput = output<typeof loginBody>;

/** POST /web/loginByUsername: a session (token and user record), or with two-factor on a challenge for the code. */
export function login(input: LoginInput): Promise<LoginResult> {
  return callApi(accountRoutes.login, { body: input, requestId: 'login' });
}

/** POST /web/loginSecondFactor: the challenge and a code open the session. */
export function verifyLogin(input: { challenge: string; otpCode: string }): Promise<Session> {
  return callApi(accountRoutes.verifyLogin, { body: input, requestId: 'login-second-factor' });
}

/** Logs in and stores the session under `usa12_token` and `usa12_user`; a sign-in that needs its code stores nothing yet. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if ('token' in result) saveSession(result);
    },
  });
}

export function useVerifyLogin() {
  return useMutation({ mutationFn: verifyLogin, onSuccess: (session) => saveSession(session) });
}
