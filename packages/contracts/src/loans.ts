import { z } from 'zod';
import { pageBodyFields, pageOf, pageQueryFields, pathIdSchema, recordIdSchema } from './paging.ts';
import { reviewApi } from './review.ts';
import { amountSchema, typeError } from './validation.ts';
import { idempotencyKeySchema, type WalletType } from './wallet.ts';

/**
 * Loans (spec §2 /pages/loan/index, record, repayment; §3; §4 rejected, in use, repaid; §7 /assist/...),
 * issue 21. Terms are worked out by the server before anything is asked, stored with the application,
 * and nothing charged later exceeds them. Money is a decimal string throughout.
 */

/** Loans are lent and repaid in US dollars, to and from one of the user's dollar wallets. */
export const loanWalletTypes = ['BALANCE', 'STOCK', 'FUTURE', 'FOREX', 'US_WALLET'] as const satisfies readonly WalletType[];
export const loanWalletTypeSchema = z.enum(loanWalletTypes, { error: 'validation.invalidValue' });

/** Spec §4: rejected, in use, repaid; before a decision the application is pending review. */
export const loanStatuses = ['pending', 'rejected', 'in_use', 'repaid'] as const;
export type LoanStatus = (typeof loanStatuses)[number];

const money = z.string();

/** The published rounding rule (shown on the terms screen): what a test and a user can recompute. */
export const loanRoundingRule = 'interest-running-total-half-up-cents' as const;

export const loanProductSchema = z.object({
  id: z.string(),
  periodDays: z.number().int(),
  /** Interest per day on the principal still owed, as a fraction (0.0005 = 0.05 % a day). */
  dailyRate: z.string(),
  /** Daily rate × 365, simple (no compounding), as a fraction. */
  apr: z.string(),
  minAmount: money,
  maxAmount: money,
  /** After the due date: a daily rate on the amount overdue (principal and interest, never penalty). */
  penaltyDailyRate: z.string(),
  /** The penalty never exceeds this share of the principal lent. */
  penaltyCapShare: z.string(),
  /** Applications above this amount need a second operator's approval. */
  secondApprovalAbove: money,
  isEnabled: z.boolean(),
});
export type LoanProduct = z.infer<typeof loanProductSchema>;

export const creditFactorNames = ['identity', 'accountAge', 'deposits', 'repayments'] as const;
export type CreditFactorName = (typeof creditFactorNames)[number];

/** One factor of the score: the fact the platform holds, the points it gives out of its weight. */
export const creditFactorSchema = z.object({
  name: z.enum(creditFactorNames),
  points: z.number().int(),
  weight: z.number().int(),
  /** The fact behind it: verified yes/no (1/0), account age in days, deposits credited, loans repaid on time. */
  value: z.number().int(),
  /** Loans repaid late or overdue now (repayments only): each takes points off. */
  penaltyCount: z.number().int().optional(),
});

export const creditScoreSchema = z.object({
  /** 0 to 100, the sum of the factors' points. */
  score: z.number().int(),
  factors: z.array(creditFactorSchema),
  /** The most the user may owe in principal at once: the score's share of the largest product amount, whole tens of dollars. */
  limit: money,
  /** Principal of loans pending or in use, counted against the limit. */
  used: money,
  available: money,
});
export type CreditScore = z.infer<typeof creditScoreSchema>;

export const scheduleRowSchema = z.object({
  day: z.number().int(),
  /** The calendar day (YYYY-MM-DD, UTC) if approved now. */
  date: z.string(),
  /** Interest charged up to and including this day, if nothing was repaid before. */
  interestToDate: money,
  /** What repays the loan in full on this day. */
  payoff: money,
});

/** The terms shown before applying and stored with the application. */
export const loanTermsSchema = z.object({
  productId: z.string(),
  amount: money,
  periodDays: z.number().int(),
  dailyRate: z.string(),
  apr: z.string(),
  /** Interest over the whole period if nothing is repaid early; the most interest that can be charged. */
  totalInterest: money,
  totalRepay: money,
  /** The due date if approved now (the period counts from approval). */
  dueDate: z.string(),
  penaltyDailyRate: z.string(),
  penaltyCapShare: z.string(),
  /** The most penalty that can ever be charged: the cap share of the principal. */
  maxPenalty: money,
  /** The most this loan can ever cost in all: total to repay plus the largest penalty. */
  maxTotal: money,
  schedule: z.array(scheduleRowSchema),
  roundingRule: z.literal(loanRoundingRule),
  needsSecondApproval: z.boolean(),
});
export type LoanTerms = z.infer<typeof loanTermsSchema>;

export const loanRatesQuery = z.object({
  /** With both, the answer carries the terms for this amount and product. */
  amount: amountSchema.optional(),
  productId: z.coerce.number({ error: typeError }).int({ error: 'validation.invalidValue' }).min(1).max(1_000_000).optional(),
});

export const loanRatesSchema = z.object({
  currency: z.literal('USD'),
  products: z.array(loanProductSchema),
  credit: creditScoreSchema,
  terms: loanTermsSchema.nullable(),
});

