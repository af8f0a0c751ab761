import type { withdrawalAddressSchema } from '@bolsa/contracts';
import { bankCardRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { fundingQueryScope } from '../../../lib/query-scopes.ts';

export type WithdrawalAddress = output<typeof withdrawalAddressSchema>;

/** POST /web/UserAccount/selectWalletAddress: the user's saved crypto withdrawal addresses. */
export function getWithdrawalAddresses(signal?: AbortSignal): Promise<WithdrawalAddress[]> {
  return callApi(bankCardRoutes.addresses, { body: {}, signal });
}

export const withdrawalAddressesQueryOptions = () =>
  queryOptions({
    queryKey: [...fundingQueryScope, 'withdrawal-addresses'],
    queryFn: ({ signal }) => getWithdrawalAddresses(signal),
  });

export function useWithdrawalAddresses() {
  return useQuery(withdrawalAddressesQueryOptions());
}
