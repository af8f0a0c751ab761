import { z } from 'zod';
import { isValidJapaneseAccountName } from './bank-accounts.ts';
import { pageBodyFields, pageOf, recordIdSchema } from './paging.ts';
import { reviewApi, reviewIdParams } from './review.ts';
import { amountSchema, otpCodeSchema, payPasswordSchema, textSchema, typeError } from './validation.ts';
import { currencies, idempotencyKeySchema, walletTypeSchema } from './wallet.ts';

/**
 * Withdrawals (spec §5, §7): the user's calls and the operators' review of them, under /admin/api.
 * Where the money goes (bank cards, crypto addresses) is in bank-cards.ts.
 */

/** Money on the wire: a decimal string, never a float. */
const money = z.string();

export const withdrawalStatuses = ['pending', 'paid', 'rejected'] as const;

export const withdrawalSchema = z.object({
  id: z.string(),
  method: z.enum(['bank', 'crypto', 'yen_bank']),
  amount: money,
  currency: z.enum(currencies),
  status: z.enum(withdrawalStatuses),
  reviewStatus: z.number().int(),
  reason: z.string().nullable(),
  destination: z.string(),
  /** What reaches the account when it is paid in another currency (a yen withdrawal): the amount and the quoted rate. */
  payout: z.object({ currency: z.literal('JPY'), amount: money, rate: z.string() }).nullable(),
  timeline: z.array(z.object({ step: z.enum(['requested', 'paid', 'rejected']), timeTimestamp: z.number().int() })),
  createTimeTimestamp: z.number().int(),
});

export const withdrawalApplyBody = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('bank'),
      cardId: recordIdSchema,
      amount: amountSchema,
      payPassword: payPasswordSchema,
      otpCode: otpCodeSchema.optional(),
      idempotencyKey: idempotencyKeySchema,
    }),
    z.object({
      method: z.literal('crypto'),
      addressId: recordIdSchema,
      amount: amountSchema,
      payPassword: payPasswordSchema,
      otpCode: otpCodeSchema.optional(),
      idempotencyKey: idempotencyKeySchema,
    }),
  ],
  { error: 'validation.invalidValue' },
);

export const japaneseAccountTypes = ['ordinary', 'current', 'savings'] as const;

export const otherWithdrawalApplyBody = z.object({
  institutionName: textSchema(50),
  branchNumber: z
    .string({ error: typeError })
    .trim()
    .regex(/^\d{3}$/, { error: 'validation.branchNumber' }),
  branchName: textSchema(50),
  /** Japanese accounts are 7 digits (shorter ones are written with leading zeros). */
  accountNumber: z
    .string({ error: typeError })
    .trim()
    .regex(/^\d{7}$/, { error: 'validation.accountNumber' }),
  accountType: z.enum(japaneseAccountTypes, { error: 'validation.invalidValue' }).default('ordinary'),
  /** As the bank holds it for a Zengin transfer: katakana or Latin letters, digits and ( ) . , - / spaces. */
  recipientName: textSchema(50).refine(isValidJapaneseAccountName, { error: 'validation.recipientName' }),
  amount: amountSchema,
  /** The yen quote the person saw (`withdrawalApi.yenQuote`), honoured for 30 s; without it the current rate applies. */
  quoteId: z.string().max(100).optional(),
  /** The spec's "withdrawal password" is the pay password. */
  payPassword: payPasswordSchema,
  otpCode: otpCodeSchema.optional(),
  idempotencyKey: idempotencyKeySchema,
});

export const yenQuoteBody = z.object({ amount: amountSchema });
export const yenQuoteSchema = z.object({
  quoteId: z.string(),
  /** USD taken from the balance wallet. */
  fromAmount: money,
  /** Whole yen paid to the account. */
  toAmount: money,
  rate: z.string(),
  expiresAtTimestamp: z.number().int(),
});

export const withdrawalApi = {
  usableWithdrawal: {
    method: 'GET',
    path: '/withdrawal/getUsableWithdrawalAmount',
    body: undefined,
    data: z.object({ walletType: walletTypeSchema, currency: z.enum(currencies), amount: money }),
  },
  withdraw: { method: 'POST', path: '/withdrawal/withdrawal-apply', body: withdrawalApplyBody, data: withdrawalSchema },
  withdrawOther: { method: 'POST', path: '/withdrawal/other-withdrawal-apply', body: otherWithdrawalApplyBody, data: withdrawalSchema },
  /** What a yen withdrawal of `amount` USD pays in yen, at a rate honoured for 30 s. */
  yenQuote: { method: 'POST', path: '/withdrawal/yen-quote', body: yenQuoteBody, data: yenQuoteSchema },
  withdrawals: { method: 'POST', path: '/withdrawal/listPage', body: z.object(pageBodyFields).optional(), data: pageOf(withdrawalSchema) },
} as const;

export const operatorWithdrawalSchema = withdrawalSchema.extend({ userId: z.string(), userEmail: z.string() });

/** The operators' queue of withdrawals, approve (paid) and reject with a reason, which releases the hold (ADR 0015). */
export const operatorWithdrawalApi = reviewApi({
  path: '/withdrawals',
  permission: 'reviews.withdrawals',
  item: operatorWithdrawalSchema,
  decided: withdrawalSchema,
});

/** The full account to pay a withdrawal to; each call is audited (issue 15 §5). */
export const operatorWithdrawalAccountApi = {
  revealAccount: {
    method: 'POST',
    path: '/withdrawals/:id/reveal-account',
    permission: 'reviews.withdrawals',
    params: reviewIdParams,
    data: z.object({ method: z.enum(['bank', 'crypto', 'yen_bank']), details: z.record(z.string(), z.string()) }),
  },
} as const;
