import { z } from 'zod';
import { pageBodyFields, pageOf, pageQueryFields, pathIdSchema, recordIdSchema } from './paging.ts';
import { amountSchema, typeError } from './validation.ts';
import { idempotencyKeySchema } from './wallet.ts';

/**
 * Funds (spec §2 /pages/yinmutual/index and myhold; §3 fund order: zdf, createTimeTimestamp,
 * expireTimeTimestamp; §7 /user_fund_orders/...), issue 20 §2. A current (money-market) fund earns a
 * rate operators publish per day, posted each morning; a period product pays its fixed rate at maturity.
 * Money is a decimal string; rates are whole basis points a year (215 = 2.15 %), never a float, and
 * every rate shown is one that was published, never a projection. Funds are bought and redeemed in US
 * dollars from and to the BALANCE wallet.
 */

export const fundKinds = ['current', 'period'] as const;
export type FundKind = (typeof fundKinds)[number];
export const planFrequencies = ['weekly', 'biweekly', 'monthly'] as const;
export type PlanFrequency = (typeof planFrequencies)[number];
export const planStatuses = ['active', 'paused', 'ended'] as const;
export const fundOrderKinds = ['purchase', 'redemption', 'maturity'] as const;
export type FundOrderKind = (typeof fundOrderKinds)[number];

/** The wallet funds are bought from and redeemed to. */
export const FUND_WALLET = 'BALANCE' as const;

const money = z.string();
const bps = z.number().int();

export const fundProductSchema = z.object({
  id: z.string(),
  kind: z.enum(fundKinds),
  code: z.string(),
  name: z.string(),
  currency: z.literal('USD'),
  minAmount: money,
  /** Current: the latest published rate and the day it is for (null before any); period: the fixed rate. */
  rateBps: bps.nullable(),
  rateDate: z.string().nullable(),
  /**
   * Current: the income actually posted over the last (up to) seven posted days, over the balances it
   * was posted on, times 365, in percent ("2.1400"); null before any day was posted. Net: no fee is taken.
   */
  sevenDayYield: z.string().nullable(),
  sevenDayYieldDays: z.number().int(),
  /** Current: how much one user may redeem instantly per UTC day; the rest arrives the next business day. */
  instantRedeemDailyCap: money.nullable(),
  /** Period: the term in days, and the early-redemption rule shown before buying. */
  periodDays: z.number().int().nullable(),
  isEarlyRedemptionAllowed: z.boolean(),
  /** The fee on the principal for an early redemption (no income is paid then), basis points. */
  earlyRedemptionFeeBps: bps,
  isEnabled: z.boolean(),
});
export type FundProduct = z.infer<typeof fundProductSchema>;

/** One holding: the current fund's balance, or one period purchase until maturity. */
export const fundHoldingSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  kind: z.enum(fundKinds),
  status: z.enum(['active', 'closed']),
  /** What is invested now: the current fund's balance (income included), or a period purchase's principal. */
  balance: money,
  /** All income posted to this holding (current) or paid at maturity (period). */
  income: money,
  /** The last posted day's income and its day (current). */
  lastIncome: money,
  lastIncomeDate: z.string().nullable(),
  rateBps: bps.nullable(),
  /** Period: the maturity date and the income it pays then, worked out at purchase. */
  expireTimeTimestamp: z.number().int().nullable(),
  incomeAtMaturity: money.nullable(),
  createTimeTimestamp: z.number().int(),
});
export type FundHolding = z.infer<typeof fundHoldingSchema>;

/** A fund order (spec §3): a purchase, a redemption or a maturity payment. */
export const fundOrderSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  holdingId: z.string(),
  kind: z.enum(fundOrderKinds),
  /** Bought by a regular investment plan (its id), else null. */
  planId: z.string().nullable(),
  amount: money,
  /** Early-redemption fee (period), else 0. */
  fee: money,
  /** Redemptions: the part paid at once and the part arriving at `arrivalTimestamp`. */
  instantAmount: money,
  deferredAmount: money,
  status: z.enum(['done', 'pending']),
  /** The rate the order was made at, as a percentage text ("2.15"): the spec's zdf. */
  zdf: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
  /** Period purchases: the maturity; redemptions: when the deferred part arrives. */
  expireTimeTimestamp: z.number().int().nullable(),
  arrivalTimestamp: z.number().int().nullable(),
});
export type FundOrder = z.infer<typeof fundOrderSchema>;

