import { z } from 'zod';
import { recordIdSchema } from './paging.ts';
import { reviewApi } from './review.ts';
import { amountSchema, textSchema } from './validation.ts';
import { currencies, walletTypeSchema } from './wallet.ts';

/** Operators' balance adjustments, four eyes: one operator requests, another approves or rejects (console issue). */

/** Why an operator adjusts a balance: the closed list of reason codes (the ledger reason is always `adjustment`). */
export const adjustmentReasonCodes = ['goodwill', 'fee_refund', 'error_correction', 'compensation', 'chargeback'] as const;
export const adjustmentDirections = ['credit', 'debit'] as const;
export const adjustmentStatuses = ['pending', 'approved', 'rejected'] as const;

export const adjustmentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  walletType: walletTypeSchema,
  currency: z.enum(currencies),
  direction: z.enum(adjustmentDirections),
  amount: z.string(),
  reasonCode: z.enum(adjustmentReasonCodes),
  note: z.string(),
  status: z.enum(adjustmentStatuses),
  requestedBy: z.string(),
  requestedAtTimestamp: z.number().int(),
  decidedBy: z.string().nullable(),
  decidedAtTimestamp: z.number().int().nullable(),
  decisionReason: z.string().nullable(),
  journalId: z.string().nullable(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const adjustmentRequestBody = z.object({
  userId: recordIdSchema,
  walletType: walletTypeSchema,
  direction: z.enum(adjustmentDirections, { error: 'validation.invalidValue' }),
  amount: amountSchema,
  reasonCode: z.enum(adjustmentReasonCodes, { error: 'validation.invalidValue' }),
  note: textSchema(500),
});

/** The adjustments' review route contracts (ADR 0015): `operatorAdjustmentsApi` names them list, approve and reject. */
export const adjustmentReview = reviewApi({
  path: '/adjustments',
  permission: 'adjustments.approve',
  queuePermission: 'adjustments.request',
  item: adjustmentSchema,
  decided: adjustmentSchema,
});

export const operatorAdjustmentsApi = {
  list: adjustmentReview.queue,
  request: { method: 'POST', path: '/adjustments', permission: 'adjustments.request', body: adjustmentRequestBody, data: adjustmentSchema },
  approve: adjustmentReview.approve,
  reject: adjustmentReview.reject,
} as const;
