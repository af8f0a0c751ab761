import { z } from 'zod';

/**
 * The one list of what an operator may do. The server checks it on the first line of every operator
 * service; the console reads it to show only what the signed-in operator can use. Adding an operator
 * feature means adding its permission here and granting it to the roles that need it.
 */
export const operatorPermissions = [
  'reviews.deposits',
  'reviews.withdrawals',
  'reviews.kyc',
  /** Decide loan applications (issue 21); above a product's threshold two different operators must approve. */
  'reviews.loans',
  /** Read the loan book and a loan's history. */
  'loans.read',
  /** Change loan products: rates, limits, penalty rule, second-approval threshold (audited). */
  'loans.settings',
  /** Decide referral rewards held by an abuse signal (issue 23). */
  'reviews.referrals',
  /** Set the referral programme: reward, currency, deposit kept for how many days, yearly cap (audited). */
  'referral.settings',
  /** Funds (issue 20): products, published rates and the income report. */
  'funds.read',
  /** Create and change fund products, publish daily rates, close a day and post its income (audited). */
  'funds.manage',
  /** Keep the bank accounts users send deposits to (issue 15 §4). */
  'funding.receivingAccounts',
  'files.read',
  'users.read',
  'users.freeze',
  'users.sessions',
  'adjustments.request',
  'adjustments.approve',
  'ledger.reconcile',
  'instruments.read',
  'instruments.edit',
  /** Review block-trading applications, read permissions and block orders (issue 19). */
  'blocktrade.review',
  /** Block-trading requirements, markets, eligible instruments, and suspending a permission (issue 19). */
  'blocktrade.manage',
  'content.edit',
  /** New-share offerings (issue 18): create and edit, watch the book, preview the allotment. */
  'offerings.edit',
  /** Publish another operator's offering (four eyes) and run its allotment. */
  'offerings.publish',
  /** Follow-invest institutions (issue 20): read the portfolios, their followers and rebalances. */
  'follow.read',
  /** Create institutions, change their fees and periods, rebalance their weights (audited). */
  'follow.manage',
  /** Strategy robots (issue 22): templates, prices, energy packs, every run with its orders. */
  'robots.read',
  /** Edit templates, prices and packs; the kill switch of one run or of all (audited). */
  'robots.manage',
  'messages.send',
  /** Answer support chats (issue 23): the queue, assignment, replies, notes, closing, the user's context beside it. */
  'support.chat',
  /** Keep the canned replies agents pick from, per language. */
  'support.replies',
  'audit.read',
  'outbox.read',
  'operators.manage',
  /** An operator's own sign-in: profile, sign-out, two-factor enrolment. Every role has it. */
  'account.security',
] as const;

export type OperatorPermission = (typeof operatorPermissions)[number];

export const operatorRoles = ['admin', 'reviewer', 'support', 'content_editor'] as const;
export type OperatorRole = (typeof operatorRoles)[number];
export const operatorRoleSchema = z.enum(operatorRoles);

/** Which role may do what. An admin may do everything; the others only their part of the work. */
export const rolePermissions: Record<OperatorRole, readonly OperatorPermission[]> = {
  admin: operatorPermissions,
  reviewer: [
    'reviews.deposits',
    'reviews.withdrawals',
    'reviews.kyc',
    'blocktrade.review',
    'reviews.loans',
    'loans.read',
    'reviews.referrals',
    'funds.read',
    'files.read',
    'users.read',
    'adjustments.request',
    'adjustments.approve',
    'ledger.reconcile',
    'account.security',
  ],
  // Not the dev outbox: it holds password-reset codes, which would let support take over an account.
  support: [
    'users.read',
    'users.freeze',
    'users.sessions',
    'files.read',
    'messages.send',
    'support.chat',
    'support.replies',
    'account.security',
  ],
  content_editor: ['content.edit', 'messages.send', 'account.security'],
};

export function roleHasPermission(role: string, permission: OperatorPermission): boolean {
  const permissions = rolePermissions[role as OperatorRole];
  return permissions?.includes(permission) === true;
}
