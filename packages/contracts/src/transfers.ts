import { z } from 'zod';
import { recordIdSchema } from './paging.ts';
import { amountSchema } from './validation.ts';
import { idempotencyKeySchema, walletTypeSchema } from './wallet.ts';

/** Transfers between a user's wallets, across currencies at a quoted rate (spec §7). */

/** Money on the wire: a decimal string, never a float. */
const money = z.string();

export const transferQuoteSchema = z.object({
  quoteId: z.string(),
  fromWalletType: walletTypeSchema,
  toWalletType: walletTypeSchema,
  fromAmount: money,
  toAmount: money,
  /** Units of the target currency per unit of the source currency. */
  rate: z.string(),
  expiresAtTimestamp: z.number().int(),
});

export const transferResultSchema = z.object({
  transferId: z.string(),
  status: z.enum(['completed', 'pending', 'cancelled']),
  fromWalletType: walletTypeSchema,
  toWalletType: walletTypeSchema,
  fromAmount: money,
  toAmount: money.nullable(),
  rate: z.string().nullable(),
});

export const transferBody = z
  .object({
    fromWalletType: walletTypeSchema,
    toWalletType: walletTypeSchema,
    amount: amountSchema,
    /** Required across currencies: the quote the user saw, honoured for 30 s. */
    quoteId: z.string().max(100).optional(),
    idempotencyKey: idempotencyKeySchema,
  })
  .refine((value) => value.fromWalletType !== value.toWalletType, { error: 'validation.sameWallet', path: ['toWalletType'] });

export const transferApi = {
  transferQuote: {
    method: 'POST',
    path: '/wallet/transferQuote',
    body: z
      .object({ fromWalletType: walletTypeSchema, toWalletType: walletTypeSchema, amount: amountSchema })
      .refine((value) => value.fromWalletType !== value.toWalletType, { error: 'validation.sameWallet', path: ['toWalletType'] }),
    data: transferQuoteSchema,
  },
  transfer: { method: 'POST', path: '/wallet/transfer', body: transferBody, data: transferResultSchema },
  cancelTransfer: {
    method: 'POST',
    path: '/wallet/cancelTransfer',
    body: z.object({ transferId: recordIdSchema }),
    data: transferResultSchema,
  },
} as const;
