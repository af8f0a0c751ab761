import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  contractExpiry,
  dayOrderExpiry,
  feeOf,
  type Instrument,
  isExpiredAt,
  marginOf,
  marketRules,
  orderExpiry,
} from './trading.rules.ts';

const onCalendar = (calendar: Instrument['calendar']) => ({ calendar }) as Instrument;

describe('market rules', () => {
  it('charges the commission rate with its minimum, rounded up to the cent', () => {
    expect(feeOf(marketRules['0'], new Decimal('2000.10'))).toBe('2.01');
    expect(feeOf(marketRules['0'], new Decimal('50'))).toBe('1.00');
    expect(feeOf(marketRules['7'], new Decimal('1005000'))).toBe('1432.13');
  });

  it('takes margin by leverage, and at least the exchange margin per contract', () => {
    expect(marginOf(new Decimal('2000.10'), 2, new Decimal(10), null)).toBe('1000.05');
    expect(marginOf(new Decimal('374012.50'), 20, new Decimal(1), new Decimal('22000'))).toBe('22000.00');
  });

  it('expires a day order at the close of the session it is in, or of the next one when the market is shut', () => {
    // Wednesday 18 November 2026, 10:00 in New York: the US session closes at 16:00 EST (21:00 UTC).
    expect(dayOrderExpiry(onCalendar('US'), Date.parse('2026-11-18T15:00:00Z'), 'real')?.toISOString()).toBe('2026-11-18T21:00:00.000Z');
    // After the close the order lives through the next day's session.
    expect(dayOrderExpiry(onCalendar('US'), Date.parse('2026-11-18T22:00:00Z'), 'real')?.toISOString()).toBe('2026-11-19T21:00:00.000Z');
    // Saturday: Monday's close.
    expect(dayOrderExpiry(onCalendar('US'), Date.parse('2026-11-21T15:00:00Z'), 'real')?.toISOString()).toBe('2026-11-23T21:00:00.000Z');
    expect(dayOrderExpiry(onCalendar('US'), Date.parse('2026-11-18T15:00:00Z'), 'always-open')).toBeNull();
  });

  it('expires a good-till-cancelled order 90 days after it was placed, whatever the clock', () => {
    const placed = Date.parse('2026-11-18T15:00:00Z');
    expect(orderExpiry(onCalendar('US'), 'gtc', placed, 'real')?.toISOString()).toBe('2027-02-16T15:00:00.000Z');
    expect(orderExpiry(onCalendar('US'), 'gtc', placed, 'always-open')?.toISOString()).toBe('2027-02-16T15:00:00.000Z');
    expect(orderExpiry(onCalendar('US'), 'day', placed, 'real')?.toISOString()).toBe('2026-11-18T21:00:00.000Z');
  });

  it('expires a futures contract at the close of its last trade date on its calendar; other instruments never', () => {
    // CME Globex closes at 16:00 in Chicago, 22:00 UTC in December.
    const crude = { lastTradeDate: '2026-12-17', calendar: 'CME' } as const;
    expect(new Date(contractExpiry(crude) ?? 0).toISOString()).toBe('2026-12-17T22:00:00.000Z');
    expect(isExpiredAt(crude, Date.parse('2026-12-17T21:59:59Z'))).toBe(false);
    expect(isExpiredAt(crude, Date.parse('2026-12-17T22:00:00Z'))).toBe(true);
    expect(contractExpiry({ lastTradeDate: null, calendar: 'US' })).toBeNull();
    expect(isExpiredAt({ lastTradeDate: null, calendar: 'US' }, Date.parse('2099-01-01T00:00:00Z'))).toBe(false);
  });
});
