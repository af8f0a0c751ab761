import type { MarketStatus } from '@bolsa/contracts';
import { type Calendar, type DailyCalendar, type Range, US_EARLY_POST_END, type WeeklyCalendar } from './calendar-data.ts';

/**
 * Time in the trading calendars: local time in a market's zone, its sessions on a date, and whether it
 * trades at an instant. The calendars themselves (sessions, weekends, holidays) are reference data in
 * `calendar-data.ts`, re-exported here.
 */

export { type Calendar, type CalendarId, calendarIds, calendars, type ScheduleDay } from './calendar-data.ts';

// Local time in a zone. Formatting is the slow part, so results are kept per zone and minute.

type LocalTime = { date: string; weekday: number; minute: number };
const formatters = new Map<string, Intl.DateTimeFormat>();
const localCache = new Map<string, LocalTime>();
const weekdays: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function formatterOf(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local date (YYYY-MM-DD), weekday (0 Sunday) and minute of the day of an instant in a zone. */
export function localTimeOf(instantMs: number, timeZone: string): LocalTime {
  const minuteIndex = Math.floor(instantMs / 60_000);
  const key = `${timeZone}|${minuteIndex}`;
  const cached = localCache.get(key);
  if (cached) return cached;
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(minuteIndex * 60_000))) parts[part.type] = part.value;
  const local = {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: weekdays[parts.weekday ?? 'Sun'] ?? 0,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
  if (localCache.size > 50_000) localCache.clear();
  localCache.set(key, local);
  return local;
}

function offsetMs(instantMs: number, timeZone: string): number {
  const local = localTimeOf(instantMs, timeZone);
  const [year, month, day] = local.date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, day) + local.minute * 60_000;
  return asUtc - Math.floor(instantMs / 60_000) * 60_000;
}

/** The instant of a local wall-clock time (date + minute of the day) in a zone. */
export function zonedToInstant(date: string, minute: number, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, day) + minute * 60_000;
  const first = guess - offsetMs(guess, timeZone);
  const second = guess - offsetMs(first, timeZone);
  return second;
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function isHoliday(calendar: Calendar, date: string): boolean {
  return calendar.holidays[date] !== undefined;
}

export function isTradingDate(calendar: Calendar, date: string): boolean {
  const weekday = weekdayOf(date);
  return weekday >= 1 && weekday <= 5 && !isHoliday(calendar, date);
}

/** The regular sessions of a daily calendar on a date, cut at its early close if it has one. */
function regularSessionsOn(calendar: DailyCalendar, date: string): readonly Range[] {
  const earlyClose = calendar.earlyCloses?.[date];
  if (earlyClose === undefined) return calendar.sessions;
  return calendar.sessions.filter(([open]) => open < earlyClose).map(([open, close]): Range => [open, Math.min(close, earlyClose)]);
}

/** The post-market of a daily calendar on a date: after an early close it starts then and ends at 17:00. */
function postSessionOn(calendar: DailyCalendar, date: string): Range | undefined {
  const earlyClose = calendar.earlyCloses?.[date];
  if (!calendar.post || earlyClose === undefined) return calendar.post;
  return [earlyClose, US_EARLY_POST_END];
}

/** The local close of the regular session on a date when the market closes early that day. */
export function earlyCloseOf(calendar: Calendar, date: string): string | undefined {
  if (calendar.kind !== 'daily') return undefined;
  const minute = calendar.earlyCloses?.[date];
  return minute === undefined ? undefined : hhmmOf(minute);
}

export type Session = { open: number; close: number };

/** Trading from an instant to a local minute of a date, split at the pauses of that date that fall inside. */
function piecesUntil(calendar: WeeklyCalendar, open: number, date: string, closeMinute: number): Session[] {
  const sessions: Session[] = [];
  const close = zonedToInstant(date, closeMinute, calendar.timeZone);
  let start = open;
  for (const [pauseStart, pauseEnd] of calendar.pauses ?? []) {
    const pausedAt = zonedToInstant(date, pauseStart, calendar.timeZone);
    const resumedAt = zonedToInstant(date, pauseEnd, calendar.timeZone);
    if (pausedAt >= close || resumedAt <= start) continue;
    if (pausedAt > start) sessions.push({ open: start, close: pausedAt });
    start = resumedAt;
  }
  if (start < close) sessions.push({ open: start, close });
  return sessions;
}

