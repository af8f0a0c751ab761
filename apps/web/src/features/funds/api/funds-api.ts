import type {
  FundHolding,
  FundOrder,
  FundPlan,
  FundProduct,
  fundCreateBody,
  fundStatSchema,
  Page,
  planCreateBody,
  planUpdateBody,
  redeemBody,
  redemptionQuoteSchema,
} from '@bolsa/contracts';
import { fundRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { input, output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { fundsQueryScope, walletQueryScope } from '../../../lib/query-scopes.ts';

export type { FundHolding, FundOrder, FundPlan, FundProduct };
export type FundStat = output<typeof fundStatSchema>;
export type RedemptionQuote = output<typeof redemptionQuoteSchema>;
export type PlanAction = 'planPause' | 'planResume' | 'planEnd';

/** POST /web/user_fund_orders/productPageList: the products with their published rates and posted yield. */
export function useFundProducts() {
  return useQuery({
    queryKey: [...fundsQueryScope, 'products'],
    queryFn: ({ signal }) => callApi(fundRoutes.productPage, { body: { pageNum: 1, pageSize: 50 }, signal }) as Promise<Page<FundProduct>>,
    refetchOnMount: 'always',
  });
}

/** POST /web/user_fund_orders/stat: the totals. */
export function useFundStat() {
  return useQuery({
    queryKey: [...fundsQueryScope, 'stat'],
    queryFn: ({ signal }) => callApi(fundRoutes.stat, { body: {}, signal }) as Promise<FundStat>,
    // A day's income is posted with no action here: every visit asks again.
    refetchOnMount: 'always',
  });
}

export function useFundHoldings() {
  return useQuery({
    queryKey: [...fundsQueryScope, 'holdings'],
    queryFn: ({ signal }) => callApi(fundRoutes.holdings, { body: {}, signal }) as Promise<FundHolding[]>,
    refetchOnMount: 'always',
  });
}

/** POST /web/user_fund_orders/pageList: the latest orders (purchases, redemptions, maturities). */
export function useFundOrders() {
  return useQuery({
    queryKey: [...fundsQueryScope, 'orders'],
    queryFn: ({ signal }) => callApi(fundRoutes.page, { body: { pageNum: 1, pageSize: 30 }, signal }) as Promise<Page<FundOrder>>,
    refetchOnMount: 'always',
  });
}

export function useFundPlans() {
  return useQuery({
    queryKey: [...fundsQueryScope, 'plans'],
    queryFn: ({ signal }) => callApi(fundRoutes.plans, { body: {}, signal }) as Promise<FundPlan[]>,
    refetchOnMount: 'always',
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: fundsQueryScope }),
      queryClient.invalidateQueries({ queryKey: walletQueryScope }),
    ]);
}

/** POST /web/user_fund_orders/create: a purchase; its key makes a retry buy once. */
export function useBuyFund() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (body: input<typeof fundCreateBody>) => callApi(fundRoutes.create, { body }) as Promise<FundOrder>,
    onSuccess,
  });
}

/** POST /web/user_fund_orders/redeemQuote: what a redemption pays now and later (and when), asked before confirming. */
export function useRedeemQuote() {
  return useMutation({
    mutationFn: (body: input<typeof redeemBody>) => callApi(fundRoutes.redeemQuote, { body }) as Promise<RedemptionQuote>,
  });
}

export function useRedeem() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (body: input<typeof redeemBody> & { idempotencyKey: string }) => callApi(fundRoutes.redeem, { body }) as Promise<FundOrder>,
    onSuccess,
  });
}

export function useCreatePlan() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (body: input<typeof planCreateBody>) => callApi(fundRoutes.planCreate, { body }) as Promise<FundPlan>,
    onSuccess,
  });
}

export function useUpdatePlan() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (body: input<typeof planUpdateBody>) => callApi(fundRoutes.planUpdate, { body }) as Promise<FundPlan>,
    onSuccess,
  });
}

/** Pause, resume or end a plan. */
export function usePlanAction() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({ action, id }: { action: PlanAction; id: string }) =>
      callApi(fundRoutes[action] as typeof fundRoutes.planPause, { body: { id } }) as Promise<FundPlan>,
    onSuccess,
  });
}