export const fundStatSchema = z.object({
  currency: z.literal('USD'),
  totalAssets: money,
  currentAmount: money,
  currentIncome: money,
  /** The last posted day's income on the current fund, and its day. */
  lastIncome: money,
  lastIncomeDate: z.string().nullable(),
  periodAmount: money,
  periodIncome: money,
  /** Bought through regular investment plans, all time; and the plans active now. */
  regularAmount: money,
  activePlans: z.number().int(),
  /** Redeemed but not yet arrived. */
  pendingRedemption: money,
});

export const fundPlanSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  amount: money,
  frequency: z.enum(planFrequencies),
  /** Weekly and every two weeks: ISO weekday (1 Monday … 7 Sunday); monthly: day of the month (1 … 28). */
  day: z.number().int(),
  status: z.enum(planStatuses),
  /** Why a plan is paused: the user paused it, or the money was short on a run day (and which). */
  pauseReason: z.enum(['user', 'short_money']).nullable(),
  shortOn: z.string().nullable(),
  nextRunDate: z.string().nullable(),
  investedTotal: money,
  runCount: z.number().int(),
});
export type FundPlan = z.infer<typeof fundPlanSchema>;

export const redemptionQuoteSchema = z.object({
  amount: money,
  instantAmount: money,
  deferredAmount: money,
  fee: money,
  /** What reaches the wallet in all. */
  payout: money,
  /** When the deferred part arrives (null when nothing is deferred). */
  arrivalTimestamp: z.number().int().nullable(),
  /** What is left of today's instant cap before this redemption. */
  instantLeftToday: money.nullable(),
  isEarly: z.boolean(),
});

const planDay = z.number({ error: typeError }).int({ error: 'validation.invalidValue' }).min(1).max(28);
const planFields = {
  amount: amountSchema,
  frequency: z.enum(planFrequencies, { error: 'validation.invalidValue' }),
  day: planDay,
};

export const fundCreateBody = z.object({
  productId: recordIdSchema,
  amount: amountSchema,
  /** The rate the user was shown (period products): refused if it changed since. */
  confirmedRateBps: z.number({ error: typeError }).int().min(0).max(100_000).optional(),
  idempotencyKey: idempotencyKeySchema,
});
export const redeemBody = z.object({ holdingId: recordIdSchema, amount: amountSchema });
export const fundOrdersPageBody = z.object({ ...pageBodyFields, productId: recordIdSchema.optional() });
export const planCreateBody = z.object({ productId: recordIdSchema, ...planFields, idempotencyKey: idempotencyKeySchema });
export const planUpdateBody = z.object({ id: recordIdSchema, ...planFields });
export const planIdBody = z.object({ id: recordIdSchema });

export const fundApi = {
  stat: { method: 'POST', path: '/user_fund_orders/stat', body: z.object({}).optional(), data: fundStatSchema },
  productPage: {
    method: 'POST',
    path: '/user_fund_orders/productPageList',
    body: z.object(pageBodyFields),
    data: pageOf(fundProductSchema),
  },
  create: { method: 'POST', path: '/user_fund_orders/create', body: fundCreateBody, data: fundOrderSchema },
  page: { method: 'POST', path: '/user_fund_orders/pageList', body: fundOrdersPageBody, data: pageOf(fundOrderSchema) },
  holdings: { method: 'POST', path: '/user_fund_orders/holdings', body: z.object({}).optional(), data: z.array(fundHoldingSchema) },
  /** A period holding before maturity is redeemed whole, under the early-redemption rule shown before buying. */
  redeemQuote: { method: 'POST', path: '/user_fund_orders/redeemQuote', body: redeemBody, data: redemptionQuoteSchema },
  redeem: {
    method: 'POST',
    path: '/user_fund_orders/redeem',
    body: redeemBody.extend({ idempotencyKey: idempotencyKeySchema }),
    data: fundOrderSchema,
  },
  plans: { method: 'POST', path: '/user_fund_orders/plans', body: z.object({}).optional(), data: z.array(fundPlanSchema) },
  planCreate: { method: 'POST', path: '/user_fund_orders/plans/create', body: planCreateBody, data: fundPlanSchema },
  planUpdate: { method: 'POST', path: '/user_fund_orders/plans/update', body: planUpdateBody, data: fundPlanSchema },
  planPause: { method: 'POST', path: '/user_fund_orders/plans/pause', body: planIdBody, data: fundPlanSchema },
  planResume: { method: 'POST', path: '/user_fund_orders/plans/resume', body: planIdBody, data: fundPlanSchema },
  planEnd: { method: 'POST', path: '/user_fund_orders/plans/end', body: planIdBody, data: fundPlanSchema },
} as const;

