/**
 * Trading calendars: each market's sessions in its own time zone, its weekend and its public
 * holidays of 2026 and 2027. Daily markets (stocks, indices) have regular sessions (and, for the US,
 * pre- and post-market); weekly markets (CME-style futures, forex) trade from a Sunday evening to a
 * Friday evening in New York, a trading date D running from D-1 at `openMinute` to D at `closeMinute`,
 * except on the days of their US-holiday schedule (see `ScheduleDay`).
 */

export const calendarIds = ['US', 'BYMA', 'TWSE', 'CME', 'CBOT_GRAINS', 'FX', 'JPX', 'XETRA', 'LSE', 'HKEX', 'SSE'] as const;
export type CalendarId = (typeof calendarIds)[number];

export type Range = readonly [startMinute: number, endMinute: number];

export type DailyCalendar = {
  kind: 'daily';
  id: CalendarId;
  name: string;
  timeZone: string;
  /** Regular sessions, minutes after local midnight; two of them where the exchange breaks for lunch. */
  sessions: readonly Range[];
  pre?: Range;
  post?: Range;
  holidays: Readonly<Record<string, string>>;
  /** Days the regular session ends early (local minute of the close); the post-market then runs from it. */
  earlyCloses?: Readonly<Record<string, number>>;
};

export type WeeklyCalendar = {
  kind: 'weekly';
  id: CalendarId;
  name: string;
  timeZone: string;
  /** Local minute of the day before the trading date when its session opens (18:00 futures, 17:00 forex). */
  openMinute: number;
  /** Local minute of the trading date when its session closes (17:00). */
  closeMinute: number;
  /** Halts inside a trading date's session, local minutes of that date (the grains' morning pause). */
  pauses?: readonly Range[];
  /** The days its hours differ from the week's (holidays, halts, early closes), by local date. */
  schedule: Schedule;
  /** The schedule's days without a trade date (`closed` and `halt`). */
  holidays: Readonly<Record<string, string>>;
};

export type Calendar = DailyCalendar | WeeklyCalendar;

const at = (hours: number, minutes = 0) => hours * 60 + minutes;

const usHolidays = {
  '2026-01-01': "New Year's Day",
  '2026-01-19': 'Martin Luther King Jr. Day',
  '2026-02-16': "Washington's Birthday",
  '2026-04-03': 'Good Friday',
  '2026-05-25': 'Memorial Day',
  '2026-06-19': 'Juneteenth',
  '2026-07-03': 'Independence Day (observed)',
  '2026-09-07': 'Labor Day',
  '2026-11-26': 'Thanksgiving Day',
  '2026-12-25': 'Christmas Day',
  '2027-01-01': "New Year's Day",
  '2027-01-18': 'Martin Luther King Jr. Day',
  '2027-02-15': "Washington's Birthday",
  '2027-03-26': 'Good Friday',
  '2027-05-31': 'Memorial Day',
  '2027-06-18': 'Juneteenth (observed)',
  '2027-07-05': 'Independence Day (observed)',
  '2027-09-06': 'Labor Day',
  '2027-11-25': 'Thanksgiving Day',
  '2027-12-24': 'Christmas Day (observed)',
};

/**
 * NYSE and Nasdaq close at 13:00 on the day after Thanksgiving, on Christmas Eve and on July 3 when
 * these are weekdays and not themselves holidays (July 3, 2026 is the observed Independence Day and
 * December 24, 2027 the observed Christmas; July 3, 2027 is a Saturday). Post-market runs 13:00–17:00.
 */
const usEarlyCloses = {
  '2026-11-27': at(13),
  '2026-12-24': at(13),
  '2027-11-26': at(13),
};
/** Where the US post-market ends on an early-close day (local minute). */
export const US_EARLY_POST_END = at(17);

