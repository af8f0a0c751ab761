import { accountApi, type resetPasswordBody } from '@bolsa/contracts';
import { useMutation } from '@tanstack/react-query';
import type { output } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type ResetPasswordInput = output<typeof resetPasswordBody>;

/** POST /web/resetPassword: sets a new password with an emailed code. */
export function resetPassword(input: ResetPasswordInput): Promise<null> {
  return apiRequest<null>(accountApi.resetPassword.path, { method: 'POST', body: input, requestId: 'reset-password' });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
