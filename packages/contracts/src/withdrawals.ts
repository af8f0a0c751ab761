import { z } from 'zod';
import { pageBodyFields, pageOf, recordIdSchema } from './paging.ts';
import { reviewApi } from './review.ts';
import { amountSchema, payPasswordSchema, textSchema, typeError } from './validation.ts';
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
      idempotencyKey: idempotencyKeySchema,
    }),
    z.object({
      method: z.literal('crypto'),
      addressId: recordIdSchema,
      amount: amountSchema,
      payPassword: payPasswordSchema,
      idempotencyKey: idempotencyKeySchema,
    }),
  ],
  { error: 'validation.invalidValue' },
);

export const otherWithdrawalApplyBody = z.object({
  institutionName: textSchema(50),
  branchNumber: z
    .string({ error: typeError })
    .trim()
    .regex(/^\d{3}$/, { error: 'validation.branchNumber' }),
  branchName: textSchema(50),
  accountNumber: z
    .string({ error: typeError })
    .trim()
    .regex(/^\d{6,8}$/, { error: 'validation.accountNumber' }),
  recipientName: textSchema(50),
  amount: amountSchema,
  /** The spec's "withdrawal password" is the pay password. */
  payPassword: payPasswordSchema,
  idempotencyKey: idempotencyKeySchema,
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