/**
 * The US-holiday schedules of the weekly markets, 2026 and 2027, by New York date. They follow the
 * conventions of CME Group's published Globex holiday calendars (cmegroup.com, "Holiday Calendar" /
 * trading hours by date; the same rules as the CME Globex equity and agriculture calendars of the
 * open-source pandas_market_calendars), applied to the dates of the NYSE holidays above. Times below
 * are New York (Chicago + 1 hour).
 *
 * A day of a schedule is one of:
 * - `closed`: no trading that day. The session that would open the evening before stays shut and the
 *   market reopens at its usual evening time on the day itself, for the next trade date.
 * - `halt`: a holiday with a shortened session. The market opens as usual the evening before and
 *   halts at `halt`; there is no trade date (no settlement) on the holiday, so those hours belong to
 *   the next trade date, which opens as usual on the evening of the holiday ("trades executed on
 *   the holiday are for trade date …" in CME's notices).
 * - `short`: an ordinary trade date that closes early at `close` and, with `open`, opens only at that
 *   minute of the day itself (no evening session before it).
 */
export type ScheduleDay = { name: string } & (
  | { kind: 'closed' }
  | { kind: 'halt'; halt: number }
  | { kind: 'short'; close: number; open?: number }
);
type Schedule = Readonly<Record<string, ScheduleDay>>;

const closed = (name: string): ScheduleDay => ({ name, kind: 'closed' });
const halt = (name: string, minute: number): ScheduleDay => ({ name, kind: 'halt', halt: minute });
const short = (name: string, close: number, open?: number): ScheduleDay =>
  open === undefined ? { name, kind: 'short', close } : { name, kind: 'short', close, open };

/**
 * CME Globex (equity index, interest rate, currency, energy and metals futures here): closed on New
 * Year's Day, Good Friday and Christmas (the observed day when it falls on a weekend: Friday
 * 2027-12-24); on the other US holidays the session opened the evening before halts at 12:00 Chicago
 * = 13:00 New York; the day after Thanksgiving and Christmas Eve (when a weekday other than the
 * observed Christmas) close at 12:15 Chicago = 13:15 New York, NYSE's 13:00 half day plus 15 minutes.
 * One time per calendar: CME's equity-index times, which its interest-rate and currency products
 * share; NYMEX/COMEX products have at times halted up to 30 minutes later. Not modelled: the short
 * morning session CME has opened for equity and rate futures in years when the US jobs report was
 * released on Good Friday.
 */
const globexSchedule: Schedule = {
  '2026-01-01': closed("New Year's Day"),
  '2026-01-19': halt('Martin Luther King Jr. Day', at(13)),
  '2026-02-16': halt("Washington's Birthday", at(13)),
  '2026-04-03': closed('Good Friday'),
  '2026-05-25': halt('Memorial Day', at(13)),
  '2026-06-19': halt('Juneteenth', at(13)),
  '2026-07-03': halt('Independence Day (observed)', at(13)),
  '2026-09-07': halt('Labor Day', at(13)),
  '2026-11-26': halt('Thanksgiving Day', at(13)),
  '2026-11-27': short('Day after Thanksgiving', at(13, 15)),
  '2026-12-24': short('Christmas Eve', at(13, 15)),
  '2026-12-25': closed('Christmas Day'),
  '2027-01-01': closed("New Year's Day"),
  '2027-01-18': halt('Martin Luther King Jr. Day', at(13)),
  '2027-02-15': halt("Washington's Birthday", at(13)),
  '2027-03-26': closed('Good Friday'),
  '2027-05-31': halt('Memorial Day', at(13)),
  '2027-06-18': halt('Juneteenth (observed)', at(13)),
  '2027-07-05': halt('Independence Day (observed)', at(13)),
  '2027-09-06': halt('Labor Day', at(13)),
  '2027-11-25': halt('Thanksgiving Day', at(13)),
  '2027-11-26': short('Day after Thanksgiving', at(13, 15)),
  '2027-12-24': closed('Christmas Day (observed)'),
};

