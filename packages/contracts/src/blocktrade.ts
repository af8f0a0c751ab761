import { z } from 'zod';
import { stockCodeSchema } from './market.ts';
import { pageBodyFields, pageOf, pageQueryFields, pathIdSchema, recordIdSchema } from './paging.ts';
import { reviewApi } from './review.ts';
import { positiveDecimalSchema, textSchema, typeError } from './validation.ts';
import { idempotencyKeySchema } from './wallet.ts';

/**
 * Block trades (spec §2 /pages/product/blocktrade, my-trade tab 5; §4 source 4 and the permission's
 * states; §5 at least 10,000 shares; §6 a separately reviewed permission; §7 POST /blockTrade/create).
 * Prices, quantities and money are decimal strings; times are Unix milliseconds.
 */

/**
 * The permission's states (spec §4: not yet open, may apply for activation, under review), with what
 * follows a review: active, refused (with its reason and the day a new application is accepted), and
 * suspended by an operator.
 */
export const blockPermissionStates = ['notOpen', 'mayApply', 'underReview', 'active', 'refused', 'suspended'] as const;
export type BlockPermissionState = (typeof blockPermissionStates)[number];

/**
 * The suitability questionnaire: each question and its choices (their words are the app's). The server
 * alone knows the right answers; a wrong one is refused and nothing is recorded.
 */
export const blockQuestionnaire = {
  price: ['discount', 'band', 'desk'],
  risk: ['protected', 'ordinary'],
  expiry: ['newPrice', 'refused'],
} as const;
export type BlockQuestion = keyof typeof blockQuestionnaire;

const answerSchema = <Q extends BlockQuestion>(question: Q) =>
  z.enum(blockQuestionnaire[question] as unknown as [string, ...string[]], { error: 'validation.invalidValue' });

export const blockApplyBody = z.object({
  answers: z.object({ price: answerSchema('price'), risk: answerSchema('risk'), expiry: answerSchema('expiry') }),
});
export type BlockApplyBody = z.infer<typeof blockApplyBody>;

/** What it takes to apply, as operators set it. */
export const blockRequirementsSchema = z.object({
  identityVerified: z.boolean(),
  /** Total account value (cash and positions) in USD at least this. */
  minAccountValueUsd: z.string(),
  /** Filled orders on the account at least this many. */
  minFilledOrders: z.number().int(),
  /** Days after a refusal before a new application is accepted. */
  retryDays: z.number().int(),
});
export type BlockRequirements = z.infer<typeof blockRequirementsSchema>;

export const blockPermissionSchema = z.object({
  state: z.enum(blockPermissionStates),
  requirements: blockRequirementsSchema,
  /** Where the user stands against each requirement. */
  standing: z.object({
    identityVerified: z.boolean(),
    accountValueUsd: z.string(),
    filledOrders: z.number().int(),
  }),
  /** The refusal's or the suspension's reason. */
  reason: z.string().nullable(),
  /** After a refusal: when a new application is accepted. */
  retryAtTimestamp: z.number().int().nullable(),
  appliedAtTimestamp: z.number().int().nullable(),
});
export type BlockPermission = z.infer<typeof blockPermissionSchema>;

/** An instrument that trades as blocks, with its block size and today's band around the live mid. */
export const blockInstrumentSchema = z.object({
  code: z.string(),
  name: z.string(),
  source: z.string(),
  currency: z.string(),
  blockSize: z.string(),
  bandRate: z.string(),
  /** The live mid and the band's ends around it; null while no quote is known. */
  mid: z.string().nullable(),
  bandLow: z.string().nullable(),
  bandHigh: z.string().nullable(),
});
export type BlockInstrument = z.infer<typeof blockInstrumentSchema>;

export const blockQuoteBody = z.object({
  stockCode: stockCodeSchema,
  quantity: positiveDecimalSchema,
  /** A price the user proposes; it must lie inside the band. Without it the block is quoted at the mid. */
  price: positiveDecimalSchema.optional(),
  /** Buy 0 (the default) or Sell 1: a block sell sells shares of the stock the user holds. */
  direction: z.union([z.literal(0), z.literal(1)], { error: 'validation.invalidValue' }).default(0),
});

export const blockQuoteSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** Buy 0, Sell 1. */
  direction: z.number().int(),
  quantity: z.string(),
  price: z.string(),
  mid: z.string(),
  bandRate: z.string(),
  bandLow: z.string(),
  bandHigh: z.string(),
  /** Traded value, commission and what leaves the wallet (a Buy) or reaches it (a Sell), in the wallet's currency. */
  amount: z.string(),
  fee: z.string(),
  total: z.string(),
  currency: z.string(),
  walletType: z.string(),
  expiresAtTimestamp: z.number().int(),
});
export type BlockQuote = z.infer<typeof blockQuoteSchema>;

export const blockCreateBody = z.object({ quoteId: recordIdSchema, idempotencyKey: idempotencyKeySchema });

