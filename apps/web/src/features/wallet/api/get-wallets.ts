import type { walletOverviewSchema } from '@bolsa/contracts';
import { walletRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { walletQueryScope } from '../../../lib/query-scopes.ts';

export type WalletOverview = output<typeof walletOverviewSchema>;

/** POST /web/userCenter/getWalletBalance: every wallet of the user with its balances, and the USD total. */
export function getWallets(signal?: AbortSignal): Promise<WalletOverview> {
  return callApi(walletRoutes.allWallets, { body: {}, signal });
}

export const walletsQueryOptions = () =>
  queryOptions({
    queryKey: [...walletQueryScope, 'all'],
    queryFn: ({ signal }) => getWallets(signal),
    // Money may have moved while the app was in the background: coming back to it reads again.
    refetchOnWindowFocus: 'always',
  });

export function useWallets() {
  return useQuery(walletsQueryOptions());
}
