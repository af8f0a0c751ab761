import { z } from 'zod';
import { depositReferenceSchema, depositWalletTypes, receivingAccountSchema } from './funding-destinations.ts';
import { pageBodyFields, pageOf } from './paging.ts';
import { reviewApi } from './review.ts';
import { amountSchema, textSchema, typeError } from './validation.ts';
import { currencies, walletTypeSchema } from './wallet.ts';

/** Deposits (spec §5, §7): the user's calls and the operators' review of them, under /admin/api. */

/** Money on the wire: a decimal string, never a float. */
const money = z.string();

export const depositNetworkSchema = z.object({
  network: z.string(),
  currency: z.string(),
  address: z.string(),
  confirmationsRequired: z.number().int(),
  depositMinimum: money,
});

export const depositMethodsSchema = z.object({
  fiat: z.object({
    /** The wallets a bank deposit may be for, each with its currency (issue 15 §3). */
    currencies: z.array(z.object({ currency: z.enum(currencies), walletType: walletTypeSchema })),
    depositMinimum: money,
    /** Where to send the money, per currency (issue 15 §4). */
    receivingAccounts: z.array(receivingAccountSchema),
    /** A reference for this deposit, to write in the transfer's concept and send back with it. */
    reference: z.string(),
  }),
  crypto: z.array(depositNetworkSchema),
});

export const depositStatuses = ['pending', 'confirming', 'credited', 'rejected', 'below_minimum'] as const;

export const depositSchema = z.object({
  id: z.string(),
  method: z.enum(['fiat', 'crypto']),
  walletType: walletTypeSchema,
  currency: z.enum(currencies),
  amount: money,
  status: z.enum(depositStatuses),
  /** Spec's review status: 1 pending, 2 failed, 3 passed. */
  reviewStatus: z.number().int(),
  reason: z.string().nullable(),
  network: z.string().nullable(),
  txHash: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  screenshotUrl: z.string().nullable(),
  /** The bank deposit's reference, unique to it (issue 15 §4). */
  reference: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
  updateTimeTimestamp: z.number().int(),
});

export const depositCreateBody = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('fiat'),
      walletType: z.enum(depositWalletTypes, { error: 'validation.invalidValue' }).default('BALANCE'),
      amount: amountSchema,
      screenshotUrl: textSchema(300),
      /** The reference the deposit page showed; without one the server gives a new one. */
      reference: depositReferenceSchema.optional(),
    }),
    z.object({
      method: z.literal('crypto'),
      network: textSchema(20),
      amount: amountSchema,
      txHash: z
        .string({ error: typeError })
        .trim()
        .regex(/^(0x)?[0-9a-fA-F]{16,128}$/, { error: 'validation.txHash' }),
    }),
  ],
  { error: 'validation.invalidValue' },
);

export const depositApi = {
  depositMethods: { method: 'POST', path: '/recharge/currency/selectList', body: undefined, data: depositMethodsSchema },
  createDeposit: { method: 'POST', path: '/recharge/create', body: depositCreateBody, data: depositSchema },
  deposits: { method: 'POST', path: '/recharge/listPage', body: z.object(pageBodyFields).optional(), data: pageOf(depositSchema) },
} as const;

export const operatorDepositSchema = depositSchema.extend({ userId: z.string(), userEmail: z.string() });

/** The operators' queue of deposits, approve (credit) and reject with a reason (ADR 0015). */
export const operatorDepositApi = reviewApi({
  path: '/deposits',
  permission: 'reviews.deposits',
  item: operatorDepositSchema,
  decided: depositSchema,
});