/** A block order and its post-trade report: the quote, the mid at quote and at fill, the band and the fee. */
export const blockOrderSchema = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  code: z.string(),
  /** Buy 0, Sell 1. */
  direction: z.number().int(),
  quantity: z.string(),
  price: z.string(),
  midAtQuote: z.string(),
  midAtFill: z.string().nullable(),
  /** (price − mid at fill) ÷ mid at fill, as a decimal fraction. */
  priceVsMid: z.string().nullable(),
  bandRate: z.string(),
  amount: z.string(),
  fee: z.string(),
  currency: z.string(),
  status: z.enum(['filled']),
  quotedAtTimestamp: z.number().int(),
  filledAtTimestamp: z.number().int().nullable(),
});
export type BlockOrder = z.infer<typeof blockOrderSchema>;

export const blockTradeApi = {
  permission: { method: 'POST', path: '/blockTrade/permission', body: undefined, data: blockPermissionSchema },
  apply: { method: 'POST', path: '/blockTrade/apply', body: blockApplyBody, data: blockPermissionSchema },
  instruments: { method: 'POST', path: '/blockTrade/instruments', body: undefined, data: z.array(blockInstrumentSchema) },
  quote: { method: 'POST', path: '/blockTrade/quote', body: blockQuoteBody, data: blockQuoteSchema },
  create: { method: 'POST', path: '/blockTrade/create', body: blockCreateBody, data: blockOrderSchema },
  orders: { method: 'POST', path: '/blockTrade/pageList', body: z.object(pageBodyFields), data: pageOf(blockOrderSchema) },
} as const;

/** An application as operators review it: who, where they stood when they applied, and the decision. */
export const operatorBlockApplicationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  accountValueUsd: z.string(),
  filledOrders: z.number().int(),
  identityVerified: z.boolean(),
  reason: z.string().nullable(),
  appliedAtTimestamp: z.number().int(),
  decidedAtTimestamp: z.number().int().nullable(),
});

export const operatorBlockMarketSchema = z.object({ source: z.string(), minQuantity: z.string(), bandRate: z.string() });
export const operatorBlockSettingsSchema = z.object({
  requirements: blockRequirementsSchema,
  markets: z.array(operatorBlockMarketSchema),
  instruments: z.array(z.object({ code: z.string(), name: z.string(), source: z.string(), blockSize: z.string() })),
});
const rateSchema = z
  .string({ error: typeError })
  .regex(/^0(\.\d{1,4})?$/, { error: 'validation.invalidValue' })
  .refine((value) => Number(value) > 0 && Number(value) <= 0.1, { error: 'validation.invalidValue' });
const wholeSchema = z.string({ error: typeError }).regex(/^[1-9]\d{0,9}$/, { error: 'validation.invalidValue' });
export const operatorBlockSettingsBody = z.object({
  requirements: z.object({
    identityVerified: z.boolean(),
    minAccountValueUsd: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'validation.invalidValue' }),
    minFilledOrders: z.number().int().min(0).max(100_000),
    retryDays: z.number().int().min(0).max(365),
  }),
  markets: z.array(z.object({ source: z.enum(['0', 'ARG', '7']), minQuantity: wholeSchema, bandRate: rateSchema })).max(3),
});
export const operatorBlockInstrumentBody = z.object({ code: textSchema(20), blockSize: wholeSchema.optional() });
export const operatorBlockCodeParams = z.object({ code: z.string().min(1).max(20) });
export const operatorBlockUserParams = z.object({ userId: pathIdSchema });
export const operatorBlockPermissionSchema = z.object({
  userId: z.string(),
  userEmail: z.string(),
  status: z.enum(['active', 'suspended']),
  reason: z.string().nullable(),
  updatedAtTimestamp: z.number().int(),
});
export const operatorBlockOrderSchema = blockOrderSchema.extend({ userId: z.string(), userEmail: z.string() });

export const operatorBlockApplicationsApi = reviewApi({
  path: '/blocktrade/applications',
  permission: 'blocktrade.review',
  item: operatorBlockApplicationSchema,
  decided: operatorBlockApplicationSchema,
});

export const operatorBlockTradeApi = {
  settings: { method: 'GET', path: '/blocktrade/settings', permission: 'blocktrade.manage', data: operatorBlockSettingsSchema },
  saveSettings: {
    method: 'POST',
    path: '/blocktrade/settings',
    permission: 'blocktrade.manage',
    body: operatorBlockSettingsBody,
    data: operatorBlockSettingsSchema,
  },
  addInstrument: {
    method: 'POST',
    path: '/blocktrade/instruments',
    permission: 'blocktrade.manage',
    body: operatorBlockInstrumentBody,
    data: operatorBlockSettingsSchema,
  },
  removeInstrument: {
    method: 'POST',
    path: '/blocktrade/instruments/:code/remove',
    permission: 'blocktrade.manage',
    params: operatorBlockCodeParams,
    data: operatorBlockSettingsSchema,
  },
  permissions: {
    method: 'GET',
    path: '/blocktrade/permissions',
    permission: 'blocktrade.review',
    query: z.object(pageQueryFields),
    data: pageOf(operatorBlockPermissionSchema),
  },
  suspend: {
    method: 'POST',
    path: '/blocktrade/permissions/:userId/suspend',
    permission: 'blocktrade.manage',
    params: operatorBlockUserParams,
    body: z.object({ reason: textSchema(200) }),
    data: operatorBlockPermissionSchema,
  },
  orders: {
    method: 'GET',
    path: '/blocktrade/orders',
    permission: 'blocktrade.review',
    query: z.object(pageQueryFields),
    data: pageOf(operatorBlockOrderSchema),
  },
} as const;
