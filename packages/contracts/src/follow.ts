import { z } from 'zod';
import { pageBodyFields, pageOf, pathIdSchema, recordIdSchema } from './paging.ts';
import { amountSchema, typeError } from './validation.ts';
import { idempotencyKeySchema } from './wallet.ts';

/**
 * Follow-invest (issue 20 §1; spec §2 /pages/product/follow, /pages/payment/follow; §3 institution, total
 * amount, status, subscription amount; §4 wait confirm, to be settled, settled, the FOLLOW wallet; §5 100 to
 * 1,000,000, cannot be sold after ordering; §7 /userFollowInvest/...). An institution is a model portfolio
 * whose operators set its instruments and weights; its NAV per unit comes from the live feed. Everything
 * shown is realised: no projected or promised return. Money and NAV are decimal strings.
 */

/** Spec §5: a follow is 100 to 1,000,000 (USD, from the FOLLOW wallet). */
export const FOLLOW_AMOUNT_MIN = '100';
export const FOLLOW_AMOUNT_MAX = '1000000';

/** Spec §4: wait confirm (held), to be settled (units bought, locked for the period), settled. */
export const followStatuses = ['wait_confirm', 'to_be_settled', 'settled'] as const;
export type FollowStatus = (typeof followStatuses)[number];

/** Why a follow ended: its period ran out, or the user's loss limit stopped it early. */
export const followEndReasons = ['matured', 'stop_loss'] as const;

/** The questions asked before a first follow, each with the one answer that shows the risk is understood. */
export const appropriatenessQuestions = [
  { id: 'canLose', answers: ['yes', 'no'], expected: 'yes' },
  { id: 'canWithdrawEarly', answers: ['yes', 'no'], expected: 'no' },
  { id: 'pastIsPromise', answers: ['yes', 'no'], expected: 'no' },
] as const;
export type AppropriatenessQuestionId = (typeof appropriatenessQuestions)[number]['id'];

const money = z.string();
const yesNo = z.enum(['yes', 'no'], { error: 'validation.invalidValue' });

export const navPointSchema = z.object({ day: z.string(), nav: z.string() });

/** Realised returns of the portfolio's NAV over a window (null when the portfolio is younger than it). */
export const institutionReturnsSchema = z.object({
  oneMonth: z.string().nullable(),
  threeMonths: z.string().nullable(),
  oneYear: z.string().nullable(),
  sinceInception: z.string(),
});

export const holdingWeightSchema = z.object({ code: z.string(), name: z.string(), weight: z.string() });

/** A change of the portfolio as every follower sees it, with its time. */
export const rebalanceSchema = z.object({
  id: z.string(),
  atTimestamp: z.number().int(),
  nav: z.string(),
  weights: z.array(holdingWeightSchema),
  note: z.string(),
});

/** An institution (spec §7 getInvestAgencyList): its portfolio, record, fees and followers. */
export const institutionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(['active', 'closed']),
  currency: z.literal('USD'),
  inceptionTimestamp: z.number().int(),
  nav: z.string(),
  navTimestamp: z.number().int(),
  /** Daily NAV since inception (the last point is today's latest). */
  navHistory: z.array(navPointSchema),
  /** Fractions of the NAV's change, before each follower's fees. */
  returns: institutionReturnsSchema,
  /** Largest fall from a peak of the daily NAV, as a negative fraction (0 when it never fell). */
  maxDrawdown: z.string(),
  /** Standard deviation of daily returns, annualised (× √365), as a fraction. */
  volatility: z.string(),
  /** Users following it now (held or locked). */
  followers: z.number().int(),
  /** Follows settled so far, and the median of their results after fees (a fraction of what they put in). */
  settledFollows: z.number().int(),
  followersMedianResult: z.string().nullable(),
  /** The portfolio's own return over the same follows' periods, for comparison (median, before fees). */
  portfolioMedianResult: z.string().nullable(),
  /** Yearly management fee, charged pro rata at settlement. */
  managementFeeRate: z.string(),
  /** Share of the gain above the follower's high-water mark, charged at settlement. */
  performanceFeeRate: z.string(),
  /** The periods a follow can choose, in minutes. */
  periodsMinutes: z.array(z.number().int()),
  weights: z.array(holdingWeightSchema),
  rebalances: z.array(rebalanceSchema),
});
export type Institution = z.infer<typeof institutionSchema>;

export const followOrderSchema = z.object({
  id: z.string(),
  institutionId: z.string(),
  institutionName: z.string(),
  status: z.enum(followStatuses),
  endReason: z.enum(followEndReasons).nullable(),
  currency: z.literal('USD'),
  /** Spec §3: subscription amount (what was put in) and total amount (its value now at NAV, or what was paid back). */
  subscriptionAmount: money,
  totalAmount: money,
  units: z.string().nullable(),
  entryNav: z.string().nullable(),
  exitNav: z.string().nullable(),
  periodMinutes: z.number().int(),
  /** The loss, as a percentage of the amount, at which the follow is ended early at NAV (null: none set). */
  stopLossPercent: z.number().int().nullable(),
  /**
   * The fee terms of this follow: the institution's when it was made, kept for its whole life (an operator's
   * later change applies to new follows only). A yearly management fee and a share of the gain above the
   * follower's high-water mark, as fractions.
   */
  managementFeeRate: z.string(),
  performanceFeeRate: z.string(),
  managementFee: money.nullable(),
  performanceFee: money.nullable(),
  /** What was paid back to the FOLLOW wallet, and the result after fees. */
  payout: money.nullable(),
  result: money.nullable(),
  createTimestamp: z.number().int(),
  confirmTimestamp: z.number().int().nullable(),
  /** When the lock ends (from the cut-off that bought the units). */
  endTimestamp: z.number().int().nullable(),
  settleTimestamp: z.number().int().nullable(),
});
export type FollowOrder = z.infer<typeof followOrderSchema>;

