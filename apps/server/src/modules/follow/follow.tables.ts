import type { Locale } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, decimal, money, textEnum } from '../../platform/db/columns.ts';
import { operators } from '../../platform/operators/operators.tables.ts';

/** Quantities of an instrument per unit of a portfolio: finer than prices (a unit near 1 holds fractions of a share). */
const perUnit = (name: string) => numeric(name, { precision: 34, scale: 12 });
const rate = (name: string) => numeric(name, { precision: 12, scale: 8 });

/**
 * An institution (issue 20 §1): a managed model portfolio. Its NAV per unit starts at 1 and moves with the
 * live quotes of what it holds (`follow_holdings`); `nav` is the latest minute's, `follow_nav_daily` keeps
 * one close per day. Fees are charged at a follow's settlement: a yearly management fee pro rata, and a
 * share of the gain above the follower's high-water mark, at the rates the follow was made under (copied
 * onto it); the rates here are the ones new follows get.
 */
export const followInstitutions = pgTable(
  'follow_institutions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The description written in other languages (the demo's are in all eight); the app shows the reader's, else `description`. */
    descriptionTranslations: jsonb('description_translations').$type<Partial<Record<Locale, string>>>().notNull().default({}),
    status: textEnum('status', ['active', 'closed']).notNull().default('active'),
    managementFeeRate: rate('management_fee_rate').notNull(),
    performanceFeeRate: rate('performance_fee_rate').notNull(),
    periodsMinutes: jsonb('periods_minutes').$type<number[]>().notNull(),
    /** Cash per unit: the part of the NAV no instrument holds (weights below 1). */
    cashPerUnit: perUnit('cash_per_unit').notNull(),
    nav: decimal('nav').notNull(),
    navAt: at('nav_at').notNull(),
    inceptionAt: at('inception_at').notNull(),
    createdByOperatorId: bigint('created_by_operator_id', { mode: 'number' }).references(() => operators.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('follow_institutions_name_key').on(table.name),
    check(
      'follow_institutions_rates',
      sql`management_fee_rate >= 0 AND management_fee_rate < 1 AND performance_fee_rate >= 0 AND performance_fee_rate < 1`,
    ),
    check('follow_institutions_nav', sql`nav > 0 AND cash_per_unit >= 0`),
  ],
);

/** What one unit of an institution holds now: replaced whole by each rebalance. */
export const followHoldings = pgTable(
  'follow_holdings',
  {
    institutionId: bigint('institution_id', { mode: 'number' })
      .notNull()
      .references(() => followInstitutions.id),
    code: text('code').notNull(),
    weight: rate('weight').notNull(),
    quantityPerUnit: perUnit('quantity_per_unit').notNull(),
  },
  (table) => [primaryKey({ columns: [table.institutionId, table.code] }), check('follow_holdings_positive', sql`quantity_per_unit > 0`)],
);

/** Every change of a portfolio, shown to its followers with its time (and audited as an operator action). */
export const followRebalances = pgTable(
  'follow_rebalances',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    institutionId: bigint('institution_id', { mode: 'number' })
      .notNull()
      .references(() => followInstitutions.id),
    weights: jsonb('weights').$type<Array<{ code: string; weight: string }>>().notNull(),
    nav: decimal('nav').notNull(),
    note: text('note').notNull().default(''),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    at: at('at').notNull(),
  },
  (table) => [index('follow_rebalances_institution_idx').on(table.institutionId, table.at)],
);

/** The NAV at the end of each day (UTC), rewritten by every minute's run of that day. */
export const followNavDaily = pgTable(
  'follow_nav_daily',
  {
    institutionId: bigint('institution_id', { mode: 'number' })
      .notNull()
      .references(() => followInstitutions.id),
    day: date('day', { mode: 'string' }).notNull(),
    nav: decimal('nav').notNull(),
  },
  (table) => [primaryKey({ columns: [table.institutionId, table.day] })],
);

/**
 * A follow (spec §3, §4): held (wait_confirm) → units bought at the next NAV cut-off and locked for the
 * period (to_be_settled) → paid back at NAV less fees (settled). `hold_id` is the ledger hold of the amount.
 */
export const followOrders = pgTable(
  'follow_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    institutionId: bigint('institution_id', { mode: 'number' })
      .notNull()
      .references(() => followInstitutions.id),
    idempotencyKey: text('idempotency_key').notNull(),
    status: textEnum('status', ['wait_confirm', 'to_be_settled', 'settled']).notNull().default('wait_confirm'),
    endReason: textEnum('end_reason', ['matured', 'stop_loss']),
    amount: money('amount').notNull(),
    periodMinutes: integer('period_minutes').notNull(),
    stopLossPercent: integer('stop_loss_percent'),
    /**
     * The institution's fee terms when this follow was made: the follow is settled by them, whatever the
     * operator changes later (changes apply to new follows only).
     */
    managementFeeRate: rate('management_fee_rate').notNull(),
    performanceFeeRate: rate('performance_fee_rate').notNull(),
    holdId: bigint('hold_id', { mode: 'number' }).notNull(),
    units: decimal('units'),
    entryNav: decimal('entry_nav'),
    exitNav: decimal('exit_nav'),
    /** The high-water mark the performance fee was measured from (the higher of entry NAV and the follower's mark). */
    highWaterMark: decimal('high_water_mark'),
    managementFee: money('management_fee'),
    performanceFee: money('performance_fee'),
    payout: money('payout'),
    createdAt: createdAt(),
    confirmedAt: at('confirmed_at'),
    endsAt: at('ends_at'),
    settledAt: at('settled_at'),
  },
  (table) => [
    uniqueIndex('follow_orders_key').on(table.userId, table.idempotencyKey),
    index('follow_orders_user_idx').on(table.userId, table.id.desc()),
    index('follow_orders_open_idx').on(table.status, table.institutionId).where(sql`status <> 'settled'`),
    check('follow_orders_amount', sql`amount >= 100 AND amount <= 1000000`),
    check('follow_orders_stop', sql`stop_loss_percent IS NULL OR (stop_loss_percent BETWEEN 1 AND 90)`),
  ],
);

/** Each follower's high-water mark per institution: the highest NAV a performance fee has been measured up to. */
export const followHighWater = pgTable(
  'follow_high_water',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    institutionId: bigint('institution_id', { mode: 'number' })
      .notNull()
      .references(() => followInstitutions.id),
    nav: decimal('nav').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.institutionId] })],
);

/** The appropriateness check a user passed before a first follow: the answers and the risk warning accepted. */
export const followAppropriateness = pgTable('follow_appropriateness', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  answers: jsonb('answers').$type<Record<string, string>>().notNull(),
  acceptedAt: at('accepted_at').notNull(),
});

export type InstitutionRow = typeof followInstitutions.$inferSelect;
export type HoldingRow = typeof followHoldings.$inferSelect;
export type FollowOrderRow = typeof followOrders.$inferSelect;
