import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { at, textEnum } from '../../platform/db/columns.ts';
import { operators } from '../../platform/operators/operators.tables.ts';

/**
 * A manual change of a user's balance, under four eyes: requested by one operator, it moves no money
 * until a second approves it, when it posts exactly one ledger journal (key `adjustment:<id>`). The
 * CHECK makes self-approval impossible even for code that forgets the rule.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    walletType: text('wallet_type').notNull(),
    currency: text('currency').notNull(),
    direction: textEnum('direction', ['credit', 'debit']).notNull(),
    amount: numeric('amount').notNull(),
    reasonCode: text('reason_code').notNull(),
    note: text('note').notNull(),
    status: textEnum('status', ['pending', 'approved', 'rejected']).notNull().default('pending'),
    requestedByOperatorId: bigint('requested_by_operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    requestedAt: at('requested_at').notNull().defaultNow(),
    decidedByOperatorId: bigint('decided_by_operator_id', { mode: 'number' }).references(() => operators.id),
    decidedAt: at('decided_at'),
    decisionReason: text('decision_reason'),
    journalId: bigint('journal_id', { mode: 'number' }),
  },
  (table) => [
    index('balance_adjustments_status_idx').on(table.status, table.id),
    index('balance_adjustments_user_idx').on(table.userId),
    check(
      'balance_adjustments_four_eyes',
      sql`${table.decidedByOperatorId} IS NULL OR ${table.decidedByOperatorId} <> ${table.requestedByOperatorId}`,
    ),
    check('balance_adjustments_amount_positive', sql`${table.amount} > 0`),
  ],
);
