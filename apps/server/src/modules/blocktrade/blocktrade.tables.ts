import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, decimal, money, textEnum } from '../../platform/db/columns.ts';

/**
 * Block trading (issue 19): what it takes to apply, the markets' block sizes and bands and the eligible
 * instruments (all edited by operators, audited), the applications operators review, the permissions
 * they grant or suspend, and the quotes a user asks and accepts. A block's money moves through its one
 * trading order; these rows keep the quote and its post-trade report.
 */

/** The requirements in force: one row (id 1) once an operator has saved them; the defaults before. */
export const blockRequirements = pgTable(
  'block_requirements',
  {
    id: integer('id').primaryKey(),
    identityVerified: boolean('identity_verified').notNull(),
    minAccountValueUsd: money('min_account_value_usd').notNull(),
    minFilledOrders: integer('min_filled_orders').notNull(),
    retryDays: integer('retry_days').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  () => [check('block_requirements_one_row', sql`id = 1`)],
);

/** A market's block size and band, when an operator changed them from the registry's defaults. */
export const blockMarkets = pgTable('block_markets', {
  source: text('source').primaryKey(),
  minQuantity: decimal('min_quantity').notNull(),
  bandRate: decimal('band_rate').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The instruments that trade as blocks; `blockSize` overrides their market's when set. */
export const blockInstruments = pgTable('block_instruments', {
  code: text('code').primaryKey(),
  blockSize: decimal('block_size'),
  createdAt: createdAt(),
});

export const blockApplications = pgTable(
  'block_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    status: textEnum('status', ['pending', 'approved', 'rejected']).notNull().default('pending'),
    /** Where the user stood when applying, for the reviewer. */
    identityVerified: boolean('identity_verified').notNull(),
    accountValueUsd: money('account_value_usd').notNull(),
    filledOrders: integer('filled_orders').notNull(),
    reason: text('reason'),
    retryAt: at('retry_at'),
    decidedByOperatorId: bigint('decided_by_operator_id', { mode: 'number' }),
    decidedAt: at('decided_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('block_applications_user_idx').on(table.userId, table.id.desc()),
    uniqueIndex('block_applications_one_pending').on(table.userId).where(sql`status = 'pending'`),
  ],
);

/** A granted permission: active, or suspended by an operator with a reason. */
export const blockPermissions = pgTable('block_permissions', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  status: textEnum('status', ['active', 'suspended']).notNull(),
  reason: text('reason'),
  applicationId: bigint('application_id', { mode: 'number' }).notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A quote held for a few seconds; accepting it fills it (once) and keeps its post-trade report. */
export const blockQuotes = pgTable(
  'block_quotes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    /** Buy 0 or Sell 1 (a Sell sells shares held). */
    direction: integer('direction').notNull().default(0),
    quantity: decimal('quantity').notNull(),
    price: decimal('price').notNull(),
    midAtQuote: decimal('mid_at_quote').notNull(),
    bandRate: decimal('band_rate').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    currency: text('currency').notNull(),
    walletType: text('wallet_type').notNull(),
    expiresAt: at('expires_at').notNull(),
    status: textEnum('status', ['quoted', 'filled']).notNull().default('quoted'),
    orderId: bigint('order_id', { mode: 'number' }),
    midAtFill: decimal('mid_at_fill'),
    filledAt: at('filled_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('block_quotes_filled_idx').on(table.userId, table.id.desc()).where(sql`status = 'filled'`),
    index('block_quotes_all_filled_idx').on(table.id.desc()).where(sql`status = 'filled'`),
  ],
);
