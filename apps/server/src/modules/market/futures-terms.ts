import { addDays, calendars, isTradingDate, sessionsOf } from './calendars.ts';

/**
 * Futures as products: a product (root symbol, listing cycle, last-trading-day rule) lists
 * contract months; the catalog derives from it, for any date, the contracts a brokerage shows.
 * The last-trading-day rules are the exchanges' published ones, computed over the CME Globex
 * business days of our calendar: weekdays other than its holidays, both the days it is closed and
 * the US holidays it halts early on, which have no trade date (no settlement) of their own.
 */

export type LastTradeRule =
  /** CME equity index futures: the third Friday of the contract month (the business day before when it is a holiday). */
  | 'third-friday'
  /** NYMEX WTI: 3 business days before the 25th of the month before (4 if the 25th is not a business day). */
  | 'wti'
  /** NYMEX Henry Hub: 3 business days before the first calendar day of the contract month. */
  | 'henry-hub'
  /** COMEX metals: the third last business day of the contract month. */
  | 'comex-metals'
  /** CBOT grains: the business day before the 15th of the contract month. */
  | 'cbot-grains'
  /** CBOT Treasury futures: the seventh business day before the last business day of the month. */
  | 'treasuries'
  /** CME Euro FX: two business days before the third Wednesday of the contract month. */
  | 'euro-fx';

export const monthLetters = ['F', 'G', 'H', 'J', 'K', 'M', 'N', 'Q', 'U', 'V', 'X', 'Z'] as const;
export type MonthLetter = (typeof monthLetters)[number];

const isBusinessDay = (date: string) => isTradingDate(calendars.CME, date);
const monthStart = (contractMonth: string) => `${contractMonth}-01`;
const lastDayOf = (contractMonth: string) => addDays(monthStart(addMonths(contractMonth, 1)), -1);

/** `YYYY-MM` moved by a number of months. */
export function addMonths(contractMonth: string, months: number): string {
  const [year, month] = contractMonth.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}
/** The business day `count` business days before `date` (not counting `date`). */
function businessDaysBefore(date: string, count: number): string {
  let day = date;
  for (let left = count; left > 0; ) {
    day = addDays(day, -1);
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}
function nthWeekday(contractMonth: string, weekday: number, nth: number): string {
  let day = monthStart(contractMonth);
  let seen = 0;
  for (;;) {
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === weekday) seen += 1;
    if (seen === nth) return day;
    day = addDays(day, 1);
  }
}
function lastBusinessDayOf(contractMonth: string): string {
  let day = lastDayOf(contractMonth);
  while (!isBusinessDay(day)) day = addDays(day, -1);
  return day;
}

/** The last trading day of a contract month (`YYYY-MM`) under its exchange's rule. */
export function lastTradeDateOf(rule: LastTradeRule, month: string): string {
  switch (rule) {
    case 'third-friday': {
      // On a holiday (no opening quotation to settle on) the business day before, as in March 2008.
      const friday = nthWeekday(month, 5, 3);
      return isBusinessDay(friday) ? friday : businessDaysBefore(friday, 1);
    }
    case 'wti': {
      const twentyFifth = `${addMonths(month, -1)}-25`;
      return businessDaysBefore(twentyFifth, isBusinessDay(twentyFifth) ? 3 : 4);
    }
    case 'henry-hub':
      return businessDaysBefore(monthStart(month), 3);
    case 'comex-metals':
      return businessDaysBefore(addDays(lastBusinessDayOf(month), 1), 3);
    case 'cbot-grains':
      return businessDaysBefore(`${month}-15`, 1);
    case 'treasuries':
      return businessDaysBefore(lastBusinessDayOf(month), 7);
    case 'euro-fx':
      return businessDaysBefore(nthWeekday(month, 3, 3), 2);
  }
}

/**
 * The instant a futures contract stops trading: the close of the last session of its last trade date
 * on its calendar (whatever the clock mode: an expiry is a date in the contract, not a trading hour).
 * Null for instruments that never expire. A last trade date the calendar does not trade (reference
 * data and holidays disagreeing) ends at midnight UTC after it.
 */
export function contractExpiry(instrument: { lastTradeDate: string | null; calendar: keyof typeof calendars }): number | null {
  if (!instrument.lastTradeDate) return null;
  const sessions = sessionsOf(calendars[instrument.calendar], instrument.lastTradeDate);
  return sessions[sessions.length - 1]?.close ?? Date.parse(`${instrument.lastTradeDate}T00:00:00Z`) + 86_400_000;
}

export function isExpiredAt(instrument: { lastTradeDate: string | null; calendar: keyof typeof calendars }, instantMs: number): boolean {
  const expiry = contractExpiry(instrument);
  return expiry !== null && instantMs >= expiry;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export type FuturesProduct = {
  root: string;
  name: string;
  market: string;
  group: string;
  multiplier: string;
  tickSize: string;
  margin: string;
  /** The months of the year the exchange lists, as month letters ("HMUZ" for the quarterly cycle). */
  cycle: string;
  /** How many unexpired contracts the product shows at a time (the front ones). */
  listed: number;
  /** The first contract month the product derives; earlier months never existed in the app. */
  firstMonth: string;
  rule: LastTradeRule;
  /** The code of the index or pair of the catalog it is written on (SPX for ES), if any. */
  underlying?: string;
};

export type FuturesContractTerms = { code: string; name: string; contractMonth: string; lastTradeDate: string };

/** Root + month letter + last digit of the year, as the exchanges write it (ESZ6). */
export function contractCodeOf(root: string, month: string): string {
  const letter = monthLetters[Number(month.slice(5, 7)) - 1] as string;
  return `${root}${letter}${month.slice(3, 4)}`;
}

export function termsOf(product: FuturesProduct, month: string): FuturesContractTerms {
  const monthName = monthNames[Number(month.slice(5, 7)) - 1] as string;
  return {
    code: contractCodeOf(product.root, month),
    name: `${product.name} ${monthName} ${month.slice(0, 4)}`,
    contractMonth: month,
    lastTradeDate: lastTradeDateOf(product.rule, month),
  };
}

/**
 * Every contract of a product from its first month up to the listed ones of `date` (a
 * `YYYY-MM-DD`): the expired ones (kept for history, positions and settlement) and the front
 * `listed` contracts whose last trade date is `date` or later.
 */
export function contractsThrough(product: FuturesProduct, date: string): FuturesContractTerms[] {
  const contracts: FuturesContractTerms[] = [];
  let unexpired = 0;
  // Twelve years of months is far more than any listing needs; the bound only guards a bad cycle.
  for (let month = product.firstMonth, step = 0; unexpired < product.listed && step < 144; month = addMonths(month, 1), step += 1) {
    const letter = monthLetters[Number(month.slice(5, 7)) - 1] as MonthLetter;
    if (!product.cycle.includes(letter)) continue;
    const terms = termsOf(product, month);
    if (terms.lastTradeDate >= date) unexpired += 1;
    contracts.push(terms);
  }
  return contracts;
}