/**
 * CBOT grains on Globex: closed on every US exchange holiday (no evening session before it; they
 * reopen at 19:00 Chicago = 20:00 New York on the holiday, for the next trade date); the day after
 * Thanksgiving trades only 08:30–12:05 Chicago (09:30–13:05 New York, no overnight session after the
 * holiday) and Christmas Eve closes at 12:05 Chicago = 13:05 New York.
 */
const grainsSchedule: Schedule = {
  ...Object.fromEntries(Object.entries(usHolidays).map(([date, name]) => [date, closed(name)])),
  '2026-11-27': short('Day after Thanksgiving', at(13, 5), at(9, 30)),
  '2026-12-24': short('Christmas Eve', at(13, 5)),
  '2027-11-26': short('Day after Thanksgiving', at(13, 5), at(9, 30)),
};

/**
 * Forex is an interbank market that trades through the US holidays: it closes only on Christmas Day
 * and New Year's Day when they fall on a weekday (from 17:00 New York the evening before to 17:00 on
 * the day). A holiday on a weekend moves nothing (Friday 2027-12-24 trades). Dealers' early closes on
 * 24 and 31 December are not modelled.
 */
const forexSchedule: Schedule = {
  '2026-01-01': closed("New Year's Day"),
  '2026-12-25': closed('Christmas Day'),
  '2027-01-01': closed("New Year's Day"),
};

/** The holidays of a schedule: the days it closes or halts (no trade date); short days still trade. */
function holidaysOf(schedule: Schedule): Record<string, string> {
  return Object.fromEntries(Object.entries(schedule).flatMap(([date, day]) => (day.kind === 'short' ? [] : [[date, day.name]])));
}

const argentinaHolidays = {
  '2026-01-01': 'Año Nuevo',
  '2026-02-16': 'Carnaval',
  '2026-02-17': 'Carnaval',
  '2026-03-23': 'Feriado puente',
  '2026-03-24': 'Día de la Memoria',
  '2026-04-02': 'Día del Veterano y de los Caídos en Malvinas / Jueves Santo',
  '2026-04-03': 'Viernes Santo',
  '2026-05-01': 'Día del Trabajador',
  '2026-05-25': 'Revolución de Mayo',
  '2026-06-15': 'Paso a la Inmortalidad de Güemes',
  '2026-07-09': 'Día de la Independencia',
  '2026-07-10': 'Feriado puente',
  '2026-08-17': 'Paso a la Inmortalidad de San Martín',
  '2026-10-12': 'Día del Respeto a la Diversidad Cultural',
  '2026-11-23': 'Día de la Soberanía Nacional',
  '2026-12-07': 'Feriado puente',
  '2026-12-08': 'Inmaculada Concepción',
  '2026-12-25': 'Navidad',
  '2027-01-01': 'Año Nuevo',
  '2027-02-08': 'Carnaval',
  '2027-02-09': 'Carnaval',
  '2027-03-24': 'Día de la Memoria',
  '2027-03-25': 'Jueves Santo',
  '2027-03-26': 'Viernes Santo',
  '2027-04-02': 'Día del Veterano y de los Caídos en Malvinas',
  '2027-05-25': 'Revolución de Mayo',
  '2027-06-21': 'Paso a la Inmortalidad de Güemes',
  '2027-07-09': 'Día de la Independencia',
  '2027-08-16': 'Paso a la Inmortalidad de San Martín',
  '2027-10-11': 'Día del Respeto a la Diversidad Cultural',
  '2027-11-22': 'Día de la Soberanía Nacional',
  '2027-12-08': 'Inmaculada Concepción',
};