/** A loan as the user and the console see it: spec §3's times and amounts, and where it stands now. */
export const loanSchema = z.object({
  id: z.string(),
  status: z.enum(loanStatuses),
  /** Past its due date with something still owed. */
  isOverdue: z.boolean(),
  /** Approved by one operator, waiting for the second (amounts above the product's threshold). */
  awaitsSecondApproval: z.boolean(),
  currency: z.literal('USD'),
  walletType: loanWalletTypeSchema,
  amount: money,
  periodDays: z.number().int(),
  dailyRate: z.string(),
  apr: z.string(),
  creditScore: z.number().int(),
  terms: loanTermsSchema,
  principalOutstanding: money,
  interestCharged: money,
  interestOutstanding: money,
  penaltyCharged: money,
  penaltyOutstanding: money,
  /** Principal, interest and penalty still owed. */
  totalDebt: money,
  repaidTotal: money,
  /** What is due on the due date if nothing more is repaid: the rest of the principal and the interest to the due date. */
  nextDueAmount: money,
  rejectReason: z.string().nullable(),
  createTime: z.number().int(),
  examineTime: z.number().int().nullable(),
  expireTime: z.number().int().nullable(),
  defaultsTime: z.number().int().nullable(),
  lastPayBackDate: z.number().int().nullable(),
});
export type Loan = z.infer<typeof loanSchema>;

export const saveAssistBody = z.object({
  productId: recordIdSchema,
  amount: amountSchema,
  walletType: loanWalletTypeSchema,
  /** The total to repay the user saw: refused if the terms changed since. */
  confirmedTotalRepay: amountSchema,
  idempotencyKey: idempotencyKeySchema,
});

export const repaymentBody = z.object({
  loanId: recordIdSchema,
  amount: amountSchema,
  walletType: loanWalletTypeSchema,
  idempotencyKey: idempotencyKeySchema,
});

export const repaymentSchema = z.object({
  loan: loanSchema,
  amount: money,
  toInterest: money,
  toPenalty: money,
  toPrincipal: money,
});

export const userLoansSchema = z.object({
  loans: z.array(loanSchema),
  totalDebt: money,
  principalOutstanding: money,
  interestOutstanding: money,
});

export const loanApi = {
  rates: { method: 'GET', path: '/assist/getLoadsRate', body: undefined, query: loanRatesQuery, data: loanRatesSchema },
  userLoans: { method: 'GET', path: '/assist/getUserLoans', body: undefined, data: userLoansSchema },
  apply: { method: 'POST', path: '/assist/saveAssist', body: saveAssistBody, data: loanSchema },
  page: { method: 'POST', path: '/assist/getLandsPage', body: z.object(pageBodyFields), data: pageOf(loanSchema) },
  repay: { method: 'POST', path: '/assist/repaymentLoans', body: repaymentBody, data: repaymentSchema },
} as const;

/** The applicant's facts the operator decides on. */
export const loanApplicationSchema = loanSchema.extend({
  userId: z.string(),
  userEmail: z.string(),
  credit: creditScoreSchema,
  firstApprovedBy: z.string().nullable(),
});

export type LoanApplication = z.infer<typeof loanApplicationSchema>;

export const loanEventKinds = [
  'applied',
  'first_approval',
  'approved',
  'rejected',
  'interest',
  'penalty',
  'repayment',
  'reminder_before',
  'reminder_due',
  'overdue',
] as const;

export const loanEventSchema = z.object({
  id: z.string(),
  kind: z.enum(loanEventKinds),
  amount: money.nullable(),
  /** The day of the loan an accrual is for (1 = the first day after approval). */
  day: z.number().int().nullable(),
  operatorId: z.string().nullable(),
  journalId: z.string().nullable(),
  note: z.string().nullable(),
  atTimestamp: z.number().int(),
});

export const loanHistorySchema = z.object({ loan: loanApplicationSchema, events: z.array(loanEventSchema) });

export const loanBookSchema = z.object({
  currency: z.literal('USD'),
  principalOutstanding: money,
  interestOutstanding: money,
  penaltyOutstanding: money,
  /** Interest and penalty charged so far, all loans. */
  interestEarned: money,
  penaltyEarned: money,
  overdueCount: z.number().int(),
  overdueDebt: money,
  inUseCount: z.number().int(),
  pendingCount: z.number().int(),
  /** What the ledger's loans-receivable account says users owe; equals the sum of the loans' debts. */
  receivableBalance: money,
  isReconciled: z.boolean(),
  loans: pageOf(loanApplicationSchema),
});

export const loanBookQuery = z.object({
  status: z.enum([...loanStatuses, 'overdue', 'all'], { error: 'validation.invalidValue' }).default('all'),
  ...pageQueryFields,
});

const rate = z
  .string({ error: typeError })
  .trim()
  .regex(/^0(\.\d{1,8})?$/, { error: 'validation.invalidValue' });

export const loanProductBody = z.object({
  dailyRate: rate,
  minAmount: amountSchema,
  maxAmount: amountSchema,
  penaltyDailyRate: rate,
  penaltyCapShare: rate,
  secondApprovalAbove: amountSchema,
  isEnabled: z.boolean({ error: typeError }),
});

export const loanReview = reviewApi({
  path: '/loans/applications',
  permission: 'reviews.loans',
  item: loanApplicationSchema,
  decided: loanApplicationSchema,
});

export const operatorLoanApi = {
  ...loanReview,
  book: { method: 'GET', path: '/loans/book', permission: 'loans.read', query: loanBookQuery, data: loanBookSchema },
  history: {
    method: 'GET',
    path: '/loans/:id/history',
    permission: 'loans.read',
    params: z.object({ id: pathIdSchema }),
    data: loanHistorySchema,
  },
  products: { method: 'GET', path: '/loans/products', permission: 'loans.read', data: z.array(loanProductSchema) },
  updateProduct: {
    method: 'POST',
    path: '/loans/products/:id',
    permission: 'loans.settings',
    params: z.object({ id: pathIdSchema }),
    body: loanProductBody,
    data: loanProductSchema,
  },
} as const;
