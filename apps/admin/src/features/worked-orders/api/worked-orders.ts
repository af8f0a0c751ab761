import type { EndpointAnswer } from '@bolsa/client-kit/api-client';
import { operatorTwapApi, type TwapStatus } from '@bolsa/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { currentLocale } from '../../../lib/i18n.ts';

export type WorkedOrderRow = EndpointAnswer<typeof operatorTwapApi.orders>['list'][number];

/**
 * GET /admin/api/twap/orders: every user's worked orders, newest first, optionally of one status; a
 * stopped order's reason comes worded in the console's language, so the list is fetched again in a new one.
 */
export function useWorkedOrders(pageNum: number, status: TwapStatus | undefined) {
  return useQuery({
    queryKey: ['worked-orders', pageNum, status ?? 'all', currentLocale()],
    queryFn: ({ signal }) => callApi(operatorTwapApi.orders, { query: { pageNum, pageSize: 20, ...(status ? { status } : {}) }, signal }),
  });
}
