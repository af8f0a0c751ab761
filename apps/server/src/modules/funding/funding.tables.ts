import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, money, textEnum } from '../../platform/db/columns.ts';

/**
 * Funding workflows: the records a person sees (deposits, withdrawals, transfers) and where money
 * goes to (cards, addresses). Their money moves only through the ledger; these rows say why and when.
 */

export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    method: textEnum('method', ['fiat', 'crypto']).notNull(),
    walletType: text('wallet_type').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    status: textEnum('status', ['pending', 'confirming', 'credited', 'rejected', 'below_minimum']).notNull(),
    reason: text('reason'),
    network: text('network'),
    txHash: text('tx_hash'),
    confirmations: integer('confirmations'),
    screenshotUrl: text('screenshot_url'),
    /** A bank deposit's reference, written in the transfer's concept: unique to the deposit (issue 15 §4). */
    reference: text('reference'),
    journalId: bigint('journal_id', { mode: 'number' }),
    decidedByOperatorId: bigint('decided_by_operator_id', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('deposits_user_idx').on(table.userId, table.id.desc()),
    index('deposits_status_idx').on(table.status),
    uniqueIndex('deposits_tx_key').on(table.network, table.txHash).where(sql`tx_hash IS NOT NULL`),
    uniqueIndex('deposits_reference_key').on(table.reference).where(sql`reference IS NOT NULL`),
  ],
);

/** The platform's bank accounts users send deposits to, per currency; operators keep them (issue 15 §4). */
export const receivingAccounts = pgTable(
  'receiving_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    currency: text('currency').notNull(),
    beneficiary: text('beneficiary').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number'),
    cbu: text('cbu'),
    alias: text('alias'),
    iban: text('iban'),
    swift: text('swift'),
    isDemo: boolean('is_demo').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [index('receiving_accounts_currency_idx').on(table.currency)],
);

export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    network: text('network').notNull(),
    address: text('address').notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.network] })],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    method: textEnum('method', ['bank', 'crypto', 'yen_bank']).notNull(),
    walletType: text('wallet_type').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    status: textEnum('status', ['pending', 'paid', 'rejected']).notNull().default('pending'),
    reason: text('reason'),
    /** What the person recognises: a masked card, an address, a bank and branch. */
    destination: text('destination').notNull(),
    destinationDetails: jsonb('destination_details').notNull(),
    /** Paid in another currency (a yen withdrawal): that currency, the amount paid and the quoted rate per USD. */
    payoutCurrency: text('payout_currency'),
    payoutAmount: money('payout_amount'),
    payoutRate: numeric('payout_rate', { precision: 24, scale: 10 }),
    holdId: bigint('hold_id', { mode: 'number' }),
    idempotencyKey: text('idempotency_key').notNull(),
    decidedByOperatorId: bigint('decided_by_operator_id', { mode: 'number' }),
    decidedAt: at('decided_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('withdrawals_idempotency_key').on(table.userId, table.idempotencyKey),
    index('withdrawals_user_idx').on(table.userId, table.id.desc()),
    index('withdrawals_status_idx').on(table.status),
  ],
);

export const bankCards = pgTable(
  'bank_cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    cardNumber: text('card_number').notNull(),
    /** A US account's ABA routing number; null for cards, CBU/CVU, alias and IBAN. */
    routingNumber: text('routing_number'),
    createdAt: createdAt(),
    /** Deleted cards stay, so past withdrawals still say where the money went. */
    deletedAt: at('deleted_at'),
  },
  (table) => [index('bank_cards_user_idx').on(table.userId)],
);

export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    label: text('label'),
    createdAt: createdAt(),
    deletedAt: at('deleted_at'),
  },
  (table) => [index('withdrawal_addresses_user_idx').on(table.userId)],
);

/** A rate shown to a person for a cross-currency transfer, honoured until it expires, used at most once. */
export const fxQuotes = pgTable('fx_quotes', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  fromWalletType: text('from_wallet_type').notNull(),
  toWalletType: text('to_wallet_type').notNull(),
  fromAmount: money('from_amount').notNull(),
  toAmount: money('to_amount').notNull(),
  rate: numeric('rate', { precision: 24, scale: 10 }).notNull(),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
});

export const walletTransfers = pgTable(
  'wallet_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    fromWalletType: text('from_wallet_type').notNull(),
    toWalletType: text('to_wallet_type').notNull(),
    fromAmount: money('from_amount').notNull(),
    toAmount: money('to_amount'),
    rate: numeric('rate', { precision: 24, scale: 10 }),
    status: textEnum('status', ['completed', 'pending', 'cancelled']).notNull(),
    quoteId: text('quote_id').unique(),
    holdId: bigint('hold_id', { mode: 'number' }),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    completedAt: at('completed_at'),
  },
  (table) => [
    uniqueIndex('wallet_transfers_idempotency_key').on(table.userId, table.idempotencyKey),
    index('wallet_transfers_status_idx').on(table.status),
  ],
);
