import type { OfferingKind, OfferingPhase } from '@bolsa/contracts';
import { productsRoutes } from '@bolsa/contracts/routes';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { tradeQueryScope, walletQueryScope } from '../../../lib/query-scopes.ts';

const scope = ['newstock'] as const;

/** GET /m_ft/webull/new/stock: the IPOs of one phase (upcoming, open or closed). */
export function useNewStocks(phase: OfferingPhase) {
  return useQuery({
    queryKey: [...scope, 'list', phase],
    queryFn: ({ signal }) => callApi(productsRoutes.newStock, { query: { type: phase }, signal }),
  });
}

/** GET /m_ft/webull/new/stock/detail: one IPO with its rule, dates and demand so far. */
export function useOffering(id: string | null) {
  return useQuery({
    queryKey: [...scope, 'detail', id],
    queryFn: id ? ({ signal }) => callApi(productsRoutes.newStockDetail, { query: { id: Number(id) }, signal }) : skipToken,
  });
}

/** POST /position/getIpoFullNum: the largest application the SUBSCRIPTION wallet covers, fee included. */
export function useFullNum(id: string | null) {
  return useQuery({
    queryKey: [...scope, 'full-num', id, ...walletQueryScope],
    queryFn: id ? ({ signal }) => callApi(productsRoutes.fullNum, { body: { offeringId: Number(id) }, signal }) : skipToken,
  });
}

/** GET /m_ft/webull/new/stock/result: the published draw, with the revealed seed. */
export function useAllotmentResult(id: string | null) {
  return useQuery({
    queryKey: [...scope, 'result', id],
    queryFn: id ? ({ signal }) => callApi(productsRoutes.allotmentResult, { query: { id: Number(id) }, signal }) : skipToken,
  });
}

/** POST /placing_stock/sale_list: the placings of one phase. */
export function usePlacings(phase: OfferingPhase) {
  return useQuery({
    queryKey: [...scope, 'placings', phase],
    queryFn: ({ signal }) => callApi(productsRoutes.placingSaleList, { body: { type: phase }, signal }),
  });
}

/** POST /position/placing_subscription: the user's placing applications. */
export function usePlacingRecords() {
  return useQuery({
    queryKey: [...scope, 'placing-records', ...tradeQueryScope],
    queryFn: ({ signal }) => callApi(productsRoutes.placingSubscriptions, { signal }),
  });
}

/** POST /position/getPlacingFlatCount: of a stock held, what placings lock and what can be sold now. */
export function usePlacingFlatCount(code: string) {
  return useQuery({
    queryKey: [...scope, 'flat-count', code, ...tradeQueryScope],
    queryFn: ({ signal }) => callApi(productsRoutes.placingFlatCount, { body: { code }, signal }),
  });
}

/** POST /NewShares/create (an IPO) or /placing_order/create (a placing): the amount and fee are held on the SUBSCRIPTION wallet at once. */
export function useApply(kind: OfferingKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { offeringId: number; quantity: number; idempotencyKey: string }) =>
      kind === 'placing' ? callApi(productsRoutes.placingCreate, { body }) : callApi(productsRoutes.create, { body }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: scope });
      await queryClient.invalidateQueries({ queryKey: tradeQueryScope });
      await queryClient.invalidateQueries({ queryKey: walletQueryScope });
    },
  });
}
