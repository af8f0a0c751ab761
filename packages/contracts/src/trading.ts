import { z } from 'zod';
import { pageBodyFields, pageOf, recordIdSchema } from './paging.ts';
import { orderTypes, timeInForces } from './trading-enums.ts';
import { tradableSources } from './trading-markets.ts';
import { typeError } from './validation.ts';
import { idempotencyKeySchema, timeZoneSchema, walletTypeSchema } from './wallet.ts';

/**
 * Trading calls of spec §7 ("Orders", "Positions") with the states of spec §4. Quantities, prices and
 * money are decimal strings on the wire, never floats; times are Unix milliseconds.
 */

const QUANTITY_DECIMALS_MAX = 8;

/** A positive decimal (quantity or price) as a string or a number, at most 8 decimals. */
const positiveDecimalSchema = z
  .union([z.string(), z.number()], { error: typeError })
  .transform((value) => String(value).trim())
  .refine((value) => value.length <= 30 && /^\d+(\.\d+)?$/.test(value) && Number(value) > 0, { error: 'validation.invalidValue' })
  .refine((value) => (value.split('.')[1]?.length ?? 0) <= QUANTITY_DECIMALS_MAX, { error: 'validation.invalidValue' });

const codeSchema = z
  .string({ error: typeError })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(20, { error: 'validation.tooLong' })
  .transform((value) => value.toUpperCase());

const nameSchema = z.string({ error: typeError }).trim().max(100, { error: 'validation.tooLong' }).optional();

const directionSchema = z.union([z.literal(0), z.literal(1)], { error: 'validation.invalidValue' });
const orderTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: 'validation.invalidValue' });

/** Fields every create takes, whatever the market. */
const orderFields = {
  direction: directionSchema,
  /** Order type: Market 0, Limit 1, Stop 2, StopLimit 3. */
  type: orderTypeSchema.default(0),
  quantity: positiveDecimalSchema,
  /** The limit price (Limit, StopLimit). */
  price: positiveDecimalSchema.optional(),
  /** The trigger price (Stop, StopLimit). */
  stopPrice: positiveDecimalSchema.optional(),
  leverage: z
    .number({ error: typeError })
    .int({ error: 'validation.invalidValue' })
    .min(1, { error: 'validation.invalidValue' })
    .max(1000, { error: 'validation.invalidValue' })
    .default(1),
  timeInForce: z.enum(timeInForces, { error: 'validation.invalidValue' }).default('day'),
  takeProfit: positiveDecimalSchema.optional(),
  stopLoss: positiveDecimalSchema.optional(),
  idempotencyKey: idempotencyKeySchema,
};

type PriceFields = { type: number; price?: string | undefined; stopPrice?: string | undefined };
function pricesMatchType(value: PriceFields, context: z.RefinementCtx) {
  const needsLimit = value.type === orderTypes.limit || value.type === orderTypes.stopLimit;
  const needsStop = value.type === orderTypes.stop || value.type === orderTypes.stopLimit;
  if (needsLimit && value.price === undefined)
    context.addIssue({ code: 'custom', message: 'validation.required', path: ['price'], input: value.price });
  if (needsStop && value.stopPrice === undefined)
    context.addIssue({ code: 'custom', message: 'validation.required', path: ['stopPrice'], input: value.stopPrice });
}

/**
 * Stocks only (issue 15 §2): a Sell closes against the long held unless `openClose` is 0, the explicit
 * choice to open a short, allowed only on shortable stocks. Open 0, Close 1 as in spec §4.
 */
const stockOpenClose = { openClose: z.union([z.literal(0), z.literal(1)], { error: 'validation.invalidValue' }).optional() };

export const stockCreateBody = z
  .object({
    stockCode: codeSchema,
    source: z.enum(['0', 'ARG'], { error: 'validation.invalidValue' }).default('0'),
    ...orderFields,
    ...stockOpenClose,
  })
  .superRefine(pricesMatchType);
export const twStockCreateBody = z
  .object({
    stockCode: codeSchema,
    source: z.literal('7', { error: 'validation.invalidValue' }).default('7'),
    ...orderFields,
    ...stockOpenClose,
  })
  .superRefine(pricesMatchType);
