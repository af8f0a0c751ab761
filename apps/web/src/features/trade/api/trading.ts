import {
  type halfOrFullSchema,
  type minCountSchema,
  type Order,
  type Position,
  type TimeInForce,
  type TradableSource,
  tradingApi,
  type WalletType,
  walletApi,
} from '@bolsa/contracts';
import { skipToken, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { tradeQueryScope, walletQueryScope } from '../../../lib/query-scopes.ts';

export type MinCount = output<typeof minCountSchema>;
export type HalfOrFull = output<typeof halfOrFullSchema>;
export type ListPage<T> = { list: T[]; total: number; pageNum: number; pageSize: number; hasMore: boolean };

/** Every trading read lives under this key, so an order or a close refreshes all lists at once. */

/** Enough rows for one screen of a retail account; the server caps a page at 100. */
const LIST_PAGE_SIZE = 100;

/** Rows per page of the lists that grow as the user scrolls (closed, entrusted, order history). */
export const SCROLL_PAGE_SIZE = 20;

export type TradeList = 'holding' | 'closed' | 'entrusted' | 'history';

const listEndpoints = {
  holding: tradingApi.positions,
  closed: tradingApi.closedPositions,
  entrusted: tradingApi.entrustedOrders,
  history: tradingApi.orderHistory,
} as const;

/** POST /position/me, /position/flatList, /position/consignList or /position/water/pageList: one page of a trade list. */
export function getTradeList<T extends Position | Order>(
  list: TradeList,
  signal?: AbortSignal,
  paging: { pageNum: number; pageSize: number } = { pageNum: 1, pageSize: LIST_PAGE_SIZE },
): Promise<ListPage<T>> {
  // The entry types the page; the caller names the row type of the list it asks for (positions or orders).
  return callApi(listEndpoints[list], { body: paging, signal }) as Promise<ListPage<T>>;
}

/** A trade list read a page at a time as the user scrolls; newest first, as the server orders it. */
function useScrolledTradeList<T extends Position | Order>(list: Exclude<TradeList, 'holding'>) {
  return useInfiniteQuery({
    queryKey: [...tradeQueryScope, list],
    queryFn: ({ pageParam, signal }) => getTradeList<T>(list, signal, { pageNum: pageParam, pageSize: SCROLL_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last: ListPage<T>) => (last.hasMore ? last.pageNum + 1 : undefined),
  });
}

/**
 * The open positions as the server values them. Screens revalue them live on each quote
 * (`useLivePositions`); the list itself is fetched again on the user's order and position events.
 */
export function usePositions() {
  return useQuery({
    queryKey: [...tradeQueryScope, 'holding'],
    queryFn: ({ signal }) => getTradeList<Position>('holding', signal),
  });
}

export function useClosedPositions() {
  return useScrolledTradeList<Position>('closed');
}

export function useEntrustedOrders() {
  return useScrolledTradeList<Order>('entrusted');
}

/** Every order of the user, filled, waiting or cancelled (position activity). */
export function useOrderHistory() {
  return useScrolledTradeList<Order>('history');
}

/** POST /orders/cancel: cancels an order still waiting; its reserved money is released. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => callApi(tradingApi.cancelOrder, { body: { orderId } }),
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
    queryFn: ({ signal }) => callApi(tradingApi.minCount, { body: { stockCode: code }, signal }),
    enabled: code !== '',
    retry: false,
  });
}

/** POST /position/getByStock: the user's open positions in one instrument. */
export function usePositionsByStock(code: string) {
  return useQuery({
    queryKey: [...tradeQueryScope, 'by-stock', code],
    queryFn: ({ signal }) => callApi(tradingApi.positionsByStock, { body: { stockCode: code }, signal }),
    enabled: code !== '',
  });
}

/** POST /position/getHalfOrFullNum: half and all of a position, in whole lots. */
export function useHalfOrFull(positionId: string | undefined) {
  return useQuery({
    queryKey: [...tradeQueryScope, 'half-or-full', positionId],
    queryFn: positionId === undefined ? skipToken : ({ signal }) => callApi(tradingApi.halfOrFull, { body: { id: positionId }, signal }),
  });
}

/** Which wallet pays for each market (the server's rules). */
export const walletOfSource: Record<TradableSource, WalletType> = { '0': 'STOCK', ARG: 'AR', '7': 'TW', '3': 'FUTURE', '2': 'FOREX' };

export function isTradableSource(source: string): source is TradableSource {
  return Object.hasOwn(walletOfSource, source);
}

/** POST /wallet/getWalletBalance: the market's wallet, for the available balance. */
export function useMarketWallet(walletType: WalletType | undefined) {
  return useQuery({
    queryKey: [...walletQueryScope, 'one', walletType],
    queryFn: walletType === undefined ? skipToken : ({ signal }) => callApi(walletApi.walletBalance, { body: { walletType }, signal }),
  });
}

export type OrderInput = {
  source: TradableSource;
  code: string;
  name: string;
  direction: 0 | 1;
  type: 0 | 1 | 2 | 3;
  quantity: string;
  price?: string | undefined;
  stopPrice?: string | undefined;
  leverage: number;
  timeInForce: TimeInForce;
  takeProfit?: string | undefined;
  stopLoss?: string | undefined;
  idempotencyKey: string;
};

/** The create call of each market: stocks (US and Argentina), Taiwan stocks, futures, forex. */
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
  if (source === '3') return callApi(tradingApi.createGold, { body: { goldCode: code, goldName: name, ...common } });
  if (source === '2') return callApi(tradingApi.createForex, { body: { stockCode: code, ...common } });
  if (source === '7') return callApi(tradingApi.createTwStock, { body: { stockCode: code, source, ...common } });
  return callApi(tradingApi.createStock, { body: { stockCode: code, source, ...common } });
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
      callApi(tradingApi.closePosition, { body: input }),
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
    mutationFn: (input: { id: string; amount: string; idempotencyKey: string }) => callApi(tradingApi.addMargin, { body: input }),
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
      callApi(tradingApi.updateTakeProfitStopLoss, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradeQueryScope }),
  });
}
