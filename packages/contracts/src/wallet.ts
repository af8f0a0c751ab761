import { z } from 'zod';
import { accountAssetsSchema } from './assets.ts';
import { pageBodyFields, pageOf } from './paging.ts';
import { statementFilterFields, statementLineFields } from './statement.ts';
import { typeError } from './validation.ts';

/**
 * Wallets, their statement and the funding overview (spec §4, §7). The money that comes in, goes out
 * or moves between wallets has its own file, user and operator calls together: deposits.ts,
 * withdrawals.ts, transfers.ts, bank-cards.ts, adjustments.ts, ledger.ts.
 */

/** Wallet types of spec §4; each is one ledger account per user, in its own currency. */
export const walletTypes = ['BALANCE', 'FOLLOW', 'FUTURE', 'STOCK', 'SUBSCRIPTION', 'FOREX', 'TW', 'AR', 'US_WALLET'] as const;
export type WalletType = (typeof walletTypes)[number];

export const currencies = ['USD', 'TWD', 'ARS'] as const;
export type Currency = (typeof currencies)[number];

export function currencyOfWallet(walletType: WalletType): Currency {
  if (walletType === 'TW') return 'TWD';
  if (walletType === 'AR') return 'ARS';
  return 'USD';
}

/** Why money moved: the closed list every ledger transaction carries. */
export const ledgerReasons = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_paid',
  'withdrawal_released',
  'transfer',
  'fx_conversion',
  'fee',
  'trade_margin',
  'realised_pnl',
  'interest',
  'adjustment',
  // Loans (issue 21): principal lent to a wallet, interest and penalty charged to the loan, repayments from a wallet.
  'loan_disbursement',
  'loan_interest',
  'loan_penalty',
  'loan_repayment',
  /** New-share subscriptions: the allotted amount and its fee, posted from the application's hold (issue 18). */
  'subscription',
  /** A referrer's reward for an invitee who funded the account (issue 23), from the platform's referral expense. */
  'referral_reward',
  /** Follow-invest (issue 20): the amount held, bought into units at the cut-off, and paid back at NAV less fees. */
  'follow',
  /** Funds (issue 20): a purchase, a day's income or a period's income at maturity, a redemption (and its early fee). */
  'fund_purchase',
  'fund_income',
  'fund_redemption',
  /** Strategy robots (issue 22): a licence, rental or energy pack paid; a run's money moved into it, between it and its orders, and back. */
  'robot_purchase',
  'robot_run',
] as const;
export type LedgerReason = (typeof ledgerReasons)[number];

/** Review status of spec §4: 1 pending review, 2 review failed, 3 review passed. */
export const reviewStatus = { pending: 1, failed: 2, passed: 3 } as const;

/** Money on the wire: a decimal string, never a float. */
const money = z.string();

export const walletTypeSchema = z.enum(walletTypes, { error: 'validation.invalidValue' });
export const idempotencyKeySchema = z
  .string({ error: typeError })
  .trim()
  .min(8, { error: 'validation.tooShort' })
  .max(100, { error: 'validation.tooLong' })
  .regex(/^[A-Za-z0-9_:.-]+$/, { error: 'validation.invalidValue' });

export const walletSchema = z.object({
  walletType: walletTypeSchema,
  currency: z.enum(currencies),
  balance: money,
  /** What is held (pending withdrawals, order margin): spec's usedBalance. */
  usedBalance: money,
  availableBalance: money,
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletOverviewSchema = z.object({
  wallets: z.array(walletSchema),
  /** Every wallet converted to USD at the current rates. */
  totalUsd: money,
  ratesUsd: z.record(z.string(), z.string()),
  /** Cash plus open positions, per wallet and in total (issue 15 §1). */
  assets: accountAssetsSchema,
});

export const walletBillSchema = z.object({
  id: z.string(),
  walletType: walletTypeSchema,
  currency: z.enum(currencies),
  amount: money,
  balanceAfter: money,
  reason: z.enum(ledgerReasons),
  memo: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
  /** createTime formatted in the caller's time zone as DD-MM-YYYY HH:mm:ss. */
  createTime: z.string(),
  /** What the line says, in words the app translates (issue 15 §6). */
  ...statementLineFields,
});

export const timeZoneSchema = z
  .string({ error: typeError })
  .max(64, { error: 'validation.tooLong' })
  .refine(
    (value) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: value });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'validation.invalidValue' },
  )
  .default('UTC');

export const fundingOverviewSchema = z.object({
  /** Today's date (YYYY-MM-DD) in the caller's time zone. */
  thisDate: z.string(),
  /** Realised profit today in USD, from the ledger. */
  todayProfit: money,
  totalUsd: money,
  /** Cash plus open positions, and today's P&L with the floating part (issue 15 §1). */
  assets: accountAssetsSchema,
});

export const walletApi = {
  walletBalance: { method: 'POST', path: '/wallet/getWalletBalance', body: z.object({ walletType: walletTypeSchema }), data: walletSchema },
  allWallets: { method: 'POST', path: '/userCenter/getWalletBalance', body: undefined, data: walletOverviewSchema },
  fundingOverview: {
    method: 'POST',
    path: '/userCenter/getFundingOverview',
    body: z.object({ classify: z.string().max(20).optional(), timeZone: timeZoneSchema }).optional(),
    data: fundingOverviewSchema,
  },
  walletBill: {
    method: 'POST',
    path: '/wallet/getWalletBill',
    body: z.object({ walletType: walletTypeSchema.optional(), timeZone: timeZoneSchema, ...statementFilterFields, ...pageBodyFields }),
    data: pageOf(walletBillSchema),
  },
} as const;
