import { describe, expect, it } from 'vitest';
import {
  addDays,
  type Calendar,
  calendars,
  earlyCloseOf,
  isHoliday,
  isTradingDate,
  localTimeOf,
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
    expect(tradingDateOf(cme, at('2026-11-18T23:00:00Z'))).toBe('2026-11-19');
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

const MINUTE = 60_000;
const sessionText = (calendar: Calendar, date: string) =>
  sessionsOf(calendar, date).map((session) => `${new Date(session.open).toISOString()} ${new Date(session.close).toISOString()}`);

describe('the US-holiday schedules of futures and forex (CME Globex conventions, 2026 and 2027)', () => {
  const cme = calendars.CME;
  const grains = calendars.CBOT_GRAINS;
  const fx = calendars.FX;

  it('halts Globex at 13:00 New York on Thanksgiving and reopens at 18:00 for the Friday, whose trade date takes the holiday morning', () => {
    // Thanksgiving 2026-11-26, EST (UTC-5). Wednesday's evening session is for Friday: no trade date on the holiday.
    expect(statusAt(cme, at('2026-11-25T22:59:00Z'))).toBe('closed');
    expect(statusAt(cme, at('2026-11-25T23:00:00Z'))).toBe('open');
    expect(tradingDateOf(cme, at('2026-11-25T23:00:00Z'))).toBe('2026-11-27');
    expect(statusAt(cme, at('2026-11-26T17:59:00Z'))).toBe('open');
    expect(statusAt(cme, at('2026-11-26T17:59:59Z'))).toBe('open');
    expect(statusAt(cme, at('2026-11-26T18:00:00Z'))).toBe('holiday');
    expect(statusAt(cme, at('2026-11-26T21:59:00Z'))).toBe('holiday');
    // The daily break is the usual one; the reopen is the usual evening open.
    expect(statusAt(cme, at('2026-11-26T22:00:00Z'))).toBe('closed');
    expect(statusAt(cme, at('2026-11-26T22:59:00Z'))).toBe('closed');
    expect(statusAt(cme, at('2026-11-26T23:00:00Z'))).toBe('open');
    expect(nextOpenAfter(cme, at('2026-11-26T18:00:00Z'))).toBe(at('2026-11-26T23:00:00Z'));
    expect(tradingDateOf(cme, at('2026-11-26T17:00:00Z'))).toBe('2026-11-27');
    expect(isTradingDate(cme, '2026-11-26')).toBe(false);
    expect(isHoliday(cme, '2026-11-26')).toBe(true);
    expect(sessionsOf(cme, '2026-11-26')).toEqual([]);
    expect(sessionText(cme, '2026-11-27')).toEqual([
      '2026-11-25T23:00:00.000Z 2026-11-26T18:00:00.000Z',
      '2026-11-26T23:00:00.000Z 2026-11-27T18:15:00.000Z',
    ]);
    // The grains close for the whole holiday, from Wednesday's evening session on.
    expect(statusAt(grains, at('2026-11-26T01:00:00Z'))).toBe('holiday');
    expect(statusAt(grains, at('2026-11-26T16:00:00Z'))).toBe('holiday');
    expect(sessionsOf(grains, '2026-11-26')).toEqual([]);
    // Forex trades through Thanksgiving.
    expect(statusAt(fx, at('2026-11-26T18:00:00Z'))).toBe('open');
    expect(isTradingDate(fx, '2026-11-26')).toBe(true);
  });

  it('closes Globex at 13:15 New York the day after Thanksgiving, and the grains trade only 09:30-13:05', () => {
    expect(statusAt(cme, at('2026-11-27T18:14:00Z'))).toBe('open');
    expect(statusAt(cme, at('2026-11-27T18:14:59Z'))).toBe('open');
    // A short day is a trade date, not a holiday: the rest of the afternoon is closed, then the weekend.
    expect(statusAt(cme, at('2026-11-27T18:15:00Z'))).toBe('closed');
    expect(statusAt(cme, at('2026-11-27T21:00:00Z'))).toBe('closed');
    expect(isHoliday(cme, '2026-11-27')).toBe(false);
    expect(nextOpenAfter(cme, at('2026-11-27T18:15:00Z'))).toBe(at('2026-11-29T23:00:00Z'));
    // Grains: no session on Thanksgiving evening or overnight; 08:30-12:05 Chicago on the Friday.
    expect(statusAt(grains, at('2026-11-27T01:00:00Z'))).toBe('closed');
    expect(statusAt(grains, at('2026-11-27T14:29:00Z'))).toBe('closed');
    expect(statusAt(grains, at('2026-11-27T14:30:00Z'))).toBe('open');
    expect(statusAt(grains, at('2026-11-27T18:04:00Z'))).toBe('open');
    expect(statusAt(grains, at('2026-11-27T18:05:00Z'))).toBe('closed');
    expect(sessionText(grains, '2026-11-27')).toEqual(['2026-11-27T14:30:00.000Z 2026-11-27T18:05:00.000Z']);
    expect(nextOpenAfter(grains, at('2026-11-26T15:00:00Z'))).toBe(at('2026-11-27T14:30:00Z'));
    // 2027: the same pattern a year on.
    expect(sessionText(cme, '2027-11-26')).toEqual([
      '2027-11-24T23:00:00.000Z 2027-11-25T18:00:00.000Z',
      '2027-11-25T23:00:00.000Z 2027-11-26T18:15:00.000Z',
    ]);
  });

  it('keeps Christmas: Globex closes at 13:15 on Christmas Eve and stays shut to Sunday; forex closes from 17:00 on the eve to 17:00 on the day', () => {
    // Thursday 2026-12-24 and Friday 2026-12-25 (EST).
    expect(statusAt(cme, at('2026-12-24T18:14:00Z'))).toBe('open');
    expect(statusAt(cme, at('2026-12-24T18:15:00Z'))).toBe('closed');
    expect(statusAt(cme, at('2026-12-24T22:30:00Z'))).toBe('closed');
    expect(statusAt(cme, at('2026-12-24T23:00:00Z'))).toBe('holiday');
    expect(statusAt(cme, at('2026-12-25T15:00:00Z'))).toBe('holiday');
    expect(statusAt(cme, at('2026-12-25T22:00:00Z'))).toBe('closed');
    expect(nextOpenAfter(cme, at('2026-12-24T18:15:00Z'))).toBe(at('2026-12-27T23:00:00Z'));
    expect(statusAt(grains, at('2026-12-24T18:04:00Z'))).toBe('open');
    expect(statusAt(grains, at('2026-12-24T18:05:00Z'))).toBe('closed');
    expect(statusAt(fx, at('2026-12-24T21:59:00Z'))).toBe('open');
    expect(statusAt(fx, at('2026-12-24T22:00:00Z'))).toBe('holiday');
    expect(statusAt(fx, at('2026-12-25T21:59:00Z'))).toBe('holiday');
    expect(statusAt(fx, at('2026-12-25T22:00:00Z'))).toBe('closed');
    expect(nextOpenAfter(fx, at('2026-12-25T12:00:00Z'))).toBe(at('2026-12-27T22:00:00Z'));
    // 2027: Christmas is a Saturday. Globex observes it on Friday the 24th (closed from Thursday's
    // close); the interbank forex market trades that Friday.
    expect(statusAt(cme, at('2027-12-23T21:59:00Z'))).toBe('open');
    expect(statusAt(cme, at('2027-12-23T23:00:00Z'))).toBe('holiday');
    expect(statusAt(cme, at('2027-12-24T15:00:00Z'))).toBe('holiday');
    expect(statusAt(fx, at('2027-12-24T15:00:00Z'))).toBe('open');
    expect(isTradingDate(fx, '2027-12-24')).toBe(true);
  });

  it("keeps New Year's Day: closed the evening before, reopening on the evening of the day for the next trade date", () => {
    // Thursday 2026-01-01 (EST): Wednesday closes as usual, no evening session; Thursday 18:00 opens Friday.
    expect(statusAt(cme, at('2025-12-31T21:59:00Z'))).toBe('open');
    expect(statusAt(cme, at('2025-12-31T23:00:00Z'))).toBe('holiday');
    expect(statusAt(cme, at('2026-01-01T21:59:00Z'))).toBe('holiday');
    expect(statusAt(cme, at('2026-01-01T22:59:00Z'))).toBe('closed');
    expect(statusAt(cme, at('2026-01-01T23:00:00Z'))).toBe('open');
    expect(tradingDateOf(cme, at('2026-01-01T23:00:00Z'))).toBe('2026-01-02');
    expect(sessionText(cme, '2026-01-02')).toEqual(['2026-01-01T23:00:00.000Z 2026-01-02T22:00:00.000Z']);
    expect(statusAt(fx, at('2025-12-31T22:00:00Z'))).toBe('holiday');
    expect(statusAt(fx, at('2026-01-01T22:00:00Z'))).toBe('open');
    // Friday 2027-01-01: Thursday's session is whole, then shut until Sunday evening.
    expect(statusAt(cme, at('2026-12-31T21:59:00Z'))).toBe('open');
    expect(statusAt(cme, at('2026-12-31T23:00:00Z'))).toBe('holiday');
    expect(nextOpenAfter(cme, at('2026-12-31T23:00:00Z'))).toBe(at('2027-01-03T23:00:00Z'));
    expect(nextOpenAfter(fx, at('2026-12-31T23:00:00Z'))).toBe(at('2027-01-03T22:00:00Z'));
  });

  it('closes Globex and the grains on Good Friday while forex trades, in daylight-saving time', () => {
    // Good Friday 2026-04-03, EDT (UTC-4): Thursday closes at 17:00 (21:00 UTC) with no evening session.
    expect(statusAt(cme, at('2026-04-02T20:59:00Z'))).toBe('open');
    expect(statusAt(cme, at('2026-04-02T21:00:00Z'))).toBe('closed');
    expect(statusAt(cme, at('2026-04-02T22:00:00Z'))).toBe('holiday');
    expect(statusAt(cme, at('2026-04-03T14:00:00Z'))).toBe('holiday');
    expect(statusAt(cme, at('2026-04-03T21:00:00Z'))).toBe('closed');
    expect(nextOpenAfter(cme, at('2026-04-02T21:00:00Z'))).toBe(at('2026-04-05T22:00:00Z'));
    expect(statusAt(grains, at('2026-04-03T14:00:00Z'))).toBe('holiday');
    expect(statusAt(fx, at('2026-04-03T14:00:00Z'))).toBe('open');
    expect(recentTradingDates(cme, at('2026-04-06T14:00:00Z'), 3)).toEqual(['2026-04-01', '2026-04-02', '2026-04-06']);
  });

  it('moves the holiday hours with New York daylight saving: a halt at 13:00 is 18:00 UTC in winter and 17:00 UTC in summer', () => {
    // Presidents' Day 2026-02-16 (EST) and Memorial Day 2026-05-25 (EDT), either side of the 2026-03-08 switch.
    expect(statusAt(cme, at('2026-02-16T17:59:00Z'))).toBe('open');
    expect(statusAt(cme, at('2026-02-16T18:00:00Z'))).toBe('holiday');
    expect(statusAt(cme, at('2026-05-25T16:59:00Z'))).toBe('open');
    expect(statusAt(cme, at('2026-05-25T17:00:00Z'))).toBe('holiday');
    expect(sessionText(cme, '2026-05-26')).toEqual([
      '2026-05-24T22:00:00.000Z 2026-05-25T17:00:00.000Z',
      '2026-05-25T22:00:00.000Z 2026-05-26T21:00:00.000Z',
    ]);
    // Labor Day 2026-09-07 (EDT) and Thanksgiving (EST), either side of the 2026-11-01 switch.
    expect(sessionsOf(cme, '2026-09-08')[0]?.close).toBe(at('2026-09-07T17:00:00Z'));
    expect(sessionsOf(cme, '2026-11-27')[0]?.close).toBe(at('2026-11-26T18:00:00Z'));
    // Good Friday 2027-03-26 falls after the 2027-03-14 switch: the Sunday reopen is an hour earlier in
    // UTC than three weeks before it, the week the clocks changed.
    expect(nextOpenAfter(cme, at('2027-03-06T12:00:00Z'))).toBe(at('2027-03-07T23:00:00Z'));
    expect(nextOpenAfter(cme, at('2027-03-13T12:00:00Z'))).toBe(at('2027-03-14T22:00:00Z'));
    expect(statusAt(cme, at('2027-03-25T21:00:00Z'))).toBe('closed');
    expect(statusAt(cme, at('2027-03-25T22:00:00Z'))).toBe('holiday');
    expect(nextOpenAfter(cme, at('2027-03-26T12:00:00Z'))).toBe(at('2027-03-28T22:00:00Z'));
    // The grains reopen on the evening of a holiday they close for, at 20:00 New York.
    expect(sessionsOf(grains, '2026-05-26')[0]?.open).toBe(at('2026-05-26T00:00:00Z'));
  });

  it('gives a Friday holiday halt to the Monday: Juneteenth 2026 trades Thursday evening to 13:00 for trade date June 22', () => {
    expect(statusAt(cme, at('2026-06-18T22:00:00Z'))).toBe('open');
    expect(tradingDateOf(cme, at('2026-06-18T22:00:00Z'))).toBe('2026-06-22');
    expect(statusAt(cme, at('2026-06-19T16:59:00Z'))).toBe('open');
    expect(statusAt(cme, at('2026-06-19T17:00:00Z'))).toBe('holiday');
    expect(statusAt(cme, at('2026-06-19T21:00:00Z'))).toBe('closed');
    expect(nextOpenAfter(cme, at('2026-06-19T17:00:00Z'))).toBe(at('2026-06-21T22:00:00Z'));
    expect(sessionText(cme, '2026-06-22')).toEqual([
      '2026-06-18T22:00:00.000Z 2026-06-19T17:00:00.000Z',
      '2026-06-21T22:00:00.000Z 2026-06-22T21:00:00.000Z',
    ]);
    // The trade date in progress is Monday's already, four days ahead.
    expect(recentTradingDates(cme, at('2026-06-19T12:00:00Z'), 2)).toEqual(['2026-06-18', '2026-06-22']);
    // Independence Day (observed) 2026-07-03 and Juneteenth (observed) 2027-06-18 are Friday halts too.
    expect(sessionsOf(cme, '2026-07-06')[0]).toEqual({ open: at('2026-07-02T22:00:00Z'), close: at('2026-07-03T17:00:00Z') });
    expect(sessionsOf(cme, '2027-06-21')[0]).toEqual({ open: at('2027-06-17T22:00:00Z'), close: at('2027-06-18T17:00:00Z') });
  });

  it('lists as Globex holidays exactly the NYSE holidays, and as grains holidays the same, for 2026 and 2027', () => {
    const usDates = Object.keys(calendars.US.holidays).sort();
    expect(Object.keys(cme.holidays).sort()).toEqual(usDates);
    expect(Object.keys(grains.holidays).sort()).toEqual(usDates);
    expect(Object.keys(fx.holidays).sort()).toEqual(['2026-01-01', '2026-12-25', '2027-01-01']);
  });

  it('agrees with itself at every minute around each holiday: status, sessions, trade dates and the next open', () => {
    for (const calendar of [cme, grains, fx]) {
      if (calendar.kind !== 'weekly') throw new Error('weekly calendars only');
      for (const date of Object.keys(calendar.schedule)) {
        const from = zonedMidnight(addDays(date, -3));
        const to = zonedMidnight(addDays(date, 3));
        // Every session of the trade dates nearby opens and closes on the minute it says, not a minute
        // off (forex's sessions touch: one trade date's close is the next one's open).
        const days: string[] = [];
        for (let day = addDays(date, -3); day <= addDays(date, 7); day = addDays(day, 1)) days.push(day);
        const around = [addDays(date, -4), ...days, addDays(date, 8)];
        const opens = new Set(around.flatMap((day) => sessionsOf(calendar, day).map((session) => session.open)));
        const closes = new Set(around.flatMap((day) => sessionsOf(calendar, day).map((session) => session.close)));
        for (const day of days) {
          for (const session of sessionsOf(calendar, day)) {
            const where = `${calendar.id} ${day} ${new Date(session.open).toISOString()}`;
            expect(statusAt(calendar, session.open - MINUTE) === 'open', where).toBe(closes.has(session.open));
            expect(statusAt(calendar, session.open), where).toBe('open');
            expect(tradingDateOf(calendar, session.open), where).toBe(day);
            expect(statusAt(calendar, session.close - MINUTE), where).toBe('open');
            expect(tradingDateOf(calendar, session.close - MINUTE), where).toBe(day);
            expect(statusAt(calendar, session.close) === 'open', where).toBe(opens.has(session.close));
          }
        }
        for (let instant = from; instant < to; instant += 10 * MINUTE) {
          const where = `${calendar.id} ${new Date(instant).toISOString()}`;
          const status = statusAt(calendar, instant);
          const tradeDate = tradingDateOf(calendar, instant);
          const isInListedSession = sessionsOf(calendar, tradeDate).some((session) => instant >= session.open && instant < session.close);
          expect(status === 'open', where).toBe(isInListedSession);
          if (status === 'open') expect(isTradingDate(calendar, tradeDate), where).toBe(true);
          if (status === 'holiday') {
            // The date whose regular hours hold this instant is listed as a holiday.
            const local = localTimeOf(instant, calendar.timeZone);
            expect(isHoliday(calendar, local.minute >= calendar.openMinute ? addDays(local.date, 1) : local.date), where).toBe(true);
          } else if (status !== 'open') {
            expect(status, where).toBe('closed');
          }
          if (status !== 'open' && instant % (60 * MINUTE) === 0) {
            const next = nextOpenAfter(calendar, instant);
            expect(next, where).not.toBeNull();
            expect(statusAt(calendar, next ?? 0), where).toBe('open');
            expect(statusAt(calendar, (next ?? 0) - MINUTE), where).not.toBe('open');
          }
        }
      }
    }
  });
});

/** Midnight UTC of a date: the walks above start there, wherever New York is. */
function zonedMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}
