import { fundingApi } from '@bolsa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fundingQueryScope } from '../../../lib/query-scopes.ts';

export type UsableWithdrawal = { walletType: string; currency: string; amount: string };

/** GET /web/withdrawal/getUsableWithdrawalAmount: what can be withdrawn now (balance less holds). */
export function getUsableWithdrawal(signal?: AbortSignal): Promise<UsableWithdrawal> {
  return apiRequest<UsableWithdrawal>(fundingApi.usableWithdrawal.path, { method: 'GET', signal });
}

export const usableWithdrawalQueryOptions = () =>
  queryOptions({
    queryKey: [...fundingQueryScope, 'usable-withdrawal'],
    queryFn: ({ signal }) => getUsableWithdrawal(signal),
  });

export function useUsableWithdrawal() {
  return useQuery(usableWithdrawalQueryOptions());
}
