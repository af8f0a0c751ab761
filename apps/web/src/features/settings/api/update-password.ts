import type { updatePasswordBody } from '@bolsa/contracts';
import { accountRoutes } from '@bolsa/contracts/routes';
import { useMutation } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type UpdatePasswordInput = output<typeof updatePasswordBody>;

/** POST /web/updatePassword: the server ends the user's other sessions and keeps this one. */
export function updatePassword(input: UpdatePasswordInput): Promise<null> {
  return callApi(accountRoutes.updatePassword, { body: input, requestId: 'update-password' });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
