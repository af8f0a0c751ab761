import { operatorReceivingAccountsApi, type ReceivingAccount } from '@bolsa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/feedback.ts';
import { translate } from '../../../lib/i18n.ts';

export type ReceivingAccountInput = z.input<typeof operatorReceivingAccountsApi.create.body>;
export type { ReceivingAccount };

/** GET /admin/api/receiving-accounts: every receiving account, active or not. */
export function useReceivingAccounts() {
  return useQuery({
    queryKey: ['receiving-accounts'],
    queryFn: ({ signal }) => callApi(operatorReceivingAccountsApi.list, { signal }),
  });
}

/** Adds one (no id) or edits one; each change is audited by the server. */
export function useSaveReceivingAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReceivingAccountInput & { id?: string }) =>
      id === undefined
        ? callApi(operatorReceivingAccountsApi.create, { body })
        : callApi(operatorReceivingAccountsApi.update, { params: { id: Number(id) }, body }),
    onSuccess: async () => {
      showSuccess(translate('receivingAccounts.saved'));
      await queryClient.invalidateQueries({ queryKey: ['receiving-accounts'] });
    },
  });
}
