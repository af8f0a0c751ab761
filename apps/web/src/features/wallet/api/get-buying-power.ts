import { buyingPowerRoutes } from '@bolsa/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { walletQueryScope } from '../../../lib/query-scopes.ts';

/** POST /web/wallet/buyingPower: each market's buying power (issue 15 §3), refreshed with every balance. */
export function useBuyingPower() {
  return useQuery({
    queryKey: [...walletQueryScope, 'buying-power'],
    queryFn: ({ signal }) => callApi(buyingPowerRoutes.buyingPower, { signal }),
    refetchOnWindowFocus: 'always',
  });
}
