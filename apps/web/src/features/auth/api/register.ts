import type { registerBody, Session } from '@bolsa/contracts';
import { accountRoutes } from '@bolsa/contracts/routes';
import { useMutation } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session-store.ts';

export type RegisterInput = output<typeof registerBody>;

/** POST /web/register: creates the account and answers with its first session. */
export function register(input: RegisterInput): Promise<Session> {
  return callApi(accountRoutes.register, { body: input, requestId: 'register' });
}

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: (session) => saveSession(session),
  });
}
