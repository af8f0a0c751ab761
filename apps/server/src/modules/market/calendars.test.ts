import { describe, expect, it } from 'vitest';
import {
  calendars,
  earlyCloseOf,
  nextOpenAfter,
  recentTradingDates,
  sessionsOf,
  sessionTimesOf,
  statusAt,
  tradingDateOf,
} from './calendars.ts';

const at = (iso: string) => Date.parse(iso);

describe('trading calendars', () => {
  it('opens the US market at 09:30 New York, with pre-market from 04:00 and post-market to 20:00', () => {
    const us = calendars.US;
    // Tuesday 2026-11-24, EST (UTC-5).
    expect(statusAt(us, at('2026-11-24T08:59:00Z'))).toBe('closed');
    expect(statusAt(us, at('2026-11-24T09:00:00Z'))).toBe('pre');
    expect(statusAt(us, at('2026-11-24T14:29:00Z'))).toBe('pre');
    expect(statusAt(us, at('2026-11-24T14:30:00Z'))).toBe('open');
    expect(statusAt(us, at('2026-11-24T20:59:00Z'))).toBe('open');
    expect(statusAt(us, at('2026-11-24T21:00:00Z'))).toBe('post');
    expect(statusAt(us, at('2026-11-25T01:00:00Z'))).toBe('closed');
  });

  it('says holiday on Thanksgiving and on the Taiwan Lunar New Year, and skips them as trading dates', () => {
    expect(statusAt(calendars.US, at('2026-11-26T15:00:00Z'))).toBe('holiday');
    expect(sessionsOf(calendars.US, '2026-11-26')).toEqual([]);
    expect(statusAt(calendars.TWSE, at('2026-02-17T02:00:00Z'))).toBe('holiday');
    expect(recentTradingDates(calendars.US, at('2026-11-27T15:00:00Z'), 2)).toEqual(['2026-11-25', '2026-11-27']);
  });

  it('closes the US market at 13:00 New York on the half days of 2026 and 2027, with post-market to 17:00', () => {
    const us = calendars.US;
    // Friday after Thanksgiving 2026 (EST, UTC-5): open 09:30, close 13:00, post 13:00–17:00.
    expect(sessionsOf(us, '2026-11-27')).toEqual([{ open: at('2026-11-27T14:30:00Z'), close: at('2026-11-27T18:00:00Z') }]);
    expect(statusAt(us, at('2026-11-27T17:59:00Z'))).toBe('open');
    expect(statusAt(us, at('2026-11-27T18:00:00Z'))).toBe('post');
    expect(statusAt(us, at('2026-11-27T21:59:00Z'))).toBe('post');
    expect(statusAt(us, at('2026-11-27T22:00:00Z'))).toBe('closed');
    // Christmas Eve 2026 is a Thursday: a half day; Christmas is a holiday.
    expect(sessionsOf(us, '2026-12-24')[0]?.close).toBe(at('2026-12-24T18:00:00Z'));
    expect(statusAt(us, at('2026-12-24T18:30:00Z'))).toBe('post');
    expect(statusAt(us, at('2026-12-25T15:00:00Z'))).toBe('holiday');
    // July 3, 2026 is the observed Independence Day (closed), so no half day that year; 2027's July 3 is a Saturday.
    expect(statusAt(us, at('2026-07-03T15:00:00Z'))).toBe('holiday');
    expect(statusAt(us, at('2026-07-02T19:00:00Z'))).toBe('open');
    // 2027: the Friday after Thanksgiving is a half day; Christmas Eve is the observed Christmas (closed).
    expect(sessionsOf(us, '2027-11-26')[0]?.close).toBe(at('2027-11-26T18:00:00Z'));
    expect(statusAt(us, at('2027-11-26T18:30:00Z'))).toBe('post');
    expect(statusAt(us, at('2027-12-24T15:00:00Z'))).toBe('holiday');
    expect(earlyCloseOf(us, '2026-11-27')).toBe('13:00');
    expect(earlyCloseOf(us, '2026-11-24')).toBeUndefined();
    // An ordinary day keeps its full session and the published session times are unchanged.
    expect(sessionsOf(us, '2026-11-30')[0]?.close).toBe(at('2026-11-30T21:00:00Z'));
    expect(sessionTimesOf(us).map((session) => `${session.kind} ${session.start}-${session.end}`)).toEqual([
      'pre 04:00-09:30',
      'regular 09:30-16:00',
      'post 16:00-20:00',
    ]);
  });

  it('follows both daylight-saving switches of New York: the open moves one hour in UTC', () => {
    // DST starts on Sunday 2026-03-08 and ends on Sunday 2026-11-01.
    expect(sessionsOf(calendars.US, '2026-03-06')[0]?.open).toBe(at('2026-03-06T14:30:00Z'));
    expect(sessionsOf(calendars.US, '2026-03-09')[0]?.open).toBe(at('2026-03-09T13:30:00Z'));
    expect(sessionsOf(calendars.US, '2026-10-30')[0]?.open).toBe(at('2026-10-30T13:30:00Z'));
    expect(sessionsOf(calendars.US, '2026-11-02')[0]?.open).toBe(at('2026-11-02T14:30:00Z'));
    expect(statusAt(calendars.US, at('2026-03-09T13:45:00Z'))).toBe('open');
    expect(statusAt(calendars.US, at('2026-03-06T13:45:00Z'))).toBe('pre');
  });

  it('pauses CME futures for the daily hour from 17:00 New York and runs Sunday evening to Friday 17:00', () => {
    const cme = calendars.CME;
    // Wednesday 2026-11-25 17:30 EST = 22:30 UTC: the daily break.
    expect(statusAt(cme, at('2026-11-25T21:59:00Z'))).toBe('open');
    expect(statusAt(cme, at('2026-11-25T22:30:00Z'))).toBe('closed');
    expect(statusAt(cme, at('2026-11-25T23:00:00Z'))).toBe('open');
    expect(tradingDateOf(cme, at('2026-11-25T23:00:00Z'))).toBe('2026-11-26');
    // Friday close and Sunday evening reopen.
    expect(statusAt(cme, at('2026-11-20T22:01:00Z'))).toBe('closed');
    expect(statusAt(cme, at('2026-11-21T15:00:00Z'))).toBe('closed');
    expect(statusAt(cme, at('2026-11-22T22:59:00Z'))).toBe('closed');
    expect(statusAt(cme, at('2026-11-22T23:00:00Z'))).toBe('open');
    expect(nextOpenAfter(cme, at('2026-11-21T15:00:00Z'))).toBe(at('2026-11-22T23:00:00Z'));
  });

  it('keeps the CBOT grains on their own hours: 20:00 to 14:20 New York with a pause 08:45-09:30', () => {
    const grains = calendars.CBOT_GRAINS;
    // Trading date Wednesday 2026-11-25 (EST, UTC-5): from Tuesday 20:00 to Wednesday 14:20 New York.
    expect(statusAt(grains, at('2026-11-25T00:59:00Z'))).toBe('closed');
    expect(statusAt(grains, at('2026-11-25T01:00:00Z'))).toBe('open');
    expect(tradingDateOf(grains, at('2026-11-25T01:00:00Z'))).toBe('2026-11-25');
    expect(statusAt(grains, at('2026-11-25T13:44:00Z'))).toBe('open');
    expect(statusAt(grains, at('2026-11-25T13:45:00Z'))).toBe('closed');
    expect(statusAt(grains, at('2026-11-25T14:30:00Z'))).toBe('open');
    expect(statusAt(grains, at('2026-11-25T19:19:00Z'))).toBe('open');
    expect(statusAt(grains, at('2026-11-25T19:20:00Z'))).toBe('closed');
    expect(sessionsOf(grains, '2026-11-25')).toEqual([
      { open: at('2026-11-25T01:00:00Z'), close: at('2026-11-25T13:45:00Z') },
      { open: at('2026-11-25T14:30:00Z'), close: at('2026-11-25T19:20:00Z') },
    ]);
    expect(sessionTimesOf(grains)).toEqual([
      { kind: 'regular', start: '20:00', end: '08:45' },
      { kind: 'regular', start: '09:30', end: '14:20' },
    ]);
    // Equity index futures keep Globex hours at the same instants.
    expect(statusAt(calendars.CME, at('2026-11-25T13:45:00Z'))).toBe('open');
    expect(statusAt(calendars.CME, at('2026-11-25T19:20:00Z'))).toBe('open');
  });

  it('trades forex from Sunday 17:00 to Friday 17:00 New York without a daily break', () => {
    expect(statusAt(calendars.FX, at('2026-11-22T21:59:00Z'))).toBe('closed');
    expect(statusAt(calendars.FX, at('2026-11-22T22:00:00Z'))).toBe('open');
    expect(statusAt(calendars.FX, at('2026-11-25T22:00:00Z'))).toBe('open');
    expect(statusAt(calendars.FX, at('2026-11-27T22:00:00Z'))).toBe('closed');
  });

  it('keeps BYMA 11:00-17:00 Buenos Aires and TWSE 09:00-13:30 Taipei, and lunch breaks in Tokyo', () => {
    expect(statusAt(calendars.BYMA, at('2026-11-24T14:00:00Z'))).toBe('open');
    expect(statusAt(calendars.BYMA, at('2026-11-24T20:00:00Z'))).toBe('closed');
    expect(statusAt(calendars.TWSE, at('2026-11-24T01:00:00Z'))).toBe('open');
    expect(statusAt(calendars.TWSE, at('2026-11-24T05:30:00Z'))).toBe('closed');
    expect(statusAt(calendars.JPX, at('2026-11-24T02:45:00Z'))).toBe('closed');
    expect(statusAt(calendars.JPX, at('2026-11-24T03:45:00Z'))).toBe('open');
  });

  it('treats every market as open in always-open mode', () => {
    for (const calendar of Object.values(calendars)) {
      expect(statusAt(calendar, at('2026-11-21T15:00:00Z'), 'always-open')).toBe('open');
      expect(nextOpenAfter(calendar, at('2026-11-21T15:00:00Z'), 'always-open')).toBeNull();
    }
  });
});
