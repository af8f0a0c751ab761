import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, money, textEnum } from '../../platform/db/columns.ts';

/**
 * The referral programme (issue 23 §2): one row, set by operators (audited). The terms users read are
 * worded from these figures; a reward keeps the amount and currency in force when it fell due.
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
