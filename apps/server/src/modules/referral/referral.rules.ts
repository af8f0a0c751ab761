import type { ReferralSignal } from '@bolsa/contracts';
import Decimal from 'decimal.js';

/**
 * The referral programme's rules as pure functions: when a deposit counts as kept, how an invitee is shown
 * to the referrer, and which facts are abuse signals. The service reads the facts; these decide.
 */

export type Movement = { amount: Decimal.Value; at: Date };

/**
 * Since when the invitee's deposits, net of withdrawals paid, have stayed at or above `minDeposit`, or
 * null when they are below it now. Movements are the invitee's deposit credits and paid withdrawals in
 * the programme's currency, oldest first: the last time the running total rose to the minimum is when the
 * deposit started being kept (a withdrawal below the minimum starts the count again).
 */
export function fundedSince(movements: readonly Movement[], minDeposit: Decimal.Value): Date | null {
  let total = new Decimal(0);
  let since: Date | null = null;
  for (const movement of movements) {
    total = total.plus(movement.amount);
    if (total.greaterThanOrEqualTo(minDeposit)) since ??= movement.at;
    else since = null;
  }
  return since;
}

/** An email as a referrer sees an invitee's: its first two characters, then the domain ("ma***@example.com"). */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***@${domain}`;
}

/**
 * One mailbox behind two addresses: the same address once a `+tag` is dropped, and for Gmail also its
 * dots (gmail.com and googlemail.com are one domain), so a user cannot invite their own alias.
 */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const isGmail = domain === 'gmail.com' || domain === 'googlemail.com';
  const base = (local.split('+')[0] ?? '').replace(isGmail ? /\./g : /$^/, '');
  return `${base}@${isGmail ? 'gmail.com' : domain}`;
}

export type Trace = { ipAddress: string | null; userAgent: string | null };

/** The facts the service gathers about a referrer and an invitee. */
export type PairFacts = {
  referrer: { email: string; verifiedName: string | null; traces: Trace[]; inviterChain: number[] };
  invitee: { id: number; email: string; verifiedName: string | null; traces: Trace[] };
  sharePaymentInstrument: boolean;
};

const sameName = (a: string | null, b: string | null) => a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The abuse signals of one referral. A self-referral (one mailbox, or one verified person) is never
 * rewarded; the others hold the reward for an operator: the invitee registered from an address the
 * referrer has used, both used the same device (the same browser from the same address), they share a
 * payment instrument, or the invitee appears above the referrer in the referrer's own chain of inviters.
 */
export function abuseSignals(facts: PairFacts): ReferralSignal[] {
  const { referrer, invitee } = facts;
  const signals: ReferralSignal[] = [];
  if (mailboxOf(referrer.email) === mailboxOf(invitee.email) || sameName(referrer.verifiedName, invitee.verifiedName)) {
    signals.push('self_referral');
  }
  const registrationIp = invitee.traces[0]?.ipAddress ?? null;
  if (registrationIp !== null && referrer.traces.some((trace) => trace.ipAddress === registrationIp)) signals.push('same_ip');
  const devices = new Set(referrer.traces.filter((trace) => trace.userAgent).map((trace) => `${trace.ipAddress}|${trace.userAgent}`));
  if (invitee.traces.some((trace) => trace.userAgent && devices.has(`${trace.ipAddress}|${trace.userAgent}`))) signals.push('same_device');
  if (facts.sharePaymentInstrument) signals.push('same_payment_instrument');
  if (referrer.inviterChain.includes(invitee.id)) signals.push('loop');
  return signals;
}
