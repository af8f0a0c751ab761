import { z } from 'zod';
import { stockCodeSchema } from './market.ts';
import { pageBodyFields, pageOf, pageQueryFields, recordIdSchema } from './paging.ts';
import { positiveDecimalSchema, typeError } from './validation.ts';
import { idempotencyKeySchema } from './wallet.ts';

/**
 * Large orders worked over time (issue 19 §3, TWAP): any user asks for a stock order to be worked as
 * equal slices at regular intervals over a period, each slice a market order of the trading module at
 * that moment's price, with an optional limit beyond which slices wait. Prices, quantities and money are
 * decimal strings; times are Unix milliseconds.
 */
export const twapLimits = {
  /** The shortest and the longest period, in seconds (5 minutes to a day). */
  periodSecondsMin: 300,
  periodSecondsMax: 86_400,
  slicesMin: 2,
  slicesMax: 100,
  /** Slices are at least this far apart (the job that places them runs every few seconds). */
  intervalSecondsMin: 15,
  /** Worked orders a user may have working at once. */
  workingMax: 5,
} as const;

/**
 * working: slices still to place (one may be waiting for the price to come back inside the limit, or
 * for the market to open); completed: every slice filled; cancelled by the user; expired: the period
 * ended with a slice still waiting; stopped: trading refused a slice (not enough money or shares, a
 * freeze), see `stopReason`. In every end state what was filled stays filled.
 */
export const twapStatuses = ['working', 'completed', 'cancelled', 'expired', 'stopped'] as const;
export type TwapStatus = (typeof twapStatuses)[number];

/** Why the due slice waits: the price is beyond the limit, the market is shut, or the instrument is halted. */
export const twapWaitReasons = ['limit', 'marketClosed', 'halted'] as const;

const wholeQuantity = z
  .union([z.string(), z.number()], { error: typeError })
  .transform((value) => String(value).trim())
  .refine((value) => /^[1-9]\d{0,11}$/.test(value), { error: 'validation.invalidValue' });

export const twapCreateBody = z.object({
  stockCode: stockCodeSchema,
  /** Buy 0, Sell 1 (a Sell sells shares held). */
  direction: z.union([z.literal(0), z.literal(1)], { error: 'validation.invalidValue' }),
  quantity: wholeQuantity,
  periodSeconds: z
    .number({ error: typeError })
    .int({ error: 'validation.invalidValue' })
    .min(twapLimits.periodSecondsMin, { error: 'validation.invalidValue' })
    .max(twapLimits.periodSecondsMax, { error: 'validation.invalidValue' }),
  slices: z
    .number({ error: typeError })
    .int({ error: 'validation.invalidValue' })
    .min(twapLimits.slicesMin, { error: 'validation.invalidValue' })
    .max(twapLimits.slicesMax, { error: 'validation.invalidValue' }),
  /** A Buy's slices wait while the ask is above it, a Sell's while the bid is below it. */
  limitPrice: positiveDecimalSchema.optional(),
  idempotencyKey: idempotencyKeySchema,
});
export type TwapCreateBody = z.input<typeof twapCreateBody>;

export const twapSliceSchema = z.object({
  index: z.number().int(),
  orderId: z.string(),
  quantity: z.string(),
  price: z.string(),
  amount: z.string(),
  fee: z.string(),
  filledAtTimestamp: z.number().int(),
});
export type TwapSlice = z.infer<typeof twapSliceSchema>;

export const twapOrderSchema = z.object({
  id: z.string(),
  code: z.string(),
  direction: z.number().int(),
  status: z.enum(twapStatuses),
  quantity: z.string(),
  filledQuantity: z.string(),
  remainingQuantity: z.string(),
  /** Volume-weighted price of the filled slices; null before the first. */
  averagePrice: z.string().nullable(),
  /** Traded value and fees of the filled slices, in the wallet's currency. */
  filledAmount: z.string(),
  fees: z.string(),
  currency: z.string(),
  limitPrice: z.string().nullable(),
  slices: z.number().int(),
  slicesFilled: z.number().int(),
  intervalSeconds: z.number().int(),
  /** When the next slice is due, while working. */
  nextSliceAtTimestamp: z.number().int().nullable(),
  /** Why the due slice waits, while it does. */
  waitReason: z.enum(twapWaitReasons).nullable(),
  /** A stopped order: the result name of the refusal that stopped it. */
  stopReason: z.string().nullable(),
  startedAtTimestamp: z.number().int(),
  endsAtTimestamp: z.number().int(),
  endedAtTimestamp: z.number().int().nullable(),
  fills: z.array(twapSliceSchema),
});
export type TwapOrder = z.infer<typeof twapOrderSchema>;

export const twapApi = {
  create: { method: 'POST', path: '/twap/create', body: twapCreateBody, data: twapOrderSchema },
  orders: { method: 'POST', path: '/twap/pageList', body: z.object(pageBodyFields), data: pageOf(twapOrderSchema) },
  cancel: { method: 'POST', path: '/twap/cancel', body: z.object({ id: recordIdSchema }), data: twapOrderSchema },
} as const;

/** A worked order as the console lists it: its owner, and why it stopped worded in the operator's language (null unless stopped). */
export const operatorTwapOrderSchema = twapOrderSchema.extend({
  userId: z.string(),
  userEmail: z.string(),
  stopMessage: z.string().nullable(),
});

export const operatorTwapApi = {
  orders: {
    method: 'GET',
    path: '/twap/orders',
    permission: 'users.read',
    query: z.object({ ...pageQueryFields, status: z.enum(twapStatuses).optional() }),
    data: pageOf(operatorTwapOrderSchema),
  },
} as const;
