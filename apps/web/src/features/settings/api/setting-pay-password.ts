import type { settingPayPasswordBody } from '@bolsa/contracts';
import { accountRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { userInfoQueryOptions } from '../../../lib/auth/get-user-info.ts';

export type SettingPayPasswordInput = output<typeof settingPayPasswordBody>;

/** POST /web/settingPayPassword: sets the first transaction password. */
export function settingPayPassword(input: SettingPayPasswordInput): Promise<null> {
  return callApi(accountRoutes.settingPayPassword, { body: input, requestId: 'pay-password' });
}

export function useSettingPayPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settingPayPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey }),
  });
}
