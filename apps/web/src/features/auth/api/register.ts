import { accountApi, type registerBody, type Session } from '@bolsa/contracts';
import { useMutation } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session-store.ts';

export type RegisterInput = output<typeof registerBody>;

/** POST /web/register: creates the account and answers with its first session. */
export function register(input: RegisterInput): Promise<Session> {
  return callApi(accountApi.register, { body: input, requestId: 'register' });
}

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: (session) => saveSession(session),
  });
}