/** The first trade date on or after a date (a weekly market's holidays are at most a few days in a row). */
function tradeDateOnOrAfter(calendar: Calendar, date: string): string {
  let day = date;
  for (let guard = 0; guard < 14 && !isTradingDate(calendar, day); guard += 1) day = addDays(day, 1);
  return day;
}

/**
 * A weekly market's trade date: from the evening before (or, on a late-opening short day, that
 * morning) to the close or early close, split at its pauses; preceded by the shortened sessions of
 * the `halt` holidays since the previous trade date, which belong to it.
 */
function weeklySessionsOf(calendar: WeeklyCalendar, date: string): Session[] {
  const halted: Session[] = [];
  let day = addDays(date, -1);
  for (let guard = 0; guard < 14 && !isTradingDate(calendar, day); guard += 1) {
    const entry = calendar.schedule[day];
    if (entry?.kind === 'halt') {
      const open = zonedToInstant(addDays(day, -1), calendar.openMinute, calendar.timeZone);
      halted.unshift(...piecesUntil(calendar, open, day, entry.halt));
    }
    day = addDays(day, -1);
  }
  const entry = calendar.schedule[date];
  const isShort = entry?.kind === 'short';
  const open =
    isShort && entry.open !== undefined
      ? zonedToInstant(date, entry.open, calendar.timeZone)
      : zonedToInstant(addDays(date, -1), calendar.openMinute, calendar.timeZone);
  return [...halted, ...piecesUntil(calendar, open, date, isShort ? entry.close : calendar.closeMinute)];
}
const sessionCache = new Map<string, Session[]>();

/** The regular sessions of a trading date as instants; none on a weekend or holiday. */
export function sessionsOf(calendar: Calendar, date: string): Session[] {
  const key = `${calendar.id}|${date}`;
  const cached = sessionCache.get(key);
  if (cached) return cached;
  let sessions: Session[] = [];
  if (isTradingDate(calendar, date)) {
    sessions =
      calendar.kind === 'daily'
        ? regularSessionsOn(calendar, date).map(([open, close]) => ({
            open: zonedToInstant(date, open, calendar.timeZone),
            close: zonedToInstant(date, close, calendar.timeZone),
          }))
        : weeklySessionsOf(calendar, date);
  }
  if (sessionCache.size > 20_000) sessionCache.clear();
  sessionCache.set(key, sessions);
  return sessions;
}

/** The trading date an instant belongs to (for weekly markets the evening belongs to the next day). */
export function tradingDateOf(calendar: Calendar, instantMs: number): string {
  const local = localTimeOf(instantMs, calendar.timeZone);
  if (calendar.kind === 'daily') return local.date;
  const date = local.minute >= calendar.openMinute ? addDays(local.date, 1) : local.date;
  // The hours of a holiday with a shortened session belong to the next trade date.
  return calendar.schedule[date]?.kind === 'halt' ? tradeDateOnOrAfter(calendar, date) : date;
}

export type ClockMode = 'real' | 'always-open';

/**
 * The status of a market at an instant; `always-open` (demos, tests) says open at any time. A weekly
 * market says `holiday` in the hours it would trade for a date it does not (the evening before and
 * the day of a closed holiday, the afternoon after a holiday halt), and `closed` in its daily break,
 * its pauses, the weekend and after an early close (a short day is a trade date, not a holiday).
 */
