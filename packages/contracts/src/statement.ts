import { z } from 'zod';

/**
 * The statement reads as words (issue 15 §6): each line says what happened, built by the app from its
 * `line` kind and `subject` in the user's language ("Compra de 10 AAPL a 270,71", "Comisión",
 * "Transferencia a Acciones"); a trade's fee is its own line; no internal ids are shown.
 */
export const statementLineKinds = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_paid',
  'withdrawal_released',
  'transfer_in',
  'transfer_out',
  'fx_in',
  'fx_out',
  'buy',
  // A cash sale credits what it brought in (price × quantity; its result is part of it); its fee is the next line.
  'sell',
  'short',
  'cover',
  // A leveraged trade moves only its margin: the open says "margin of a buy", the close "margin released".
  'margin_buy',
  'margin_short',
  'margin_release_sell',
  'margin_release_cover',
  'fee',
  'realised_pnl',
  'margin',
  'interest',
  'adjustment',
  'loan_disbursement',
  'loan_repayment',
  'referral_reward',
] as const;
export type StatementLineKind = (typeof statementLineKinds)[number];

/** What a line is about; every field is present only when it applies. */
export const statementSubjectSchema = z.object({
  /** The instrument traded. */
  code: z.string().optional(),
  quantity: z.string().optional(),
  /** The price it filled at. */
  price: z.string().optional(),
  /** The other wallet of a transfer or conversion. */
  walletType: z.string().optional(),
  /** How a deposit came in. */
  method: z.enum(['bank', 'crypto']).optional(),
});
export type StatementSubject = z.infer<typeof statementSubjectSchema>;

/** The kinds a statement can be filtered to, each a set of ledger reasons. */
export const statementKindFilters = {
  funding: ['deposit', 'withdrawal_hold', 'withdrawal_paid', 'withdrawal_released'],
  transfers: ['transfer', 'fx_conversion'],
  trades: ['trade_margin', 'realised_pnl'],
  fees: ['fee'],
  other: ['interest', 'adjustment', 'loan_disbursement', 'loan_repayment', 'referral_reward', 'follow'],
} as const;
export type StatementKindFilter = keyof typeof statementKindFilters;
export const statementKindFilterNames = Object.keys(statementKindFilters) as StatementKindFilter[];

const isoDate = z
  .string({ error: 'validation.invalidType' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalidValue' })
  .optional();

/** Filters of the statement request beside the wallet: kind and a date range (days in the caller's zone, both included). */
export const statementFilterFields = {
  kind: z
    .enum(statementKindFilterNames as [StatementKindFilter, ...StatementKindFilter[]], { error: 'validation.invalidValue' })
    .optional(),
  fromDate: isoDate,
  toDate: isoDate,
};

export const statementLineFields = {
  line: z.enum(statementLineKinds),
  subject: statementSubjectSchema,
};
