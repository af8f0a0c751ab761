import { productsRoutes } from '@bolsa/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { tradeQueryScope } from '../../../lib/query-scopes.ts';

/** POST /position/subscription: the user's IPO applications with their state, money and allotment. */
export function useSubscriptions() {
  return useQuery({
    queryKey: [...tradeQueryScope, 'subscription'],
    queryFn: ({ signal }) => callApi(productsRoutes.subscriptions, { signal }),
  });
}
