import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, textEnum } from '../../platform/db/columns.ts';

/**
 * The double-entry ledger: the only place balances live. Amounts are NUMERIC with two decimals,
 * signed from the account's point of view (a credit is positive). Journals, entries, holds and
 * hold resolutions are immutable (a trigger refuses UPDATE and DELETE); corrections are new journals.
 */

/** One account per (user, wallet type), plus system accounts per (code, currency). */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerKind: textEnum('owner_kind', ['user', 'system']).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    walletType: text('wallet_type'),
    systemCode: text('system_code'),
    currency: text('currency').notNull(),
    /**
     * A busy system account (the house, fees) is several rows, its shards, so movements of different
     * users do not queue for one row lock (ADR 0003); its balance is the sum of its shards. Users' accounts: 0.
     */
    shard: smallint('shard').notNull().default(0),
    /** Cached sum of the account's entries, updated in the same statement that adds an entry. */
    balance: money('balance').notNull().default('0'),
    /** Cached sum of the account's unresolved holds. */
    held: money('held').notNull().default('0'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_user_wallet_key').on(table.userId, table.walletType).where(sql`owner_kind = 'user'`),
    uniqueIndex('ledger_accounts_system_key').on(table.systemCode, table.currency, table.shard).where(sql`owner_kind = 'system'`),
    check(
      'ledger_accounts_owner_shape',
      sql`(owner_kind = 'user' AND user_id IS NOT NULL AND wallet_type IS NOT NULL AND system_code IS NULL) OR (owner_kind = 'system' AND system_code IS NOT NULL AND user_id IS NULL AND wallet_type IS NULL)`,
    ),
    // A user's available money (balance minus holds) never goes below zero, whatever runs concurrently.
    check('ledger_accounts_user_available_not_negative', sql`owner_kind = 'system' OR (held >= 0 AND balance - held >= 0)`),
  ],
);

/** A journal transaction: two or more entries summing to zero per currency, with why and a unique idempotency key. */
export const ledgerJournals = pgTable('ledger_journals', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  reason: text('reason').notNull(),
  memo: text('memo'),
  /** Hash of what the request asked for: a repeat of the key with other legs is refused, not silently replayed. */
  fingerprint: text('fingerprint').notNull(),
  metadata: jsonb('metadata'),
  createdAt: createdAt(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // Its journal and account exist by construction, not by foreign key (ADR 0012): the ledger's
    // functions write every entry, for the journal they insert and an account they lock.
    journalId: bigint('journal_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    createdAt: createdAt(),
  },
  // No index on journal_id: nothing looks entries up by journal (reconciliation scans them all); one
  // index fewer to update per entry.
  (table) => [index('ledger_entries_account_idx').on(table.accountId, table.id.desc())],
);

/** The first phase of a two-phase movement: money reserved on an account. */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [check('ledger_holds_amount_positive', sql`amount > 0`), index('ledger_holds_account_idx').on(table.accountId)],
);

/** The second phase: each hold is posted (its journal moves the money) or voided, exactly once. */
export const ledgerHoldResolutions = pgTable('ledger_hold_resolutions', {
  holdId: bigint('hold_id', { mode: 'number' })
    .primaryKey()
    .references(() => ledgerHolds.id),
  outcome: textEnum('outcome', ['posted', 'voided']).notNull(),
  journalId: bigint('journal_id', { mode: 'number' }).references(() => ledgerJournals.id),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: createdAt(),
});

/** The report of each scheduled reconciliation, kept so operators see the daily results, newest first. */
export const ledgerReconciliationRuns = pgTable(
  'ledger_reconciliation_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    isBalanced: boolean('is_balanced').notNull(),
    report: jsonb('report').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('ledger_reconciliation_runs_created_idx').on(table.createdAt)],
);
