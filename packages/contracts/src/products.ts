import { z } from 'zod';
import { pageBodyFields, pageOf, pathIdSchema, recordIdSchema } from './paging.ts';
import { reviewApi } from './review.ts';
import { amountSchema, optionalTextSchema, textSchema, typeError } from './validation.ts';
import { idempotencyKeySchema } from './wallet.ts';

/**
 * New shares (issue 18): the one subscription kernel every offering runs on. An operator creates an
 * offering, a second operator publishes it; users apply in whole lots with their money held on the
 * ledger; the allotment posts the allotted part and returns the rest in one transaction; the allotted
 * shares become a position on the listing date. `kind` says which product line an offering belongs to.
 */

/**
 * Product lines on the kernel: IPO subscriptions; placings (shares of a listed stock sold at a fixed
 * price in a sale window, allotted pro rata and locked until their market date); rights issues (holders
 * on a record date receive rights in proportion to their holding, exercised in a window, paid at a fixed
 * price, delivered as shares on the listing date; unexercised rights lapse). They share its states.
 */
export const offeringKinds = ['ipo', 'placing', 'rights'] as const;
export type OfferingKind = (typeof offeringKinds)[number];

/** The published rule that turns applications into allotments, fixed before the window opens. */
export const allocationRules = ['ballot_one_lot_priority', 'pro_rata'] as const;
export type AllocationRule = (typeof allocationRules)[number];

/** An offering's life: created (awaiting a second operator), published, allotted, listed; or refused. */
export const offeringStatuses = ['pending', 'published', 'allotted', 'listed', 'rejected'] as const;
export type OfferingStatus = (typeof offeringStatuses)[number];

/** Where a published offering stands in time (the app's three lists). */
export const offeringPhases = ['upcoming', 'open', 'closed'] as const;
export type OfferingPhase = (typeof offeringPhases)[number];

/**
 * The one state of a subscription as the user follows it (spec §4 "IPO"), in order:
 * available → subscribed → waiting_allotment → allotted | not_allotted → listed.
 */
export const subscriptionStates = ['available', 'subscribed', 'waiting_allotment', 'allotted', 'not_allotted', 'listed'] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

const money = z.string();
const decimalText = z.string();