export const followAddBody = z.object({
  institutionId: recordIdSchema,
  amount: amountSchema,
  periodMinutes: z.number({ error: typeError }).int({ error: 'validation.invalidValue' }).min(1).max(5_256_000),
  stopLossPercent: z
    .number({ error: typeError })
    .int({ error: 'validation.invalidValue' })
    .min(1, { error: 'validation.invalidValue' })
    .max(90, { error: 'validation.invalidValue' })
    .nullable()
    .default(null),
  idempotencyKey: idempotencyKeySchema,
});

export const appropriatenessSchema = z.object({
  isDone: z.boolean(),
  acceptedTimestamp: z.number().int().nullable(),
  questions: z.array(z.object({ id: z.string(), answers: z.array(z.string()) })),
});

export const appropriatenessBody = z.object({
  answers: z.object({ canLose: yesNo, canWithdrawEarly: yesNo, pastIsPromise: yesNo }),
  acceptsRiskWarning: z.literal(true, { error: 'validation.invalidValue' }),
});

export const followApi = {
  agencies: { method: 'GET', path: '/userFollowInvest/getInvestAgencyList', body: undefined, data: z.array(institutionSchema) },
  add: { method: 'POST', path: '/userFollowInvest/add', body: followAddBody, data: followOrderSchema },
  orders: { method: 'POST', path: '/userFollowInvest/pageList', body: z.object(pageBodyFields), data: pageOf(followOrderSchema) },
  sell: { method: 'POST', path: '/userFollowInvest/sell', body: z.object({ id: recordIdSchema }), data: followOrderSchema },
  appropriateness: { method: 'GET', path: '/userFollowInvest/appropriateness', body: undefined, data: appropriatenessSchema },
  answerAppropriateness: {
    method: 'POST',
    path: '/userFollowInvest/appropriateness',
    body: appropriatenessBody,
    data: appropriatenessSchema,
  },
} as const;

const rate = z
  .string({ error: typeError })
  .trim()
  .regex(/^0(\.\d{1,6})?$/, { error: 'validation.invalidValue' });
const weight = z
  .string({ error: typeError })
  .trim()
  .regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/, { error: 'validation.invalidValue' });

export const institutionBody = z.object({
  name: z.string({ error: typeError }).trim().min(2, { error: 'validation.tooShort' }).max(80, { error: 'validation.tooLong' }),
  description: z.string({ error: typeError }).trim().max(500, { error: 'validation.tooLong' }),
  managementFeeRate: rate,
  performanceFeeRate: rate,
  periodsMinutes: z
    .array(z.number({ error: typeError }).int().min(1, { error: 'validation.invalidValue' }).max(5_256_000), { error: typeError })
    .min(1, { error: 'validation.invalidValue' })
    .max(8, { error: 'validation.tooLong' }),
});

export const rebalanceBody = z.object({
  weights: z
    .array(z.object({ code: z.string({ error: typeError }).trim().min(1).max(20), weight }), { error: typeError })
    .min(1, { error: 'validation.invalidValue' })
    .max(20, { error: 'validation.tooLong' }),
  note: z.string({ error: typeError }).trim().max(300, { error: 'validation.tooLong' }).default(''),
});

export const operatorFollowerSchema = followOrderSchema.extend({ userId: z.string(), userEmail: z.string() });

export const operatorInstitutionSchema = institutionSchema.extend({
  createdBy: z.string(),
  /** Units outstanding × NAV: what the followers' locked follows are worth now. */
  valueOutstanding: money,
  heldAmount: money,
});

const idParams = z.object({ id: pathIdSchema });

export const operatorFollowApi = {
  institutions: { method: 'GET', path: '/follow/institutions', permission: 'follow.read', data: z.array(operatorInstitutionSchema) },
  create: {
    method: 'POST',
    path: '/follow/institutions',
    permission: 'follow.manage',
    body: institutionBody.extend(rebalanceBody.shape),
    data: operatorInstitutionSchema,
  },
  update: {
    method: 'POST',
    path: '/follow/institutions/:id',
    permission: 'follow.manage',
    params: idParams,
    body: institutionBody,
    data: operatorInstitutionSchema,
  },
  rebalance: {
    method: 'POST',
    path: '/follow/institutions/:id/rebalance',
    permission: 'follow.manage',
    params: idParams,
    body: rebalanceBody,
    data: operatorInstitutionSchema,
  },
  followers: {
    method: 'GET',
    path: '/follow/institutions/:id/followers',
    permission: 'follow.read',
    params: idParams,
    data: z.array(operatorFollowerSchema),
  },
} as const;
