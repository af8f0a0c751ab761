import { z } from 'zod';
import { pageOf, pageQuery, pathIdSchema, recordIdSchema } from './paging.ts';
import { typeError } from './validation.ts';

/**
 * Messages to a user (spec §7 /userMessage): written by the system when something happens to their
 * money or identity, and by operators. System messages are stored as a template and its values and
 * rendered in the reader's language; operator messages are stored as written.
 */
export const messageTemplates = [
  'depositCredited',
  'depositRejected',
  'withdrawalPaid',
  'withdrawalRejected',
  'kycVerified',
  'kycRejected',
  'tradingFrozen',
  'tradingUnfrozen',
  'withdrawalsFrozen',
  'withdrawalsUnfrozen',
  'loginUnfrozen',
  'balanceCredited',
  'balanceDebited',
  // Trading: a resting or entrusted order filled by the engine, positions it closed by itself, and
  // futures positions settled at their contract's last trade date.
  'orderFilled',
  'positionStoppedOut',
  'positionTakeProfit',
  'positionStopLoss',
  'positionSettled',
  // Block trading (issue 19): the permission approved, refused or suspended.
  'blockApproved',
  'blockRejected',
  'blockSuspended',
  // Loans (issue 21): the decision, a reminder before the due date and one on it.
  'loanApproved',
  'loanRejected',
  'loanDueSoon',
  'loanDue',
  // Follow-invest (issue 20): held, units bought at the cut-off, settled at the end or stopped by the loss limit.
  'followHeld',
  'followConfirmed',
  'followSettled',
  'followStopped',
  // Referral (issue 23): a reward paid to the referrer, or a held one an operator refused (with the reason).
  'referralRewardPaid',
  'referralRewardRejected',
  // Funds (issue 20): a plan's run tomorrow, its purchase, a pause for short money; a period product paid at maturity; a redemption arrived.
  'fundPlanTomorrow',
  'fundPlanInvested',
  'fundPlanPaused',
  'fundMatured',
  'fundRedemptionArrived',
  // New shares (issue 18): the allotment of an IPO or placing application, with or without shares.
  'subscriptionAllotted',
  'subscriptionNotAllotted',
  // Rights issues: rights credited on the record date, and unexercised rights lapsed at the window's end.
  'rightsCredited',
  'rightsLapsed',
  // Worked orders (issue 19 §3, TWAP): one ended by itself — every slice placed, stopped by trading's refusal of a slice, or its period over.
  'twapCompleted',
  'twapStopped',
  'twapExpired',
  // Price alerts (issue 17 §4): the price reached a level from below or from above, or the day's change a size.
  'priceAlertAbove',
  'priceAlertBelow',
  'priceAlertChange',
  // Support chat (issue 23 §1): an agent answered while the chat was closed (once until the user reads it).
  'supportReplied',
  // Strategy robots (issue 22): a licence, rental or energy pack paid or refused (with the reason); a run stopped because energy ended, or failed (with the reason).
  'robotPurchaseSuccessful',
  'robotPurchaseFailed',
  'robotEnergyStopped',
  'robotRunFailed',
  // The first message of a new account (the demo account has it from its first start).
  'welcome',
] as const;
export type MessageTemplate = (typeof messageTemplates)[number];

/**
 * What the push socket tells a signed-in user when a message for them is created: only its id and
 * template, never its text, so a socket learns nothing the API would not show; the app fetches the
 * inbox in its own language, and a verification result (kycVerified/kycRejected) refreshes the KYC state.
 */
export type UserMessageEvent = { id: string; template: MessageTemplate | null };

/**
 * What the push socket tells a signed-in user when one of their orders fills, is cancelled or expires
 * (status as in `orderStatuses`: 1 success, 2 cancelled), or one of their positions opens, changes or
 * closes: ids and states only; the app refetches its lists through the API.
 */
export type UserOrderEvent = { id: string; status: number };
export type UserPositionEvent = { id: string; status: 'open' | 'closed' };

/**
 * What the push socket tells a signed-in user when money moved on their wallets (a deposit credited, a
 * withdrawal paid or refused, a transfer, a trade's margin or fee, an adjustment): which wallets, no
 * amounts; the app refetches balances, overview and statement through the API.
 */
export type UserBalanceEvent = { walletTypes: string[] };

export const messageSchema = z.object({
  id: z.string(),
  kind: z.enum(['system', 'operator']),
  title: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  createTimestamp: z.number().int(),
});
export type Message = z.infer<typeof messageSchema>;

const messagePage = pageOf(messageSchema).extend({ unreadCount: z.number().int() });

export const messagesApi = {
  list: { method: 'GET', path: '/userMessage/getMessage', body: undefined, query: pageQuery, data: messagePage },
  detail: {
    method: 'GET',
    path: '/userMessage/:id',
    body: undefined,
    params: z.object({ id: pathIdSchema }),
    data: messageSchema,
  },
  markRead: {
    method: 'POST',
    path: '/userMessage/updateRead',
    /** Some messages by id, or every message when `all` is true. */
    body: z
      .object({
        ids: z.array(recordIdSchema, { error: typeError }).max(100).optional(),
        all: z.boolean({ error: typeError }).optional(),
      })
      .refine((value) => value.all === true || (value.ids?.length ?? 0) > 0, { error: 'validation.required', path: ['ids'] }),
    data: z.object({ unreadCount: z.number().int() }),
  },
} as const;

export const operatorMessageBody = z.object({
  /** A user id, or absent to write to everyone. */
  userId: recordIdSchema.optional(),
  title: z.string({ error: typeError }).trim().min(1, { error: 'validation.required' }).max(120, { error: 'validation.tooLong' }),
  content: z.string({ error: typeError }).trim().min(1, { error: 'validation.required' }).max(4000, { error: 'validation.tooLong' }),
});

export const operatorMessagesApi = {
  send: { method: 'POST', path: '/messages', permission: 'messages.send', body: operatorMessageBody, data: z.object({ id: z.string() }) },
} as const;
