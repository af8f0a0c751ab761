import type { KycState, updateRealBody } from '@bolsa/contracts';
import { kycRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { kycStateQueryOptions } from './get-kyc-state.ts';

export type SubmitKycInput = output<typeof updateRealBody>;

/** POST /web/updateReal: the identity document, for an operator to review. */
export function submitKyc(input: SubmitKycInput): Promise<KycState> {
  return callApi(kycRoutes.submit, { body: input, requestId: 'kyc-submit' });
}

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitKyc,
    onSuccess: (state) => queryClient.setQueryData(kycStateQueryOptions().queryKey, state),
  });
}
