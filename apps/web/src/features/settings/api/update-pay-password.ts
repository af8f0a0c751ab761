import type { updatePayPasswordBody } from '@bolsa/contracts';
import { accountRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { userInfoQueryOptions } from '../../../lib/auth/get-user-info.ts';

export type UpdatePayPasswordInput = output<typeof updatePayPasswordBody>;

/** POST /web/updatePayPassword: changes the transaction password, given the current one. */
export function updatePayPassword(input: UpdatePayPasswordInput): Promise<null> {
  return callApi(accountRoutes.updatePayPassword, { body: input, requestId: 'pay-password' });
}

export function useUpdatePayPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey }),
  });
}
