import type { PriceAlertCreateBody } from '@bolsa/contracts';
import { priceAlertRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { alertsQueryScope } from '../../../lib/query-scopes.ts';

/**
 * GET /priceAlert/list: the user's armed and fired alerts (one instrument's, or all). A firing arrives as
 * an inbox message on the push socket, which refreshes this scope (`useLiveMessages`): no polling.
 */
export function usePriceAlerts(code?: string) {
  return useQuery({
    queryKey: [...alertsQueryScope, code ?? 'all'],
    queryFn: ({ signal }) => callApi(priceAlertRoutes.list, { query: code ? { code } : {}, signal }),
  });
}

/** POST /priceAlert/create: arms an alert. */
export function useCreatePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PriceAlertCreateBody) => callApi(priceAlertRoutes.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsQueryScope }),
  });
}

/** POST /priceAlert/delete/:id: removes an alert, armed or fired. */
export function useDeletePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(priceAlertRoutes.delete, { params: { id }, body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsQueryScope }),
  });
}
