import type { LeverageAcknowledgeBody } from '@bolsa/contracts';
import { leverageRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { tradeQueryScope } from '../../../lib/query-scopes.ts';

const acknowledgementKey = [...tradeQueryScope, 'leverage-acknowledgement'] as const;

/** POST /trading/leverageAcknowledgement: whether the user answered the leverage check (asked only when leverage > 1). */
export function useLeverageAcknowledgement(isNeeded: boolean) {
  return useQuery({
    queryKey: acknowledgementKey,
    queryFn: ({ signal }) => callApi(leverageRoutes.acknowledgement, { body: {}, signal }),
    enabled: isNeeded,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /trading/acknowledgeLeverage: records the answers and the acceptance of the risk disclosure. */
export function useAcknowledgeLeverage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeverageAcknowledgeBody) => callApi(leverageRoutes.acknowledge, { body }),
    onSuccess: (answer) => queryClient.setQueryData(acknowledgementKey, answer),
  });
}
