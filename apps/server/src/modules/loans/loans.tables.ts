import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, money, textEnum } from '../../platform/db/columns.ts';

/** An unrounded running total (interest or penalty before the cent rounding): exact to 12 places. */
const exact = (name: string) => numeric(name, { precision: 34, scale: 12 });
const rate = (name: string) => numeric(name, { precision: 12, scale: 8 });

/**
 * What the platform lends: one product per period, its daily rate, limits, penalty rule and the amount
 * above which two operators must approve. Operators change them through an audited path; a loan keeps
 * the figures it was applied for, so a change never reaches a loan already asked for.
 */
export const loanProducts = pgTable(
  'loan_products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    periodDays: integer('period_days').notNull(),
    dailyRate: rate('daily_rate').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    penaltyDailyRate: rate('penalty_daily_rate').notNull(),
    penaltyCapShare: rate('penalty_cap_share').notNull(),
    secondApprovalAbove: money('second_approval_above').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('loan_products_period_key').on(table.periodDays),
    check('loan_products_period_positive', sql`${table.periodDays} > 0`),
    check('loan_products_rates', sql`${table.dailyRate} >= 0 AND ${table.penaltyDailyRate} >= 0 AND ${table.penaltyCapShare} >= 0`),
    check('loan_products_amounts', sql`${table.minAmount} > 0 AND ${table.maxAmount} >= ${table.minAmount}`),
  ],
);

/**
 * One loan application and, once approved, the loan: the terms as shown and confirmed (`terms`), the
 * rates copied from the product, and where it stands. `interest_exact` and `penalty_exact` are the
 * unrounded running totals; `*_charged` is what was posted to the ledger (the running total rounded
 * half up to the cent, the penalty also capped); `*_paid` what repayments covered.
 */
export const loans = pgTable(
  'loans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => loanProducts.id),
    idempotencyKey: text('idempotency_key').notNull(),
    status: textEnum('status', ['pending', 'rejected', 'in_use', 'repaid']).notNull().default('pending'),
    currency: text('currency').notNull().default('USD'),
    walletType: text('wallet_type').notNull(),
    amount: money('amount').notNull(),
    periodDays: integer('period_days').notNull(),
    dailyRate: rate('daily_rate').notNull(),
    penaltyDailyRate: rate('penalty_daily_rate').notNull(),
    penaltyCapShare: rate('penalty_cap_share').notNull(),
    needsSecondApproval: boolean('needs_second_approval').notNull(),
    terms: jsonb('terms').notNull(),
    creditScore: integer('credit_score').notNull(),
    firstApprovedBy: bigint('first_approved_by', { mode: 'number' }),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    rejectReason: text('reject_reason'),
    principalOutstanding: money('principal_outstanding').notNull().default('0'),
    interestExact: exact('interest_exact').notNull().default('0'),
    interestCharged: money('interest_charged').notNull().default('0'),
    interestPaid: money('interest_paid').notNull().default('0'),
    penaltyExact: exact('penalty_exact').notNull().default('0'),
    penaltyCharged: money('penalty_charged').notNull().default('0'),
    penaltyPaid: money('penalty_paid').notNull().default('0'),
    /** Days of the period whose interest is charged (1..period_days), and days of penalty after it. */
    daysAccrued: integer('days_accrued').notNull().default(0),
    penaltyDays: integer('penalty_days').notNull().default(0),
    remindedBefore: boolean('reminded_before').notNull().default(false),
    remindedDue: boolean('reminded_due').notNull().default(false),
    createTime: createdAt(),
    examineTime: at('examine_time'),
    expireTime: at('expire_time'),
    defaultsTime: at('defaults_time'),
    lastPayBackDate: at('last_pay_back_date'),
  },
  (table) => [
    uniqueIndex('loans_user_key').on(table.userId, table.idempotencyKey),
    index('loans_user_idx').on(table.userId, table.id),
    index('loans_status_idx').on(table.status, table.id),
    check('loans_amount_positive', sql`${table.amount} > 0`),
    check('loans_principal_within', sql`${table.principalOutstanding} >= 0 AND ${table.principalOutstanding} <= ${table.amount}`),
    check('loans_interest_paid_within', sql`${table.interestPaid} >= 0 AND ${table.interestPaid} <= ${table.interestCharged}`),
    check('loans_penalty_paid_within', sql`${table.penaltyPaid} >= 0 AND ${table.penaltyPaid} <= ${table.penaltyCharged}`),
    check(
      'loans_four_eyes',
      sql`${table.firstApprovedBy} IS NULL OR ${table.decidedBy} IS NULL OR ${table.firstApprovedBy} <> ${table.decidedBy}`,
    ),
  ],
);

/** Everything that happened to a loan, in order: the console's full history. A repayment's key makes it happen once. */
export const loanEvents = pgTable(
  'loan_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: bigint('loan_id', { mode: 'number' })
      .notNull()
      .references(() => loans.id),
    kind: textEnum('kind', [
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
    ]).notNull(),
    amount: money('amount'),
    day: integer('day'),
    operatorId: bigint('operator_id', { mode: 'number' }),
    journalId: bigint('journal_id', { mode: 'number' }),
    /** A repayment's split and its idempotency key (`repay:<user>:<key>`). */
    detail: jsonb('detail'),
    repaymentKey: text('repayment_key'),
    note: text('note'),
    at: createdAt(),
  },
  (table) => [
    index('loan_events_loan_idx').on(table.loanId, table.id),
    uniqueIndex('loan_events_repayment_key').on(table.repaymentKey).where(sql`repayment_key IS NOT NULL`),
    uniqueIndex('loan_events_accrual_key').on(table.loanId, table.kind, table.day).where(sql`kind IN ('interest', 'penalty')`),
  ],
);