// ---- Operators ----

const dateText = z
  .string({ error: typeError })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalidValue' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: 'validation.invalidValue' });
const bpsInput = z.number({ error: typeError }).int({ error: 'validation.invalidValue' }).min(0).max(5_000);

export const fundProductBody = z.object({
  kind: z.enum(fundKinds, { error: 'validation.invalidValue' }),
  code: z
    .string({ error: typeError })
    .trim()
    .regex(/^[A-Z0-9-]{2,20}$/, { error: 'validation.invalidValue' }),
  name: z.string({ error: typeError }).trim().min(2).max(80),
  minAmount: amountSchema,
  instantRedeemDailyCap: amountSchema.nullable(),
  periodDays: z.number({ error: typeError }).int().min(1).max(3650).nullable(),
  rateBps: bpsInput.nullable(),
  isEarlyRedemptionAllowed: z.boolean({ error: typeError }),
  earlyRedemptionFeeBps: bpsInput,
  isEnabled: z.boolean({ error: typeError }),
});

export const fundRateSchema = z.object({
  date: z.string(),
  rateBps: bps,
  publishedBy: z.string(),
  publishedAtTimestamp: z.number().int(),
  /** The day's income was posted at this rate: it can no longer change. */
  isPosted: z.boolean(),
});

export const fundRateBody = z.object({ date: dateText, rateBps: bpsInput });

/** One posting of a day's income to one holder. */
export const incomeLineSchema = z.object({
  userId: z.string(),
  userEmail: z.string(),
  balance: money,
  amount: money,
  journalId: z.string().nullable(),
});

export const incomeReportSchema = z.object({
  productId: z.string(),
  date: z.string(),
  rateBps: bps.nullable(),
  isPosted: z.boolean(),
  postedAtTimestamp: z.number().int().nullable(),
  trigger: z.enum(['job', 'operator']).nullable(),
  holders: z.number().int(),
  totalBalance: money,
  totalIncome: money,
  lines: z.array(incomeLineSchema),
  /** The ledger's fund-held account against the holdings and redemptions on their way, and the posted income. */
  fundsHeldBalance: money,
  holdingsTotal: money,
  pendingRedemptions: money,
  incomeAccountBalance: money,
  incomePaidTotal: money,
  isReconciled: z.boolean(),
});
export type IncomeReport = z.infer<typeof incomeReportSchema>;

const productParams = z.object({ id: pathIdSchema });

export const operatorFundApi = {
  products: { method: 'GET', path: '/funds/products', permission: 'funds.read', data: z.array(fundProductSchema) },
  createProduct: { method: 'POST', path: '/funds/products', permission: 'funds.manage', body: fundProductBody, data: fundProductSchema },
  updateProduct: {
    method: 'POST',
    path: '/funds/products/:id',
    permission: 'funds.manage',
    params: productParams,
    body: fundProductBody,
    data: fundProductSchema,
  },
  rates: {
    method: 'GET',
    path: '/funds/products/:id/rates',
    permission: 'funds.read',
    params: productParams,
    query: z.object(pageQueryFields),
    data: pageOf(fundRateSchema),
  },
  publishRate: {
    method: 'POST',
    path: '/funds/products/:id/rates',
    permission: 'funds.manage',
    params: productParams,
    body: fundRateBody,
    data: fundRateSchema,
  },
  incomeReport: {
    method: 'GET',
    path: '/funds/products/:id/income',
    permission: 'funds.read',
    params: productParams,
    query: z.object({ date: dateText }),
    data: incomeReportSchema,
  },
  /** Closes a day now and posts its income (a day not yet ended closes early: later money earns from the next day). */
  runIncome: {
    method: 'POST',
    path: '/funds/products/:id/income',
    permission: 'funds.manage',
    params: productParams,
    body: z.object({ date: dateText }),
    data: incomeReportSchema,
  },
} as const;