export function statusAt(calendar: Calendar, instantMs: number, clock: ClockMode = 'real'): MarketStatus {
  if (clock === 'always-open') return 'open';
  const local = localTimeOf(instantMs, calendar.timeZone);
  if (calendar.kind === 'weekly') {
    const isInHours = local.minute < calendar.closeMinute || local.minute >= calendar.openMinute;
    if (!isInHours) return 'closed';
    const date = local.minute >= calendar.openMinute ? addDays(local.date, 1) : local.date;
    const weekday = weekdayOf(date);
    if (weekday === 0 || weekday === 6) return 'closed';
    const entry = calendar.schedule[date];
    if (!entry) {
      const isPaused = (calendar.pauses ?? []).some(([start, end]) => local.minute >= start && local.minute < end);
      return isPaused && local.minute < calendar.closeMinute ? 'closed' : 'open';
    }
    const tradeDate = entry.kind === 'halt' ? tradeDateOnOrAfter(calendar, date) : date;
    if (sessionsOf(calendar, tradeDate).some((session) => instantMs >= session.open && instantMs < session.close)) return 'open';
    return entry.kind === 'short' ? 'closed' : 'holiday';
  }
  if (local.weekday === 0 || local.weekday === 6) return 'closed';
  if (isHoliday(calendar, local.date)) return 'holiday';
  const within = (range: Range) => local.minute >= range[0] && local.minute < range[1];
  if (regularSessionsOn(calendar, local.date).some(within)) return 'open';
  if (calendar.pre && within(calendar.pre)) return 'pre';
  const post = postSessionOn(calendar, local.date);
  if (post && within(post)) return 'post';
  return 'closed';
}

/** The next regular open strictly after an instant, looking up to 30 days ahead; null in always-open mode. */
export function nextOpenAfter(calendar: Calendar, instantMs: number, clock: ClockMode = 'real'): number | null {
  if (clock === 'always-open') return null;
  let date = addDays(localTimeOf(instantMs, calendar.timeZone).date, -1);
  for (let day = 0; day < 32; day += 1) {
    for (const session of sessionsOf(calendar, date)) {
      if (session.open > instantMs) return session.open;
    }
    date = addDays(date, 1);
  }
  return null;
}

/** Trading dates from `from` to `to`, inclusive, oldest first. */
export function tradingDatesBetween(calendar: Calendar, from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (isTradingDate(calendar, date)) dates.push(date);
  }
  return dates;
}

/**
 * A trade date's first session opens at most this many days before it: a weekly market's evening
 * before, or Thursday evening for the Monday after a Friday holiday halt.
 */
export const MAX_SESSION_LEAD_DAYS = 4;

/** The last `count` trading dates whose first session opened at or before an instant, oldest first. */
export function recentTradingDates(calendar: Calendar, instantMs: number, count: number): string[] {
  const dates: string[] = [];
  let date = addDays(localTimeOf(instantMs, calendar.timeZone).date, MAX_SESSION_LEAD_DAYS);
  for (let guard = 0; dates.length < count && guard < 60; guard += 1) {
    const first = sessionsOf(calendar, date)[0];
    if (first && first.open <= instantMs) dates.unshift(date);
    date = addDays(date, -1);
  }
  return dates;
}

function hhmmOf(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** Session times of a calendar as local HH:mm, for the summary page. */
export function sessionTimesOf(calendar: Calendar): Array<{ kind: 'pre' | 'regular' | 'post'; start: string; end: string }> {
  const hhmm = hhmmOf;
  if (calendar.kind === 'weekly') {
    const starts = [calendar.openMinute, ...(calendar.pauses ?? []).map(([, end]) => end)];
    const ends = [...(calendar.pauses ?? []).map(([start]) => start), calendar.closeMinute];
    return starts.map((start, index) => ({ kind: 'regular' as const, start: hhmm(start), end: hhmm(ends[index] ?? calendar.closeMinute) }));
  }
  return [
    ...(calendar.pre ? [{ kind: 'pre' as const, start: hhmm(calendar.pre[0]), end: hhmm(calendar.pre[1]) }] : []),
    ...calendar.sessions.map(([start, end]) => ({ kind: 'regular' as const, start: hhmm(start), end: hhmm(end) })),
    ...(calendar.post ? [{ kind: 'post' as const, start: hhmm(calendar.post[0]), end: hhmm(calendar.post[1]) }] : []),
  ];
}