export const goldCreateBody = z.object({ goldCode: codeSchema, goldName: nameSchema, ...orderFields }).superRefine(pricesMatchType);
export const forexCreateBody = z.object({ stockCode: codeSchema, ...orderFields }).superRefine(pricesMatchType);

const money = z.string();
const decimal = z.string();

export const orderSchema = z.object({
  id: z.string(),
  stockCode: z.string(),
  stockName: z.string(),
  source: z.enum(tradableSources),
  walletType: walletTypeSchema,
  /** Currency of the money fields (the wallet's). */
  currency: z.string(),
  direction: z.number().int(),
  type: z.number().int(),
  /** Open 0, Close 1. */
  openClose: z.number().int(),
  /** 0 and 3 in progress, 1 success, 2 cancelled. */
  status: z.number().int(),
  quantity: decimal,
  /** Limit price, or null. */
  price: decimal.nullable(),
  stopPrice: decimal.nullable(),
  /** The price it filled at, or null while in progress. */
  fillPrice: decimal.nullable(),
  /** Traded value (fill price × quantity × multiplier) in the wallet's currency, once filled. */
  amount: money.nullable(),
  /** Handling fee. */
  fee: money.nullable(),
  margin: money.nullable(),
  /** Money reserved while the order waits (margin + fee at the order's price). */
  heldAmount: money,
  leverage: z.number().int(),
  timeInForce: z.enum(timeInForces),
  takeProfit: decimal.nullable(),
  stopLoss: decimal.nullable(),
  positionId: z.string().nullable(),
  /** Why it was cancelled (cancelled by the user, not enough money at the fill, expired). */
  cancelReason: z.string().nullable(),
  /** Close orders: who closed (the user, the take-profit, the stop-loss, a stop-out, or a futures contract's settlement at expiry). */
  closeReason: z.enum(['user', 'take_profit', 'stop_loss', 'stop_out', 'settlement']).nullable(),
  /** An order still in progress is cancelled at this time: a day order at the close of its trading day (null when the clock never closes), a good-till-cancelled one 90 days after it was placed. */
  expireTimeTimestamp: z.number().int().nullable(),
  createTimeTimestamp: z.number().int(),
  fillTimeTimestamp: z.number().int().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const positionSchema = z.object({
  id: z.string(),
  /** Spec §3: the position's size still open. */
  positionNum: decimal,
  /** Spec §3: every position carries its own margin (isolated); losses never reach another position's. */
  isolatedPosition: z.boolean(),
  /** Spec §3: change since the open in percent, signed for the position (a falling price is a gain for a sell). */
  zdf: decimal,
  /** Floating profit and loss at the current quote, in the wallet's currency. */
  profit: money,
  /** Profit and loss realised by the closes so far. */
  sellProfit: money,
  createTimeTimestamp: z.number().int(),
  stockCode: z.string(),
  stockName: z.string(),
  source: z.enum(tradableSources),
  walletType: walletTypeSchema,
  currency: z.string(),
  direction: z.number().int(),
  /** What was opened. */
  quantity: decimal,
  openPrice: decimal,
  /** The price it would close at now (bid for a buy, ask for a sell), or null without a quote. */
  currentPrice: decimal.nullable(),
  /** Units per contract (futures; 1 otherwise): the app revalues `profit` on each quote with it. */
  multiplier: decimal,
  /**
   * Units of the wallet's currency per unit of the instrument's price currency at this reading (1 when
   * they are the same; a forex pair quoted in another currency converts at the live rate), so the app's
   * live revaluation between readings uses the server's formula: move × quantity × multiplier × rate.
   */
  walletRate: decimal,
  leverage: z.number().int(),
  margin: money,
  fees: money,
  takeProfit: decimal.nullable(),
  stopLoss: decimal.nullable(),
  status: z.enum(['open', 'closed']),
  closePrice: decimal.nullable(),
  closeTimeTimestamp: z.number().int().nullable(),
  /**
   * An open position as part of the account (issue 15 §11), from the valuation behind total assets (§1); null
   * for a closed position or where the account was not valued. Its worth in the wallet's currency: margin
   * plus floating P&L, a cash holding's market value.
   */
  marketValue: money.nullable(),
  /** Today's P&L: the floating P&L gained since the previous close (since the open if opened today) plus what its closes realised today. */
  todayPnl: money.nullable(),
  /** Its value as a percentage of the account's total assets, both in USD at the live rates. */
  weight: decimal.nullable(),
});
export type Position = z.infer<typeof positionSchema>;

export const orderDetailSchema = orderSchema.extend({
  fills: z.array(
    z.object({
      id: z.string(),
      quantity: decimal,
      price: decimal,
      fee: money,
      margin: money,
      realisedPnl: money.nullable(),
      createTimeTimestamp: z.number().int(),
    }),
  ),
});

export const minCountSchema = z.object({
  stockCode: z.string(),
  source: z.enum(tradableSources),
  walletType: walletTypeSchema,
  currency: z.string(),
  /** Spec §5: "Minimum quantity cannot be less than {num}". */
  minCount: decimal,
  lotSize: decimal,
  tickSize: decimal,
  multiplier: decimal,
  leverageMin: z.number().int(),
  leverageMax: z.number().int(),
  feeRate: decimal,
  feeMinimum: money,
  marketStatus: z.string(),
  /** An operator halted new orders on this instrument; its quotes go on. */
  isHalted: z.boolean(),
});

export const halfOrFullSchema = z.object({ positionId: z.string(), fullNum: decimal, halfNum: decimal });

const positionListBody = z
  .object({
    source: z.enum(tradableSources, { error: 'validation.invalidValue' }).optional(),
    /** The caller's time zone: where "today" of today's P&L starts (as the funding overview's). */
    timeZone: timeZoneSchema,
    ...pageBodyFields,
  })
  .optional();
const orderIdBody = z.object({ orderId: recordIdSchema });

export const tradingApi = {
  createStock: { method: 'POST', path: '/stock/create', body: stockCreateBody, data: orderSchema },
  createTwStock: { method: 'POST', path: '/twStock/create', body: twStockCreateBody, data: orderSchema },
  createGold: { method: 'POST', path: '/gold/create', body: goldCreateBody, data: orderSchema },
  createForex: { method: 'POST', path: '/forex/create', body: forexCreateBody, data: orderSchema },
  minCount: { method: 'POST', path: '/stocka_config/getMinCount', body: z.object({ stockCode: codeSchema }), data: minCountSchema },
  positions: { method: 'POST', path: '/position/me', body: positionListBody, data: pageOf(positionSchema) },
  positionsByStock: {
    method: 'POST',
    path: '/position/getByStock',
    body: z.object({ stockCode: codeSchema, timeZone: timeZoneSchema }),
    data: z.array(positionSchema),
  },
  closedPositions: { method: 'POST', path: '/position/flatList', body: positionListBody, data: pageOf(positionSchema) },
  entrustedOrders: { method: 'POST', path: '/position/consignList', body: positionListBody, data: pageOf(orderSchema) },
  orderHistory: { method: 'POST', path: '/position/water/pageList', body: positionListBody, data: pageOf(orderSchema) },
  halfOrFull: { method: 'POST', path: '/position/getHalfOrFullNum', body: z.object({ id: recordIdSchema }), data: halfOrFullSchema },
  closePosition: {
    method: 'POST',
    path: '/position/flatPosition',
    /** Without a quantity the whole position closes. */
    body: z.object({ id: recordIdSchema, quantity: positiveDecimalSchema.optional(), idempotencyKey: idempotencyKeySchema }),
    data: orderSchema,
  },
  addMargin: {
    method: 'POST',
    path: '/position/addPositionMargin',
    body: z.object({
      id: recordIdSchema,
      amount: positiveDecimalSchema.refine((value) => (value.split('.')[1]?.length ?? 0) <= 2, { error: 'validation.amountDecimals' }),
      idempotencyKey: idempotencyKeySchema,
    }),
    data: positionSchema,
  },
  updateTakeProfitStopLoss: {
    method: 'POST',
    path: '/position/updateTakeProfitStopLoss',
    /** Sets both levels of an open position; null removes one. */
    body: z.object({ id: recordIdSchema, takeProfit: positiveDecimalSchema.nullable(), stopLoss: positiveDecimalSchema.nullable() }),
    data: positionSchema,
  },
  orderDetail: { method: 'POST', path: '/orders/additions', body: orderIdBody, data: orderDetailSchema },
  cancelOrder: { method: 'POST', path: '/orders/cancel', body: orderIdBody, data: orderSchema },
} as const;
