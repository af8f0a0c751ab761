import { operatorDashboardApi } from '@bolsa/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** GET /admin/api/dashboard: the queues, today's figures and the last reconciliation, refreshed each minute. */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => callApi(operatorDashboardApi.summary, { signal }),
    refetchInterval: 60_000,
  });
}
