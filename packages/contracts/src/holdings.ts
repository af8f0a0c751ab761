import { z } from 'zod';

/**
 * What a user holds of one stock, for the order ticket's Sell (issue 15 §2): a Sell on a stock closes
 * against the long held (the spec's open/close flag, Close 1) and never sells more than that; opening a
 * short is a separate, explicit choice (`openClose: 0` with direction 1), offered only where it is allowed.
 */
export const holdingSchema = z.object({
  stockCode: z.string(),
  /** The open long quantity in this instrument, over all its positions. */
  heldQuantity: z.string(),
  /** What a Sell can close now: held less what closes already queued for the open have reserved. */
  sellableQuantity: z.string(),
  /** Whether opening a short is offered: futures, forex, and US large caps (easy to borrow) with margin. */
  canSellShort: z.boolean(),
});
export type Holding = z.infer<typeof holdingSchema>;

const stockCode = z
  .string({ error: 'validation.invalidType' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(20, { error: 'validation.tooLong' })
  .transform((value) => value.toUpperCase());

export const holdingApi = {
  holding: { method: 'POST', path: '/stock/holding', body: z.object({ stockCode }), data: holdingSchema },
} as const;
