import type { depositCreateBody } from '@bolsa/contracts';
import { depositRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import type { Deposit } from './get-deposits.ts';
import { depositsQueryOptions } from './get-deposits.ts';

export type CreateDepositInput = output<typeof depositCreateBody>;

/** POST /web/recharge/create: a fiat deposit with its transfer screenshot, or a crypto deposit with its hash. */
export function createDeposit(input: CreateDepositInput): Promise<Deposit> {
  return callApi(depositRoutes.createDeposit, { body: input, requestId: 'create-deposit' });
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeposit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositsQueryOptions().queryKey }),
  });
}
