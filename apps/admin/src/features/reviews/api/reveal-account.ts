import { operatorWithdrawalAccountApi } from '@bolsa/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type RevealedAccount = z.infer<typeof operatorWithdrawalAccountApi.revealAccount.data>;

/** The full account a withdrawal pays to; the server audits every reveal, so it is asked for, never prefetched. */
export function useRevealAccount() {
  return useMutation({
    mutationFn: (id: string) => callApi(operatorWithdrawalAccountApi.revealAccount, { params: { id }, body: {} }),
  });
}