const taiwanHolidays = {
  '2026-01-01': 'Founding Day',
  '2026-02-12': 'Lunar New Year (market closed)',
  '2026-02-13': 'Lunar New Year (market closed)',
  '2026-02-16': "Lunar New Year's Eve",
  '2026-02-17': 'Lunar New Year',
  '2026-02-18': 'Lunar New Year',
  '2026-02-19': 'Lunar New Year',
  '2026-02-20': 'Lunar New Year (observed)',
  '2026-02-27': 'Peace Memorial Day (observed)',
  '2026-04-03': "Children's Day (observed)",
  '2026-04-06': 'Tomb Sweeping Day (observed)',
  '2026-05-01': 'Labour Day',
  '2026-06-19': 'Dragon Boat Festival',
  '2026-09-25': 'Mid-Autumn Festival',
  '2026-09-28': "Teachers' Day",
  '2026-10-09': 'National Day (observed)',
  '2026-10-26': 'Retrocession Day (observed)',
  '2026-12-25': 'Constitution Day',
  '2027-01-01': 'Founding Day',
  '2027-02-04': 'Lunar New Year (market closed)',
  '2027-02-05': "Lunar New Year's Eve",
  '2027-02-08': 'Lunar New Year',
  '2027-02-09': 'Lunar New Year',
  '2027-02-10': 'Lunar New Year (observed)',
  '2027-03-01': 'Peace Memorial Day (observed)',
  '2027-04-05': 'Tomb Sweeping Day',
  '2027-04-06': "Children's Day (observed)",
  '2027-06-09': 'Dragon Boat Festival',
  '2027-09-15': 'Mid-Autumn Festival',
  '2027-09-28': "Teachers' Day",
  '2027-10-11': 'National Day (observed)',
  '2027-10-25': 'Retrocession Day',
  '2027-12-24': 'Constitution Day (observed)',
};

const japanHolidays = {
  '2026-01-01': "New Year's Day",
  '2026-01-02': 'Market holiday',
  '2026-01-12': 'Coming of Age Day',
  '2026-02-11': 'National Foundation Day',
  '2026-02-23': "Emperor's Birthday",
  '2026-03-20': 'Vernal Equinox Day',
  '2026-04-29': 'Showa Day',
  '2026-05-04': 'Greenery Day',
  '2026-05-05': "Children's Day",
  '2026-05-06': 'Constitution Day (observed)',
  '2026-07-20': 'Marine Day',
  '2026-08-11': 'Mountain Day',
  '2026-09-21': 'Respect for the Aged Day',
  '2026-09-22': "Citizens' Holiday",
  '2026-09-23': 'Autumnal Equinox Day',
  '2026-10-12': 'Sports Day',
  '2026-11-03': 'Culture Day',
  '2026-11-23': 'Labour Thanksgiving Day',
  '2026-12-31': 'Market holiday',
  '2027-01-01': "New Year's Day",
  '2027-01-11': 'Coming of Age Day',
  '2027-02-11': 'National Foundation Day',
  '2027-02-23': "Emperor's Birthday",
  '2027-03-22': 'Vernal Equinox Day (observed)',
  '2027-04-29': 'Showa Day',
  '2027-05-03': 'Constitution Day',
  '2027-05-04': 'Greenery Day',
  '2027-05-05': "Children's Day",
  '2027-07-19': 'Marine Day',
  '2027-08-11': 'Mountain Day',
  '2027-09-20': 'Respect for the Aged Day',
  '2027-09-23': 'Autumnal Equinox Day',
  '2027-10-11': 'Sports Day',
  '2027-11-03': 'Culture Day',
  '2027-11-23': 'Labour Thanksgiving Day',
  '2027-12-31': 'Market holiday',
};

const germanyHolidays = {
  '2026-01-01': 'Neujahr',
  '2026-04-03': 'Karfreitag',
  '2026-04-06': 'Ostermontag',
  '2026-05-01': 'Tag der Arbeit',
  '2026-12-24': 'Heiligabend',
  '2026-12-25': 'Erster Weihnachtstag',
  '2026-12-31': 'Silvester',
  '2027-01-01': 'Neujahr',
  '2027-03-26': 'Karfreitag',
  '2027-03-29': 'Ostermontag',
  '2027-12-24': 'Heiligabend',
  '2027-12-31': 'Silvester',
};

