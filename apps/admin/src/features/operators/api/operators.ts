import { operatorsApi } from '@bolsa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type OperatorRecord = z.infer<typeof operatorsApi.list.data>[number];
export type CreateOperatorInput = z.input<typeof operatorsApi.create.body>;

const operatorsKey = ['operators'] as const;

export function useOperators() {
  return useQuery({ queryKey: operatorsKey, queryFn: ({ signal }) => callApi(operatorsApi.list, { signal }) });
}

export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOperatorInput) => callApi(operatorsApi.create, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsKey }),
  });
}
