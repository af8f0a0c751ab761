import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, money, textEnum } from '../../platform/db/columns.ts';

/**
 * The referral programme (issue 23 §2): one row, set by operators (audited): the terms for invitees who
 * register from now on (each change is also kept in `referral_terms`). The terms users read are worded
 * from these figures.
 */
export const referralProgramme = pgTable(
  'referral_programme',
  {
    id: smallint('id').primaryKey().default(1),
    isEnabled: boolean('is_enabled').notNull().default(true),
    rewardAmount: money('reward_amount').notNull(),
    currency: text('currency').notNull(),
    minDeposit: money('min_deposit').notNull(),
    holdDays: integer('hold_days').notNull(),
    yearlyCap: money('yearly_cap').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('referral_programme_one_row', sql`${table.id} = 1`),
    check(
      'referral_programme_amounts',
      sql`${table.rewardAmount} > 0 AND ${table.minDeposit} > 0 AND ${table.yearlyCap} >= ${table.rewardAmount}`,
    ),
    check('referral_programme_days', sql`${table.holdDays} >= 0`),
  ],
);

/**
 * Every version of the programme's terms, from the moment it took effect (the database's clock, as the
 * users' registration times are). An invitee is rewarded by the terms in force when they registered: a
 * change applies to invitees who register after it, never to those already invited.
 */
export const referralTerms = pgTable(
  'referral_terms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    isEnabled: boolean('is_enabled').notNull(),
    rewardAmount: money('reward_amount').notNull(),
    currency: text('currency').notNull(),
    minDeposit: money('min_deposit').notNull(),
    holdDays: integer('hold_days').notNull(),
    yearlyCap: money('yearly_cap').notNull(),
    effectiveFrom: at('effective_from').notNull().defaultNow(),
  },
  (table) => [
    index('referral_terms_effective_idx').on(table.effectiveFrom),
    check(
      'referral_terms_amounts',
      sql`${table.rewardAmount} > 0 AND ${table.minDeposit} > 0 AND ${table.yearlyCap} >= ${table.rewardAmount} AND ${table.holdDays} >= 0`,
    ),
  ],
);

/**
 * One row per invitee once their reward fell due (the deposit kept for the programme's days): paid,
 * held for review by an abuse signal, refused, or capped. Before that the invitee has no row and reads as
 * waiting. The unique invitee makes the reward happen once; its journal's idempotency key
 * (`referral:<invitee>:reward`) makes the payment happen once.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inviteeUserId: bigint('invitee_user_id', { mode: 'number' }).notNull(),
    referrerUserId: bigint('referrer_user_id', { mode: 'number' }).notNull(),
    state: textEnum('state', ['held', 'paid', 'refused', 'capped']).notNull(),
    signals: jsonb('signals').$type<string[]>().notNull().default([]),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    fundedSince: at('funded_since').notNull(),
    /** The terms the invitee registered under, which decided this reward (null: decided before terms were versioned). */
    termsId: bigint('terms_id', { mode: 'number' }).references(() => referralTerms.id),
    reason: text('reason'),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    journalId: bigint('journal_id', { mode: 'number' }),
    createdAt: createdAt(),
    paidAt: at('paid_at'),
  },
  (table) => [
    uniqueIndex('referral_rewards_invitee_key').on(table.inviteeUserId),
    index('referral_rewards_referrer_idx').on(table.referrerUserId, table.state),
    check('referral_rewards_not_self', sql`${table.inviteeUserId} <> ${table.referrerUserId}`),
    check('referral_rewards_paid_journal', sql`(${table.state} = 'paid') = (${table.journalId} IS NOT NULL)`),
  ],
);
