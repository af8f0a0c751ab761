import type { depositMethodsSchema } from '@bolsa/contracts';
import { depositRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { fundingQueryScope } from '../../../lib/query-scopes.ts';

export type DepositMethods = output<typeof depositMethodsSchema>;

/** POST /web/recharge/currency/selectList: the fiat currencies and crypto networks the user can deposit with. */
export function getDepositMethods(signal?: AbortSignal): Promise<DepositMethods> {
  return callApi(depositRoutes.depositMethods, { body: {}, signal });
}

export const depositMethodsQueryOptions = () =>
  queryOptions({
    queryKey: [...fundingQueryScope, 'deposit-methods'],
    queryFn: ({ signal }) => getDepositMethods(signal),
    staleTime: 5 * 60_000,
  });

export function useDepositMethods() {
  return useQuery(depositMethodsQueryOptions());
}
