import type { EndpointAnswer, EndpointOf } from '@bolsa/client-kit/api-client';
import {
  type halfOrFullSchema,
  isSourceOfOrderKind,
  type minCountSchema,
  type OpenCloseKind,
  type Order,
  type OrderType,
  orderKinds,
  type TimeInForce,
  type TradableSource,
  type TradeDirection,
  type WalletType,
} from '@bolsa/contracts';
import { tradingRoutes, walletRoutes } from '@bolsa/contracts/routes';
import { skipToken, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { userTimeZone } from '../../../lib/format.ts';
import { tradeQueryScope, walletQueryScope } from '../../../lib/query-scopes.ts';

export type MinCount = output<typeof minCountSchema>;
export type HalfOrFull = output<typeof halfOrFullSchema>;

/** Enough rows for one screen of a retail account; the server caps a page at 100. */
const LIST_PAGE_SIZE = 100;

/** Rows per page of the lists that grow as the user scrolls (closed, entrusted, order history). */
export const SCROLL_PAGE_SIZE = 20;

export type TradeList = 'holding' | 'closed' | 'entrusted' | 'history';

const listEndpoints = {
  holding: tradingRoutes.positions,
  closed: tradingRoutes.closedPositions,
  entrusted: tradingRoutes.entrustedOrders,
  history: tradingRoutes.orderHistory,
} as const;

/** The page each list answers, as its contract entry types it: positions (holding, closed) or orders. */
type TradeListPages = {
  holding: EndpointAnswer<EndpointOf<typeof listEndpoints.holding>>;
  closed: EndpointAnswer<EndpointOf<typeof listEndpoints.closed>>;
  entrusted: EndpointAnswer<EndpointOf<typeof listEndpoints.entrusted>>;
  history: EndpointAnswer<EndpointOf<typeof listEndpoints.history>>;
};
export type TradeListPage<L extends TradeList> = TradeListPages[L];
type ListCall<L extends TradeList> = (input: {
  body: { pageNum: number; pageSize: number; timeZone: string };
  signal?: AbortSignal;
}) => Promise<TradeListPage<L>>;

/** One typed call per list, so a list's page type follows its name without a cast. */
const listCalls: { [L in TradeList]: ListCall<L> } = {
  holding: (input) => callApi(listEndpoints.holding, input),
  closed: (input) => callApi(listEndpoints.closed, input),
  entrusted: (input) => callApi(listEndpoints.entrusted, input),
  history: (input) => callApi(listEndpoints.history, input),
};

/** POST /position/me, /position/flatList, /position/consignList or /position/water/pageList: one page of a trade list. */
export function getTradeList<L extends TradeList>(
  list: L,
  signal?: AbortSignal,
  paging: { pageNum: number; pageSize: number } = { pageNum: 1, pageSize: LIST_PAGE_SIZE },
): Promise<TradeListPage<L>> {
  const call: ListCall<L> = listCalls[list];
  // The time zone says where "today" starts for the holdings' today's P&L.
  return call({ body: { ...paging, timeZone: userTimeZone() }, signal });
}

/** A trade list read a page at a time as the user scrolls; newest first, as the server orders it. */
function useScrolledTradeList<L extends Exclude<TradeList, 'holding'>>(list: L) {
  return useInfiniteQuery({
    queryKey: [...tradeQueryScope, list],
    queryFn: ({ pageParam, signal }) => getTradeList(list, signal, { pageNum: pageParam, pageSize: SCROLL_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last: TradeListPage<L>) => (last.hasMore ? last.pageNum + 1 : undefined),
  });
}

/**
 * The open positions as the server values them. Screens revalue them live on each quote
 * (`useLivePositions`); the list itself is fetched again on the user's order and position events.
 */
export function usePositions() {
  return useQuery({
    queryKey: [...tradeQueryScope, 'holding'],
    queryFn: ({ signal }) => getTradeList('holding', signal),
  });
}

export function useClosedPositions() {
  return useScrolledTradeList('closed');
}

export function useEntrustedOrders() {
  return useScrolledTradeList('entrusted');
}

/** Every order of the user, filled, waiting or cancelled (position activity). */
export function useOrderHistory() {
  return useScrolledTradeList('history');
}

/** POST /orders/cancel: cancels an order still waiting; its reserved money is released. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => callApi(tradingRoutes.cancelOrder, { body: { orderId } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: tradeQueryScope });
      await queryClient.invalidateQueries({ queryKey: walletQueryScope });
    },
  });
}

/** POST /stocka_config/getMinCount: the instrument's minimum, lot, tick, leverage limits, fees and market status. */
export function useMinCount(code: string) {
  return useQuery({
    queryKey: [...tradeQueryScope, 'min-count', code],
    queryFn: ({ signal }) => callApi(tradingRoutes.minCount, { body: { stockCode: code }, signal }),
    enabled: code !== '',
    retry: false,
  });
}

/** POST /position/getByStock: the user's open positions in one instrument. */
export function usePositionsByStock(code: string) {
  return useQuery({
    queryKey: [...tradeQueryScope, 'by-stock', code],
    queryFn: ({ signal }) => callApi(tradingRoutes.positionsByStock, { body: { stockCode: code, timeZone: userTimeZone() }, signal }),
    enabled: code !== '',
  });
}

/** POST /position/getHalfOrFullNum: half and all of a position, in whole lots. */
export function useHalfOrFull(positionId: string | undefined) {
  return useQuery({
    queryKey: [...tradeQueryScope, 'half-or-full', positionId],
    queryFn: positionId === undefined ? skipToken : ({ signal }) => callApi(tradingRoutes.halfOrFull, { body: { id: positionId }, signal }),
  });
}

/** POST /wallet/getWalletBalance: the market's wallet, for the available balance. */
export function useMarketWallet(walletType: WalletType | undefined) {
  return useQuery({
    queryKey: [...walletQueryScope, 'one', walletType],
    queryFn: walletType === undefined ? skipToken : ({ signal }) => callApi(walletRoutes.walletBalance, { body: { walletType }, signal }),
  });
}

export type OrderInput = {
  source: TradableSource;
  code: string;
  name: string;
  direction: TradeDirection;
  type: OrderType;
  quantity: string;
  price?: string | undefined;
  stopPrice?: string | undefined;
  leverage: number;
  timeInForce: TimeInForce;
  takeProfit?: string | undefined;
  stopLoss?: string | undefined;
  idempotencyKey: string;
  /** Stocks: 1 sells what is held, 0 opens a short (issue 15 §2); absent elsewhere. */
  openClose?: OpenCloseKind | undefined;
};

/**
 * The create call of the market's order kind, from the contracts' `tradingMarkets` (stocks of the US and
 * Argentina, Taiwan stocks, futures, forex); each kind names its instrument by its own field.
 */
export function createOrder(input: OrderInput): Promise<Order> {
  const { source, code, name, ...fields } = input;
  const common = {
    direction: fields.direction,
    type: fields.type,
    quantity: fields.quantity,
    price: fields.price,
    stopPrice: fields.stopPrice,
    leverage: fields.leverage,
    timeInForce: fields.timeInForce,
    takeProfit: fields.takeProfit,
    stopLoss: fields.stopLoss,
    idempotencyKey: fields.idempotencyKey,
  };
  if (isSourceOfOrderKind(source, 'gold'))
    return callApi(tradingRoutes[orderKinds.gold.api], { body: { goldCode: code, goldName: name, ...common } });
  if (isSourceOfOrderKind(source, 'forex')) return callApi(tradingRoutes[orderKinds.forex.api], { body: { stockCode: code, ...common } });
  const openClose = fields.openClose;
  if (isSourceOfOrderKind(source, 'twStock'))
    return callApi(tradingRoutes[orderKinds.twStock.api], { body: { stockCode: code, source, ...common, openClose } });
  return callApi(tradingRoutes[orderKinds.stock.api], { body: { stockCode: code, source, ...common, openClose } });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: tradeQueryScope });
      await queryClient.invalidateQueries({ queryKey: walletQueryScope });
    },
  });
}

/** POST /position/flatPosition: closes all (no quantity) or part of a position at the market. */
export function useClosePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; quantity?: string | undefined; idempotencyKey: string }) =>
      callApi(tradingRoutes.closePosition, { body: input }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: tradeQueryScope });
      await queryClient.invalidateQueries({ queryKey: walletQueryScope });
    },
  });
}

/** POST /position/addPositionMargin: moves money from the market's wallet into a position's margin. */
export function useAddMargin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; amount: string; idempotencyKey: string }) => callApi(tradingRoutes.addMargin, { body: input }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: tradeQueryScope });
      await queryClient.invalidateQueries({ queryKey: walletQueryScope });
    },
  });
}

/** POST /position/updateTakeProfitStopLoss: sets both levels of an open position (null removes one). */
export function useUpdateTakeProfitStopLoss() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; takeProfit: string | null; stopLoss: string | null }) =>
      callApi(tradingRoutes.updateTakeProfitStopLoss, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradeQueryScope }),
  });
}
