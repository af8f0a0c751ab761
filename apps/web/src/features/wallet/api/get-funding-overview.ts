import type { fundingOverviewSchema } from '@bolsa/contracts';
import { walletRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { userTimeZone } from '../../../lib/format.ts';
import { walletQueryScope } from '../../../lib/query-scopes.ts';

export type FundingOverview = output<typeof fundingOverviewSchema>;

export { userTimeZone };

/** POST /web/userCenter/getFundingOverview: today's date and realised profit, and the USD total. */
export function getFundingOverview(signal?: AbortSignal): Promise<FundingOverview> {
  return callApi(walletRoutes.fundingOverview, { body: { timeZone: userTimeZone() }, signal });
}

export const fundingOverviewQueryOptions = () =>
  queryOptions({
    queryKey: [...walletQueryScope, 'funding-overview'],
    queryFn: ({ signal }) => getFundingOverview(signal),
    // Money may have moved while the app was in the background: coming back to it reads again.
    refetchOnWindowFocus: 'always',
  });

export function useFundingOverview() {
  return useQuery(fundingOverviewQueryOptions());
}