export const offeringSchema = z.object({
  id: z.string(),
  kind: z.enum(offeringKinds),
  status: z.enum(offeringStatuses),
  phase: z.enum(offeringPhases),
  code: z.string(),
  name: z.string(),
  exchangeCode: z.string(),
  prospectusDate: z.string(),
  prospectusUrl: z.string(),
  fundRaising: money,
  priceLow: decimalText,
  priceHigh: decimalText,
  /** The final subscription price each share is paid at. */
  price: decimalText,
  lotSize: z.number().int(),
  /** Minimum quantity (shares), a whole number of lots. */
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  sharesOffered: z.number().int(),
  /** The share of the allotted amount charged as a fee (0.001 = 0.1 %), held with the application. */
  feeRate: decimalText,
  walletType: z.literal('SUBSCRIPTION'),
  currency: z.string(),
  allocationRule: z.enum(allocationRules),
  openTimestamp: z.number().int(),
  /** spec's purchaseEndDate. */
  purchaseEndDate: z.number().int(),
  allotTimestamp: z.number().int(),
  /** spec's listDate: the shares are quoted and sellable from this instant. */
  listDate: z.number().int(),
  /** Placings: the instant from which the placed shares can be sold (null for an IPO: sellable from listDate). */
  marketDate: z.number().int().nullable(),
  /** Placings: why the company places the shares, as the operator announced it. */
  reason: z.string(),
  /** Placings: the stock's last close when the placing was announced (published), and the price's discount to it (0.05 = 5 %). */
  referenceClose: decimalText.nullable(),
  discountRate: z.string().nullable(),
  /** Rights issues: new shares per share held on the record date (0.2 = one for every five), and that date. */
  rightsRatio: z.string().nullable(),
  recordDate: z.number().int().nullable(),
  /** sha256 of the ballot seed, committed at publication. */
  seedHash: z.string().nullable(),
  /** The seed itself, revealed once the draw has run. */
  seed: z.string().nullable(),
  /** Demand so far (lots applied for) and the number of applications. */
  appliedLots: z.number().int(),
  applications: z.number().int(),
  /** Demand ÷ supply, as text with two decimals, once the window is closed. */
  oversubscription: z.string().nullable(),
  /** Share of applications that received at least one lot, once allotted (0–1, text). */
  oneLotSuccessRate: z.string().nullable(),
  /** Who created it and who published it (console only; empty in the app). */
  createdBy: z.string(),
  publishedBy: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type Offering = z.infer<typeof offeringSchema>;

/** How one allotment was computed: enough for the user (or anyone) to check it. */
export const allotmentExplanationSchema = z.object({
  rule: z.enum(allocationRules),
  totalLots: z.number().int(),
  demandLots: z.number().int(),
  applications: z.number().int(),
  /** Lots every applicant received first (one-lot priority), and how many lots were then balloted. */
  guaranteedLots: z.number().int(),
  balloted: z.boolean(),
  /** This application's tickets: the sha256(seed:application:ticket) that ranked each, and whether it won. */
  appliedLots: z.number().int(),
  allottedLots: z.number().int(),
});

export const subscriptionSchema = z.object({
  id: z.string(),
  /** The public application number the published result lists. */
  applicationNo: z.string(),
  offering: offeringSchema,
  state: z.enum(subscriptionStates),
  lots: z.number().int(),
  quantity: z.number().int(),
  /** price × quantity, the fee on it, and both together: what is held. */
  amount: money,
  fee: money,
  held: money,
  /** Paid: what the allotment posted (allotted amount and its fee). Pending: still held, to settle at allotment. */
  paid: money,
  pending: money,
  refunded: money,
  allottedQuantity: z.number().int().nullable(),
  positionId: z.string().nullable(),
  createdTimestamp: z.number().int(),
  /** The last change of state (applied, allotted, settled). */
  modifyTime: z.number().int(),
  /** Placings: from when the placed shares can be sold (the offering's marketDate). */
  marketDate: z.number().int().nullable(),
  explanation: allotmentExplanationSchema.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const newStockListQuery = z.object({
  type: z.enum(offeringPhases, { error: 'validation.invalidValue' }).optional(),
});
export const offeringIdQuery = z.object({
  id: z.coerce.number({ error: 'validation.invalidValue' }).int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const offeringIdBody = z.object({ offeringId: recordIdSchema });

export const lotsSchema = z
  .number({ error: typeError })
  .int({ error: 'validation.invalidValue' })
  .min(1, { error: 'validation.invalidValue' })
  .max(1_000_000, { error: 'validation.invalidValue' });

/** `POST /NewShares/create`: apply for a number of shares (whole lots) of an open IPO. */
export const newSharesCreateBody = z.object({
  offeringId: recordIdSchema,
  quantity: z
    .number({ error: typeError })
    .int({ error: 'validation.invalidValue' })
    .positive({ error: 'validation.invalidValue' })
    .max(1e12),
  idempotencyKey: idempotencyKeySchema,
});

export const ipoFullNumSchema = z.object({
  /** The largest whole-lot quantity the SUBSCRIPTION wallet's available money covers, fee included (capped by the maximum). */
  maxQuantity: z.number().int(),
  available: money,
  lotCost: money,
});

/** The published result: every application (by number) with what it applied for and received. */
export const allotmentResultSchema = z.object({
  offering: offeringSchema,
  lines: z.array(z.object({ applicationNo: z.string(), appliedLots: z.number().int(), allottedLots: z.number().int() })),
});

/** The placings' list (spec §7 placing_stock/sale_list and m_ft/sale_list), optionally of one phase. */
export const placingListBody = z.object({ type: z.enum(offeringPhases, { error: 'validation.invalidValue' }).optional() });

/** `placing_stock/get_sale_time`: the sale window and market date of one placing, with the server's clock. */
export const placingSaleTimeSchema = z.object({
  offeringId: z.string(),
  phase: z.enum(offeringPhases),
  openTimestamp: z.number().int(),
  purchaseEndDate: z.number().int(),
  marketDate: z.number().int().nullable(),
  serverTime: z.number().int(),
});

export const placingFlatCountBody = z.object({
  code: z
    .string({ error: typeError })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z][A-Z0-9.]{0,9}$/, { error: 'validation.invalidValue' }),
});

/** `position/getPlacingFlatCount`: of the shares of a stock held, what is locked by placings and what can be sold now. */
export const placingFlatCountSchema = z.object({
  code: z.string(),
  heldQuantity: z.string(),
  lockedQuantity: z.string(),
  sellableQuantity: z.string(),
  /** When the next locked placed shares become sellable (null when none are locked). */
  nextMarketDate: z.number().int().nullable(),
});
export type PlacingFlatCount = z.infer<typeof placingFlatCountSchema>;

/** A holder's rights in one rights issue: credited on the record date, exercised in whole or part, or lapsed. */
export const rightsStates = ['credited', 'exercised', 'lapsed', 'listed'] as const;
export type RightsState = (typeof rightsStates)[number];

export const rightsEntitlementSchema = z.object({
  id: z.string(),
  offering: offeringSchema,
  state: z.enum(rightsStates),
  /** Shares held on the record date, and the rights (new shares) they give. */
  heldQuantity: z.string(),
  rights: z.number().int(),
  /** Rights exercised (null until exercised), with what the exercise holds or paid. */
  exercisedQuantity: z.number().int().nullable(),
  subscription: subscriptionSchema.nullable(),
  createdTimestamp: z.number().int(),
});
export type RightsEntitlement = z.infer<typeof rightsEntitlementSchema>;

export const productsApi = {
  newStock: { method: 'GET', path: '/m_ft/webull/new/stock', query: newStockListQuery, data: z.array(offeringSchema) },
  newStockDetail: { method: 'GET', path: '/m_ft/webull/new/stock/detail', query: offeringIdQuery, data: offeringSchema },
  allotmentResult: { method: 'GET', path: '/m_ft/webull/new/stock/result', query: offeringIdQuery, data: allotmentResultSchema },
  create: { method: 'POST', path: '/NewShares/create', body: newSharesCreateBody, data: subscriptionSchema },
  fullNum: { method: 'POST', path: '/position/getIpoFullNum', body: offeringIdBody, data: ipoFullNumSchema },
  subscriptions: { method: 'POST', path: '/position/subscription', body: undefined, data: z.array(subscriptionSchema) },
  subscriptionPage: {
    method: 'POST',
    path: '/position/subscriptionOrder/pageList',
    body: z.object(pageBodyFields),
    data: pageOf(subscriptionSchema),
  },
  placingSaleList: { method: 'POST', path: '/placing_stock/sale_list', body: placingListBody, data: z.array(offeringSchema) },
  placingMarketList: { method: 'POST', path: '/m_ft/sale_list', body: undefined, data: z.array(offeringSchema) },
  placingSaleTime: { method: 'POST', path: '/placing_stock/get_sale_time', body: offeringIdBody, data: placingSaleTimeSchema },
  placingCreate: { method: 'POST', path: '/placing_order/create', body: newSharesCreateBody, data: subscriptionSchema },
  placingSubscriptions: { method: 'POST', path: '/position/placing_subscription', body: undefined, data: z.array(subscriptionSchema) },
  placingFlatCount: { method: 'POST', path: '/position/getPlacingFlatCount', body: placingFlatCountBody, data: placingFlatCountSchema },
  /** Rights issues (trade tab 6): the user's rights, and exercising all or part of them (the price and fee held at once). */
  rights: { method: 'POST', path: '/position/rights_issue', body: undefined, data: z.array(rightsEntitlementSchema) },
  rightsExercise: { method: 'POST', path: '/rights_issue/exercise', body: newSharesCreateBody, data: subscriptionSchema },
} as const;

const timestampSchema = z
  .number({ error: typeError })
  .int({ error: 'validation.invalidValue' })
  .positive({ error: 'validation.invalidValue' });
const wholeSchema = z.number({ error: typeError }).int({ error: 'validation.invalidValue' }).positive({ error: 'validation.invalidValue' });
const priceSchema = amountSchema;

export const offeringInputBody = z.object({
  kind: z.enum(offeringKinds, { error: 'validation.invalidValue' }).default('ipo'),
  code: z
    .string({ error: typeError })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z][A-Z0-9.]{0,9}$/, { error: 'validation.invalidValue' }),
  name: textSchema(100),
  exchangeCode: z.enum(['NASDAQ', 'NYSE', 'AMEX'], { error: 'validation.invalidValue' }),
  prospectusDate: z.string({ error: typeError }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalidValue' }),
  prospectusUrl: optionalTextSchema(300),
  fundRaising: amountSchema,
  priceLow: priceSchema,
  priceHigh: priceSchema,
  price: priceSchema,
  lotSize: wholeSchema,
  minQuantity: wholeSchema,
  maxQuantity: wholeSchema,
  sharesOffered: wholeSchema,
  feeRate: z.string({ error: typeError }).regex(/^0(\.\d{1,4})?$/, { error: 'validation.invalidValue' }),
  allocationRule: z.enum(allocationRules, { error: 'validation.invalidValue' }),
  openTimestamp: timestampSchema,
  purchaseEndDate: timestampSchema,
  allotTimestamp: timestampSchema,
  listDate: timestampSchema,
  /** Placings only: when the placed shares become sellable (on or after listDate, the delivery), and why the shares are placed. */
  marketDate: timestampSchema.optional(),
  reason: optionalTextSchema(300),
  /** Rights issues only: new shares per share held (up to 4 decimals) and the record date, before the window opens. */
  rightsRatio: z
    .string({ error: typeError })
    .regex(/^\d{1,3}(\.\d{1,4})?$/, { error: 'validation.invalidValue' })
    .optional(),
  recordDate: timestampSchema.optional(),
});
export type OfferingInput = z.output<typeof offeringInputBody>;

export const bookSchema = z.object({
  offering: offeringSchema,
  totalLots: z.number().int(),
  heldAmount: money,
  applications: z.array(
    z.object({
      applicationNo: z.string(),
      userId: z.string(),
      lots: z.number().int(),
      held: money,
      allottedLots: z.number().int().nullable(),
      createdTimestamp: z.number().int(),
    }),
  ),
});

export const allotmentPreviewSchema = z.object({
  offering: offeringSchema,
  totalLots: z.number().int(),
  demandLots: z.number().int(),
  allottedLots: z.number().int(),
  winners: z.number().int(),
  oversubscription: z.string(),
  oneLotSuccessRate: z.string(),
  /** Money: posted (allotted + fees) and returned, summed over all applications. */
  posted: money,
  returned: money,
  /** A preview before the draw cannot use the secret seed: it shows the demand and the rule's guaranteed part only. */
  isFinal: z.boolean(),
});

/** Publishing is four eyes (ADR 0015): the queue of offerings waiting for a second operator. */
export const offeringPublishReview = reviewApi({
  path: '/offerings/publish',
  permission: 'offerings.publish',
  queuePermission: 'offerings.edit',
  item: offeringSchema,
  decided: offeringSchema,
});

const offeringIdParams = z.object({ id: pathIdSchema });

export const operatorOfferingsApi = {
  list: { method: 'GET', path: '/offerings', permission: 'offerings.edit', data: z.array(offeringSchema) },
  create: { method: 'POST', path: '/offerings', permission: 'offerings.edit', body: offeringInputBody, data: offeringSchema },
  update: {
    method: 'POST',
    path: '/offerings/:id',
    permission: 'offerings.edit',
    params: offeringIdParams,
    body: offeringInputBody,
    data: offeringSchema,
  },
  book: { method: 'GET', path: '/offerings/:id/book', permission: 'offerings.edit', params: offeringIdParams, data: bookSchema },
  preview: {
    method: 'GET',
    path: '/offerings/:id/allotment-preview',
    permission: 'offerings.edit',
    params: offeringIdParams,
    data: allotmentPreviewSchema,
  },
  allot: { method: 'POST', path: '/offerings/:id/allot', permission: 'offerings.publish', params: offeringIdParams, data: offeringSchema },
  publishQueue: offeringPublishReview.queue,
  publish: offeringPublishReview.approve,
  reject: offeringPublishReview.reject,
} as const;
