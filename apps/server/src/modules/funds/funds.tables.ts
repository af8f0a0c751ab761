import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, money, textEnum } from '../../platform/db/columns.ts';
import { operators } from '../../platform/operators/operators.tables.ts';

/** An unrounded running total of income: exact to 12 places, posted as its rounding to the cent. */
const exact = (name: string) => numeric(name, { precision: 34, scale: 12 });

/**
 * A fund product (issue 20 §2): a current (money-market) fund earning a rate published per day, or a
 * period product with a fixed term and rate paid at maturity. Rates are whole basis points a year.
 */
export const fundProducts = pgTable(
  'fund_products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: textEnum('kind', ['current', 'period']).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    minAmount: money('min_amount').notNull(),
    instantRedeemDailyCap: money('instant_redeem_daily_cap'),
    periodDays: integer('period_days'),
    rateBps: integer('rate_bps'),
    isEarlyRedemptionAllowed: boolean('is_early_redemption_allowed').notNull().default(false),
    earlyRedemptionFeeBps: integer('early_redemption_fee_bps').notNull().default(0),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('fund_products_code_key').on(table.code),
    check(
      'fund_products_shape',
      sql`min_amount > 0 AND early_redemption_fee_bps >= 0 AND (kind = 'current' AND instant_redeem_daily_cap >= 0 OR kind = 'period' AND period_days > 0 AND rate_bps >= 0)`,
    ),
  ],
);

/** The rate a current fund pays for one UTC day, published by an operator; fixed once the day is posted. */
export const fundRates = pgTable(
  'fund_rates',
  {
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => fundProducts.id),
    date: date('date', { mode: 'string' }).notNull(),
    rateBps: integer('rate_bps').notNull(),
    publishedBy: bigint('published_by', { mode: 'number' }).references(() => operators.id),
    publishedAt: createdAt(),
  },
  (table) => [uniqueIndex('fund_rates_key').on(table.productId, table.date), check('fund_rates_bps', sql`rate_bps >= 0`)],
);

/**
 * A user's holding: one per current fund (its balance grows with income and purchases), one per period
 * purchase. `income_exact` is the unrounded running income, `income` what was posted (its rounding).
 */
export const fundHoldings = pgTable(
  'fund_holdings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => fundProducts.id),
    kind: textEnum('kind', ['current', 'period']).notNull(),
    status: textEnum('status', ['active', 'closed']).notNull().default('active'),
    balance: money('balance').notNull().default('0'),
    incomeExact: exact('income_exact').notNull().default('0'),
    income: money('income').notNull().default('0'),
    rateBps: integer('rate_bps'),
    maturesAt: at('matures_at'),
    incomeAtMaturity: money('income_at_maturity'),
    createdAt: createdAt(),
    closedAt: at('closed_at'),
  },
  (table) => [
    uniqueIndex('fund_holdings_current_key').on(table.userId, table.productId).where(sql`kind = 'current'`),
    index('fund_holdings_user_idx').on(table.userId, table.id),
    index('fund_holdings_maturity_idx').on(table.status, table.maturesAt),
    check('fund_holdings_balance', sql`balance >= 0 AND income >= 0`),
  ],
);

/** Purchases, redemptions and maturity payments. A redemption's deferred part is pending until it arrives. */
export const fundOrders = pgTable(
  'fund_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => fundProducts.id),
    holdingId: bigint('holding_id', { mode: 'number' })
      .notNull()
      .references(() => fundHoldings.id),
    kind: textEnum('kind', ['purchase', 'redemption', 'maturity']).notNull(),
    planId: bigint('plan_id', { mode: 'number' }),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull().default('0'),
    instantAmount: money('instant_amount').notNull().default('0'),
    deferredAmount: money('deferred_amount').notNull().default('0'),
    status: textEnum('status', ['done', 'pending']).notNull().default('done'),
    rateBps: integer('rate_bps'),
    arrivesAt: at('arrives_at'),
    createdAt: createdAt(),
    settledAt: at('settled_at'),
  },
  (table) => [
    uniqueIndex('fund_orders_key').on(table.userId, table.idempotencyKey),
    index('fund_orders_user_idx').on(table.userId, table.id),
    index('fund_orders_pending_idx').on(table.status, table.arrivesAt),
    check('fund_orders_amounts', sql`amount > 0 AND fee >= 0 AND instant_amount >= 0 AND deferred_amount >= 0`),
  ],
);

/** One day's income posted to one holder of a current fund: once per product, user and day. */
export const fundIncome = pgTable(
  'fund_income',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => fundProducts.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    holdingId: bigint('holding_id', { mode: 'number' })
      .notNull()
      .references(() => fundHoldings.id),
    date: date('date', { mode: 'string' }).notNull(),
    balance: money('balance').notNull(),
    rateBps: integer('rate_bps').notNull(),
    amount: money('amount').notNull(),
    journalId: bigint('journal_id', { mode: 'number' }),
    postedAt: createdAt(),
  },
  (table) => [
    uniqueIndex('fund_income_key').on(table.productId, table.userId, table.date),
    index('fund_income_user_idx').on(table.userId, table.date),
  ],
);

/** A day's income run for a product: the totals the 7-day yield and the console's report read. */
export const fundIncomeDays = pgTable(
  'fund_income_days',
  {
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => fundProducts.id),
    date: date('date', { mode: 'string' }).notNull(),
    rateBps: integer('rate_bps').notNull(),
    holders: integer('holders').notNull(),
    totalBalance: money('total_balance').notNull(),
    totalIncome: money('total_income').notNull(),
    trigger: textEnum('trigger', ['job', 'operator']).notNull(),
    /** When the day was closed: balances after this moment earn from the next day. */
    closedAt: at('closed_at').notNull(),
  },
  (table) => [uniqueIndex('fund_income_days_key').on(table.productId, table.date)],
);

/** A regular investment plan into a current fund: an amount, a frequency and a day. */
export const fundPlans = pgTable(
  'fund_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => fundProducts.id),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: money('amount').notNull(),
    frequency: textEnum('frequency', ['weekly', 'biweekly', 'monthly']).notNull(),
    day: integer('day').notNull(),
    status: textEnum('status', ['active', 'paused', 'ended']).notNull().default('active'),
    pauseReason: textEnum('pause_reason', ['user', 'short_money']),
    shortOn: date('short_on', { mode: 'string' }),
    nextRunDate: date('next_run_date', { mode: 'string' }),
    /** The run date the day-before notice was sent for (sent once per run). */
    noticeFor: date('notice_for', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fund_plans_key').on(table.userId, table.idempotencyKey),
    index('fund_plans_due_idx').on(table.status, table.nextRunDate),
    check('fund_plans_amount', sql`amount > 0 AND day BETWEEN 1 AND 28`),
  ],
);

/** Each run day of a plan, once: invested (with its order) or short. */
export const fundPlanRuns = pgTable(
  'fund_plan_runs',
  {
    planId: bigint('plan_id', { mode: 'number' })
      .notNull()
      .references(() => fundPlans.id),
    date: date('date', { mode: 'string' }).notNull(),
    outcome: textEnum('outcome', ['invested', 'short']).notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    at: createdAt(),
  },
  (table) => [uniqueIndex('fund_plan_runs_key').on(table.planId, table.date)],
);
