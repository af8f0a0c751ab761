import type { BlockApplyBody, TradeDirection } from '@bolsa/contracts';
import { blockTradeRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { tradeQueryScope, walletQueryScope } from '../../../lib/query-scopes.ts';

const blockScope = [...tradeQueryScope, 'block'] as const;
const permissionKey = [...blockScope, 'permission'] as const;

/** POST /blockTrade/permission: the permission's state, its requirements and where the user stands. */
export function useBlockPermission() {
  return useQuery({
    queryKey: permissionKey,
    queryFn: ({ signal }) => callApi(blockTradeRoutes.permission, { body: {}, signal }),
    // Where the user stands moves with money and orders elsewhere in the app: read it afresh on every visit.
    refetchOnMount: 'always',
  });
}

/** POST /blockTrade/apply: the application with the questionnaire's answers. */
export function useApplyForBlocks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlockApplyBody) => callApi(blockTradeRoutes.apply, { body }),
    onSuccess: (answer) => queryClient.setQueryData(permissionKey, answer),
  });
}

/** POST /blockTrade/instruments: the eligible instruments with their block size and today's band (refreshed every 10 s). */
export function useBlockInstruments() {
  return useQuery({
    queryKey: [...blockScope, 'instruments'],
    queryFn: ({ signal }) => callApi(blockTradeRoutes.instruments, { body: {}, signal }),
    refetchInterval: 10_000,
  });
}

/** POST /blockTrade/quote: a price held for 10 seconds. */
export function useBlockQuote() {
  return useMutation({
    mutationFn: (body: { stockCode: string; quantity: string; direction: TradeDirection; price?: string }) =>
      callApi(blockTradeRoutes.quote, { body }),
  });
}

/** POST /blockTrade/create: accepts a quote; the block's order, position and wallets are refetched. */
export function useAcceptBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { quoteId: string; idempotencyKey: string }) => callApi(blockTradeRoutes.create, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tradeQueryScope });
      void queryClient.invalidateQueries({ queryKey: walletQueryScope });
    },
  });
}

/** POST /blockTrade/pageList: the user's block orders with their reports, newest first. */
export function useBlockOrders() {
  return useQuery({
    queryKey: [...blockScope, 'orders'],
    queryFn: ({ signal }) => callApi(blockTradeRoutes.orders, { body: { pageNum: 1, pageSize: 100 }, signal }),
  });
}
