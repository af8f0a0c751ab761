import { z } from 'zod';
import { pageBodyFields, pageOf } from './paging.ts';
import { reviewApi } from './review.ts';
import { amountSchema, typeError } from './validation.ts';
import { currencies } from './wallet.ts';

/**
 * Referral (spec §1 invitation code and referral QR code, §2 /pages/profile/share), issue 23 §2. One
 * level only: a user is rewarded for the users who registered with their invitation code, never for
 * those users' own invitees. The reward is posted through the ledger once per invitee, when the invitee's
 * deposits have reached the programme's minimum and stayed there for its number of days.
 */

/**
 * Where an invitee's reward stands: `waiting` (the condition does not hold yet), `held` (an abuse signal
 * put it before an operator), `paid`, `refused` (a self-referral, or an operator refused it), `capped`
 * (the referrer had reached the yearly cap when it became due).
 */
export const referralRewardStates = ['waiting', 'held', 'paid', 'refused', 'capped'] as const;
export type ReferralRewardState = (typeof referralRewardStates)[number];

/** What makes a reward look like abuse. A self-referral is refused outright; the others hold it for review. */
export const referralSignals = ['self_referral', 'same_device', 'same_ip', 'same_payment_instrument', 'loop'] as const;
export type ReferralSignal = (typeof referralSignals)[number];

const money = z.string();

/** The programme as operators set it and users read it (the terms are worded from these figures). */
export const referralProgrammeSchema = z.object({
  isEnabled: z.boolean(),
  /** Paid to the referrer's general balance wallet of this currency. */
  rewardAmount: money,
  currency: z.enum(currencies),
  /** What the invitee must deposit (in the programme's currency, net of withdrawals paid) and keep. */
  minDeposit: money,
  holdDays: z.number().int(),
  /** The most one referrer is paid in a calendar year (UTC). */
  yearlyCap: money,
  /** When operators last changed it: the terms shown are those in force since then. */
  updatedAtTimestamp: z.number().int(),
});
export type ReferralProgramme = z.infer<typeof referralProgrammeSchema>;

export const referralShareSchema = z.object({
  invitationCode: z.string(),
  programme: referralProgrammeSchema,
  /** Rewards paid to the user this calendar year, and in all. */
  paidThisYear: money,
  paidTotal: money,
  inviteeCount: z.number().int(),
});
export type ReferralShare = z.infer<typeof referralShareSchema>;

/** One invitee as the referrer sees them: never their full email. */
export const referralInviteeSchema = z.object({
  maskedEmail: z.string(),
  registeredAtTimestamp: z.number().int(),
  isVerified: z.boolean(),
  /** Since when the invitee's deposits have held the minimum, or null while they do not. */
  fundedSinceTimestamp: z.number().int().nullable(),
  /** When the reward falls due if the deposit stays (funded since + the programme's days). */
  dueAtTimestamp: z.number().int().nullable(),
  state: z.enum(referralRewardStates),
  amount: money.nullable(),
  paidAtTimestamp: z.number().int().nullable(),
});
export type ReferralInvitee = z.infer<typeof referralInviteeSchema>;

export const referralApi = {
  share: { method: 'GET', path: '/referral/share', body: undefined, data: referralShareSchema },
  invitees: { method: 'POST', path: '/referral/invitees', body: z.object(pageBodyFields), data: pageOf(referralInviteeSchema) },
} as const;

/** A reward as the operator decides on it: both parties and the signals that held it. */
export const referralRewardSchema = z.object({
  id: z.string(),
  referrerId: z.string(),
  referrerEmail: z.string(),
  inviteeId: z.string(),
  inviteeEmail: z.string(),
  state: z.enum(referralRewardStates),
  signals: z.array(z.enum(referralSignals)),
  amount: money,
  currency: z.enum(currencies),
  reason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  createdAtTimestamp: z.number().int(),
  paidAtTimestamp: z.number().int().nullable(),
});
export type ReferralReward = z.infer<typeof referralRewardSchema>;

const wholeDays = z
  .number({ error: typeError })
  .int({ error: 'validation.invalidValue' })
  .min(0, { error: 'validation.invalidValue' })
  .max(365, { error: 'validation.invalidValue' });

export const referralProgrammeBody = z.object({
  isEnabled: z.boolean({ error: typeError }),
  rewardAmount: amountSchema,
  currency: z.enum(currencies, { error: 'validation.invalidValue' }),
  minDeposit: amountSchema,
  holdDays: wholeDays,
  yearlyCap: amountSchema,
});

export const referralReview = reviewApi({
  path: '/referrals/rewards',
  permission: 'reviews.referrals',
  item: referralRewardSchema,
  decided: referralRewardSchema,
});

export const operatorReferralApi = {
  ...referralReview,
  programme: { method: 'GET', path: '/referrals/programme', permission: 'referral.settings', data: referralProgrammeSchema },
  updateProgramme: {
    method: 'POST',
    path: '/referrals/programme',
    permission: 'referral.settings',
    body: referralProgrammeBody,
    data: referralProgrammeSchema,
  },
} as const;
