import { holdingRoutes } from '@bolsa/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { tradeQueryScope } from '../../../lib/query-scopes.ts';

/** POST /stock/holding: what the user holds of a stock and may sell, and whether a short is offered. */
export function useHolding(code: string, isEnabled: boolean) {
  return useQuery({
    queryKey: [...tradeQueryScope, 'holding-of', code],
    queryFn: ({ signal }) => callApi(holdingRoutes.holding, { body: { stockCode: code }, signal }),
    enabled: isEnabled && code !== '',
  });
}
