import type { otherWithdrawalApplyBody, withdrawalApplyBody } from '@bolsa/contracts';
import { withdrawalRoutes } from '@bolsa/contracts/routes';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { walletQueryScope } from '../../../lib/query-scopes.ts';
import { usableWithdrawalQueryOptions } from './get-usable-withdrawal.ts';
import { type Withdrawal, withdrawalsQueryOptions } from './get-withdrawals.ts';

export type WithdrawalApplyInput = output<typeof withdrawalApplyBody>;
export type OtherWithdrawalApplyInput = output<typeof otherWithdrawalApplyBody>;

/**
 * POST /web/withdrawal/withdrawal-apply: to a saved bank card or crypto address. The body carries
 * an idempotency key, so repeating it after a lost answer never makes a second withdrawal.
 */
export function applyWithdrawal(input: WithdrawalApplyInput): Promise<Withdrawal> {
  return callApi(withdrawalRoutes.withdraw, { body: input });
}

/** POST /web/withdrawal/other-withdrawal-apply: to a Japanese yen bank account typed in full. */
export function applyOtherWithdrawal(input: OtherWithdrawalApplyInput): Promise<Withdrawal> {
  return callApi(withdrawalRoutes.withdrawOther, { body: input });
}

function refreshAfterWithdrawal(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: withdrawalsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: usableWithdrawalQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: walletQueryScope }),
  ]);
}

export function useApplyWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: applyWithdrawal, onSuccess: () => refreshAfterWithdrawal(queryClient) });
}

export function useApplyOtherWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: applyOtherWithdrawal, onSuccess: () => refreshAfterWithdrawal(queryClient) });
}