const ukHolidays = {
  '2026-01-01': "New Year's Day",
  '2026-04-03': 'Good Friday',
  '2026-04-06': 'Easter Monday',
  '2026-05-04': 'Early May bank holiday',
  '2026-05-25': 'Spring bank holiday',
  '2026-08-31': 'Summer bank holiday',
  '2026-12-25': 'Christmas Day',
  '2026-12-28': 'Boxing Day (substitute day)',
  '2027-01-01': "New Year's Day",
  '2027-03-26': 'Good Friday',
  '2027-03-29': 'Easter Monday',
  '2027-05-03': 'Early May bank holiday',
  '2027-05-31': 'Spring bank holiday',
  '2027-08-30': 'Summer bank holiday',
  '2027-12-27': 'Christmas Day (substitute day)',
  '2027-12-28': 'Boxing Day (substitute day)',
};

const hongKongHolidays = {
  '2026-01-01': 'The first day of January',
  '2026-02-17': 'Lunar New Year',
  '2026-02-18': 'The second day of Lunar New Year',
  '2026-02-19': 'The third day of Lunar New Year',
  '2026-04-03': 'Good Friday',
  '2026-04-06': 'Easter Monday',
  '2026-04-07': 'Ching Ming Festival (observed)',
  '2026-05-01': 'Labour Day',
  '2026-05-25': "Buddha's Birthday (observed)",
  '2026-06-19': 'Tuen Ng Festival',
  '2026-07-01': 'HKSAR Establishment Day',
  '2026-10-01': 'National Day',
  '2026-10-19': 'Chung Yeung Festival (observed)',
  '2026-12-25': 'Christmas Day',
  '2027-01-01': 'The first day of January',
  '2027-02-08': 'The third day of Lunar New Year',
  '2027-02-09': 'The fourth day of Lunar New Year',
  '2027-03-26': 'Good Friday',
  '2027-03-29': 'Easter Monday',
  '2027-04-05': 'Ching Ming Festival',
  '2027-05-13': "Buddha's Birthday",
  '2027-06-09': 'Tuen Ng Festival',
  '2027-07-01': 'HKSAR Establishment Day',
  '2027-09-16': 'The day following Mid-Autumn Festival',
  '2027-10-01': 'National Day',
  '2027-10-08': 'Chung Yeung Festival',
  '2027-12-27': 'The first weekday after Christmas Day',
};

const chinaHolidays = {
  '2026-01-01': "New Year's Day",
  '2026-01-02': "New Year's Day",
  '2026-02-16': 'Spring Festival',
  '2026-02-17': 'Spring Festival',
  '2026-02-18': 'Spring Festival',
  '2026-02-19': 'Spring Festival',
  '2026-02-20': 'Spring Festival',
  '2026-02-23': 'Spring Festival',
  '2026-04-06': 'Qingming Festival',
  '2026-05-01': 'Labour Day',
  '2026-05-04': 'Labour Day',
  '2026-05-05': 'Labour Day',
  '2026-06-19': 'Dragon Boat Festival',
  '2026-09-25': 'Mid-Autumn Festival',
  '2026-10-01': 'National Day',
  '2026-10-02': 'National Day',
  '2026-10-05': 'National Day',
  '2026-10-06': 'National Day',
  '2026-10-07': 'National Day',
  '2027-01-01': "New Year's Day",
  '2027-02-05': 'Spring Festival',
  '2027-02-08': 'Spring Festival',
  '2027-02-09': 'Spring Festival',
  '2027-02-10': 'Spring Festival',
  '2027-02-11': 'Spring Festival',
  '2027-04-05': 'Qingming Festival',
  '2027-05-03': 'Labour Day',
  '2027-05-04': 'Labour Day',
  '2027-05-05': 'Labour Day',
  '2027-06-09': 'Dragon Boat Festival',
  '2027-09-15': 'Mid-Autumn Festival',
  '2027-10-01': 'National Day',
  '2027-10-04': 'National Day',
  '2027-10-05': 'National Day',
  '2027-10-06': 'National Day',
  '2027-10-07': 'National Day',
};

