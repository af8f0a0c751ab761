import { operatorAccountApi } from '@bolsa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type OperatorProfile = z.infer<typeof operatorAccountApi.me.data>;
export type TotpEnrolment = z.infer<typeof operatorAccountApi.startTotp.data>;

const profileKey = ['auth', 'me'] as const;

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: ({ signal }) => callApi(operatorAccountApi.me, { signal }) });
}

/** A new secret to scan; it does nothing until a code from it is confirmed. */
export function useStartTotp() {
  return useMutation({ mutationFn: () => callApi(operatorAccountApi.startTotp, { body: {} }) });
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(operatorAccountApi.confirmTotp, { body: { code } }),
    onSuccess: (profile) => queryClient.setQueryData(profileKey, profile),
  });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(operatorAccountApi.disableTotp, { body: { code } }),
    onSuccess: (profile) => queryClient.setQueryData(profileKey, profile),
  });
}
