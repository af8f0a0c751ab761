/**
 * The trading states of spec §4 (directions, order types and statuses, time in force), apart from the
 * schemas of `trading.ts` so a screen that only needs a value (the buy and sell buttons) loads no zod.
 */

/** Trade direction of spec §4: Buy 0, Sell 1. */
export const tradeDirections = { buy: 0, sell: 1 } as const;
/** Order type of spec §4 (Market 0, Limit 1) plus Stop 2 and StopLimit 3. */
export const orderTypes = { market: 0, limit: 1, stop: 2, stopLimit: 3 } as const;
/** Open/close of spec §4: Open 0, Close 1. */
export const openCloseKinds = { open: 0, close: 1 } as const;
/** Order status of spec §4: 0 and 3 in progress (0 resting or entrusted, 3 a stop-limit whose stop was hit), 1 success, 2 cancelled. */
export const orderStatuses = { entrusted: 0, success: 1, cancelled: 2, triggered: 3 } as const;
/** The statuses of an order still in progress (it may fill or be cancelled). */
export const inProgressOrderStatuses = [orderStatuses.entrusted, orderStatuses.triggered] as const;
export type TradeDirection = (typeof tradeDirections)[keyof typeof tradeDirections];
export type OrderType = (typeof orderTypes)[keyof typeof orderTypes];
export type OpenCloseKind = (typeof openCloseKinds)[keyof typeof openCloseKinds];
export type OrderStatus = (typeof orderStatuses)[keyof typeof orderStatuses];
export const timeInForces = ['day', 'gtc'] as const;
export type TimeInForce = (typeof timeInForces)[number];
