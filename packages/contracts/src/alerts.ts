import { z } from 'zod';
import { stockCodeSchema } from './market.ts';
import { pathIdSchema } from './paging.ts';
import { positiveDecimalSchema } from './validation.ts';

/**
 * Price alerts (issue 17 §4): a user asks to be told once when an instrument's last price reaches a
 * level from below (`above`), from above (`below`), or when the day's change (the quote's change ratio,
 * in percent of the previous close) reaches a size either way (`change`). The server checks every quote
 * and fires each alert at most once, with an inbox message that the push socket announces. Thresholds
 * are decimal strings: a price in the instrument's own units, or a percentage.
 */
export const priceAlertKinds = ['above', 'below', 'change'] as const;
export type PriceAlertKind = (typeof priceAlertKinds)[number];

/** armed: waiting for its level; fired: it was reached once and told (it never fires again). */
export const priceAlertStatuses = ['armed', 'fired'] as const;
export type PriceAlertStatus = (typeof priceAlertStatuses)[number];

export const priceAlertLimits = {
  /** Alerts a user may have armed at once, over every instrument. */
  armedMax: 50,
  /** The largest day's change an alert may wait for, in percent. */
  changePercentMax: 100,
  /** Fired alerts the list keeps showing, newest first. */
  firedShown: 50,
} as const;

export const priceAlertCreateBody = z
  .object({
    stockCode: stockCodeSchema,
    kind: z.enum(priceAlertKinds, { error: 'validation.invalidValue' }),
    /** A price for `above`/`below`; a percentage (e.g. "2.5") for `change`. */
    threshold: positiveDecimalSchema,
  })
  .refine((body) => body.kind !== 'change' || Number(body.threshold) <= priceAlertLimits.changePercentMax, {
    error: 'validation.invalidValue',
    path: ['threshold'],
  });
export type PriceAlertCreateBody = z.input<typeof priceAlertCreateBody>;

export const priceAlertSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(priceAlertKinds),
  threshold: z.string(),
  status: z.enum(priceAlertStatuses),
  createdAtTimestamp: z.number().int(),
  /** When it fired, and the last price and day's change (percent) of the quote that fired it; null while armed. */
  firedAtTimestamp: z.number().int().nullable(),
  firedPrice: z.string().nullable(),
  firedChangeRatio: z.string().nullable(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

export const priceAlertListQuery = z.object({
  /** Only this instrument's alerts (the quote page); every instrument's when absent. */
  code: stockCodeSchema.optional(),
});

export const priceAlertListSchema = z.object({
  /** Armed alerts, newest first. */
  armed: z.array(priceAlertSchema),
  /** Fired alerts, most recently fired first (at most `firedShown`). */
  fired: z.array(priceAlertSchema),
  armedMax: z.number().int(),
});
export type PriceAlertList = z.infer<typeof priceAlertListSchema>;

export const priceAlertApi = {
  list: { method: 'GET', path: '/priceAlert/list', body: undefined, query: priceAlertListQuery, data: priceAlertListSchema },
  create: { method: 'POST', path: '/priceAlert/create', body: priceAlertCreateBody, data: priceAlertSchema },
  delete: {
    method: 'POST',
    path: '/priceAlert/delete/:id',
    body: undefined,
    params: z.object({ id: pathIdSchema }),
    data: z.null(),
  },
} as const;