export const calendars: Record<CalendarId, Calendar> = {
  US: {
    kind: 'daily',
    id: 'US',
    name: 'NYSE / Nasdaq',
    timeZone: 'America/New_York',
    sessions: [[at(9, 30), at(16)]],
    pre: [at(4), at(9, 30)],
    post: [at(16), at(20)],
    holidays: usHolidays,
    earlyCloses: usEarlyCloses,
  },
  BYMA: {
    kind: 'daily',
    id: 'BYMA',
    name: 'BYMA',
    timeZone: 'America/Argentina/Buenos_Aires',
    sessions: [[at(11), at(17)]],
    holidays: argentinaHolidays,
  },
  TWSE: { kind: 'daily', id: 'TWSE', name: 'TWSE', timeZone: 'Asia/Taipei', sessions: [[at(9), at(13, 30)]], holidays: taiwanHolidays },
  CME: {
    kind: 'weekly',
    id: 'CME',
    name: 'CME Globex',
    timeZone: 'America/New_York',
    openMinute: at(18),
    closeMinute: at(17),
    schedule: globexSchedule,
    holidays: holidaysOf(globexSchedule),
  },
  // Corn, soybeans and wheat on CBOT Globex: 19:00–07:45 and 08:30–13:20 Chicago, i.e. 20:00 the
  // evening before to 14:20 New York with a pause 08:45–09:30; closed on every US holiday.
  CBOT_GRAINS: {
    kind: 'weekly',
    id: 'CBOT_GRAINS',
    name: 'CBOT grains',
    timeZone: 'America/New_York',
    openMinute: at(20),
    closeMinute: at(14, 20),
    pauses: [[at(8, 45), at(9, 30)]],
    schedule: grainsSchedule,
    holidays: holidaysOf(grainsSchedule),
  },
  FX: {
    kind: 'weekly',
    id: 'FX',
    name: 'Forex',
    timeZone: 'America/New_York',
    openMinute: at(17),
    closeMinute: at(17),
    schedule: forexSchedule,
    holidays: holidaysOf(forexSchedule),
  },
  JPX: {
    kind: 'daily',
    id: 'JPX',
    name: 'Tokyo Stock Exchange',
    timeZone: 'Asia/Tokyo',
    sessions: [
      [at(9), at(11, 30)],
      [at(12, 30), at(15, 30)],
    ],
    holidays: japanHolidays,
  },
  XETRA: {
    kind: 'daily',
    id: 'XETRA',
    name: 'Xetra',
    timeZone: 'Europe/Berlin',
    sessions: [[at(9), at(17, 30)]],
    holidays: germanyHolidays,
  },
  LSE: {
    kind: 'daily',
    id: 'LSE',
    name: 'London Stock Exchange',
    timeZone: 'Europe/London',
    sessions: [[at(8), at(16, 30)]],
    holidays: ukHolidays,
  },
  HKEX: {
    kind: 'daily',
    id: 'HKEX',
    name: 'Hong Kong Exchanges',
    timeZone: 'Asia/Hong_Kong',
    sessions: [
      [at(9, 30), at(12)],
      [at(13), at(16)],
    ],
    holidays: hongKongHolidays,
  },
  SSE: {
    kind: 'daily',
    id: 'SSE',
    name: 'Shanghai Stock Exchange',
    timeZone: 'Asia/Shanghai',
    sessions: [
      [at(9, 30), at(11, 30)],
      [at(13), at(15)],
    ],
    holidays: chinaHolidays,
  },
};
