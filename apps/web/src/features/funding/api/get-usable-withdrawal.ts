import { withdrawalRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { fundingQueryScope } from '../../../lib/query-scopes.ts';

export type UsableWithdrawal = { walletType: string; currency: string; amount: string };

/** GET /web/withdrawal/getUsableWithdrawalAmount: what can be withdrawn now (balance less holds). */
export function getUsableWithdrawal(signal?: AbortSignal): Promise<UsableWithdrawal> {
  return callApi(withdrawalRoutes.usableWithdrawal, { signal });
}

export const usableWithdrawalQueryOptions = () =>
  queryOptions({
    queryKey: [...fundingQueryScope, 'usable-withdrawal'],
    queryFn: ({ signal }) => getUsableWithdrawal(signal),
  });

export function useUsableWithdrawal() {
  return useQuery(usableWithdrawalQueryOptions());
}
