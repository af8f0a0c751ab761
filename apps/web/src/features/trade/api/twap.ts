import type { TwapCreateBody } from '@bolsa/contracts';
import { twapRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../../lib/api-client.ts';
import { tradeQueryScope, walletQueryScope } from '../../../lib/query-scopes.ts';

const twapKey = [...tradeQueryScope, 'twap'] as const;
/** A slice is placed by a job that runs every few seconds: read once more this long after a slice was due. */
const AFTER_DUE_MS = 6_000;

/**
 * POST /twap/pageList: the user's worked orders with their progress. Each slice's fill arrives as the
 * ordinary order and position events (`useLiveTrading` refetches every trade read), so the progress
 * moves without polling; one read after the next slice's time also shows a slice that waits.
 */
export function useTwapOrders() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: twapKey,
    queryFn: ({ signal }) => callApi(twapRoutes.orders, { body: { pageNum: 1, pageSize: 50 }, signal }),
  });
  const next = Math.min(...(query.data?.list ?? []).map((order) => order.nextSliceAtTimestamp ?? Number.POSITIVE_INFINITY));
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: twapKey }),
      Math.max(0, next - Date.now()) + AFTER_DUE_MS,
    );
    return () => clearTimeout(timer);
  }, [next, queryClient]);
  return query;
}

/** POST /twap/create: starts a worked order. */
export function useCreateTwap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwapCreateBody) => callApi(twapRoutes.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twapKey }),
  });
}

/** POST /twap/cancel: no more slices; what filled stays. */
export function useCancelTwap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(twapRoutes.cancel, { body: { id } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: tradeQueryScope });
      await queryClient.invalidateQueries({ queryKey: walletQueryScope });
    },
  });
}
