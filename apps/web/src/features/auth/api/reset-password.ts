import type { resetPasswordBody } from '@bolsa/contracts';
import { accountRoutes } from '@bolsa/contracts/routes';
import { useMutation } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type ResetPasswordInput = output<typeof resetPasswordBody>;

/** POST /web/resetPassword: sets a new password with an emailed code. */
export function resetPassword(input: ResetPasswordInput): Promise<null> {
  return callApi(accountRoutes.resetPassword, { body: input, requestId: 'reset-password' });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
