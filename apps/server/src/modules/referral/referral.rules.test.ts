import { describe, expect, it } from 'vitest';
import { abuseSignals, fundedSince, mailboxOf, maskEmail, type PairFacts } from './referral.rules.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe('referral rules', () => {
  it('counts the deposit as kept from when the total reached the minimum, and again from zero after a withdrawal below it', () => {
    expect(fundedSince([{ amount: '60', at: day(1) }], '100')).toBeNull();
    expect(
      fundedSince(
        [
          { amount: '60', at: day(1) },
          { amount: '50', at: day(3) },
        ],
        '100',
      ),
    ).toEqual(day(3));
    const withdrawn = [
      { amount: '150', at: day(1) },
      { amount: '-80', at: day(5) },
      { amount: '40', at: day(9) },
    ];
    expect(fundedSince(withdrawn, '100')).toEqual(day(9));
    expect(
      fundedSince(
        [
          { amount: '150', at: day(1) },
          { amount: '-50', at: day(5) },
        ],
        '100',
      ),
    ).toEqual(day(1));
  });

  it('shows an invitee by the start of the address only, and knows one mailbox behind its aliases', () => {
    expect(maskEmail('maria@example.com')).toBe('ma***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(mailboxOf('Ma.Ria+bolsa@googlemail.com')).toBe(mailboxOf('maria@gmail.com'));
    expect(mailboxOf('ma.ria@example.com')).not.toBe(mailboxOf('maria@example.com'));
  });

  const facts = (change: Partial<PairFacts['referrer']> = {}, inviteeChange: Partial<PairFacts['invitee']> = {}): PairFacts => ({
    referrer: {
      email: 'ref@example.com',
      verifiedName: 'Ana Paz',
      traces: [{ ipAddress: '1.1.1.1', userAgent: 'A' }],
      inviterChain: [],
      ...change,
    },
    invitee: {
      id: 7,
      email: 'friend@example.com',
      verifiedName: 'Luis Gil',
      traces: [{ ipAddress: '2.2.2.2', userAgent: 'A' }],
      ...inviteeChange,
    },
    sharePaymentInstrument: false,
  });

  it('finds no signal for strangers and names each signal of a suspicious pair', () => {
    expect(abuseSignals(facts())).toEqual([]);
    expect(abuseSignals(facts({}, { verifiedName: 'ana paz' }))).toEqual(['self_referral']);
    expect(abuseSignals(facts({}, { traces: [{ ipAddress: '1.1.1.1', userAgent: 'B' }] }))).toEqual(['same_ip']);
    expect(
      abuseSignals(
        facts(
          {},
          {
            traces: [
              { ipAddress: '3.3.3.3', userAgent: 'X' },
              { ipAddress: '1.1.1.1', userAgent: 'A' },
            ],
          },
        ),
      ),
    ).toEqual(['same_device']);
    expect(abuseSignals({ ...facts(), sharePaymentInstrument: true })).toEqual(['same_payment_instrument']);
    expect(abuseSignals(facts({ inviterChain: [3, 7] }))).toEqual(['loop']);
  });
});
