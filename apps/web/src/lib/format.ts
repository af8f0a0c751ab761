import { dateFormats, type Locale, NUMBER_DECIMALS_DEFAULT } from '@bolsa/contracts';

/**
 * Dates in the spec's formats and numbers per locale (spec §9). Timestamps with 10 or fewer
 * integer digits are seconds, longer ones milliseconds.
 */

export type DateInput = number | string | Date;

export function toMilliseconds(timestamp: number): number {
  const digits = String(Math.trunc(Math.abs(timestamp))).length;
  return digits <= 10 ? timestamp * 1000 : timestamp;
}

function toDate(value: DateInput): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(toMilliseconds(value)) : null;
  const text = value.trim();
  if (text === '') return null;
  if (/^-?\d+$/.test(text)) return new Date(toMilliseconds(Number(text)));
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Formats with the tokens the spec uses: YYYY MM DD HH hh mm ss A. Returns '' for no date. */
export function formatDate(value: DateInput | null | undefined, pattern: string = dateFormats.dateTime): string {
  if (value === null || value === undefined) return '';
  const date = toDate(value);
  if (!date) return '';
  const hours = date.getHours();
  const tokens: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(hours),
    hh: pad(hours % 12 === 0 ? 12 : hours % 12),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
    A: hours < 12 ? 'AM' : 'PM',
  };
  return pattern.replace(/YYYY|MM|DD|HH|hh|mm|ss|A/g, (token) => tokens[token] ?? token);
}

/** Spanish is the Argentine variant of the product. */
export function intlLocale(locale: Locale): string {
  return locale === 'es' ? 'es-AR' : locale;
}

export type NumberOptions = {
  /** Maximum fraction digits; 4 by default. */
  decimals?: number;
  /** Minimum fraction digits; 0 by default. */
  minimumDecimals?: number;
  /** Show a + for positive values (changes). */
  isSigned?: boolean;
};

/**
 * Formats a number or a decimal string (money arrives as strings and is never turned into a float
 * first: Intl formats the string exactly). Returns '' for anything that is not a number.
 */
export function formatNumber(value: number | string | null | undefined, locale: Locale, options: NumberOptions = {}): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? value : value.trim();
  if (typeof text === 'number' ? !Number.isFinite(text) : !/^[-+]?\d+(\.\d+)?$/.test(text)) return '';
  const { decimals = NUMBER_DECIMALS_DEFAULT, minimumDecimals = 0, isSigned = false } = options;
  const formatter = new Intl.NumberFormat(intlLocale(locale), {
    maximumFractionDigits: decimals,
    minimumFractionDigits: Math.min(minimumDecimals, decimals),
    signDisplay: isSigned ? 'exceptZero' : 'auto',
  });
  return formatter.format(text as Intl.StringNumericLiteral);
}

/** The decimals a decimal string is written with ("1.08450" → 5, "260" → 0). */
export function decimalsOf(value: string | null | undefined): number {
  return (value ?? '').split('.')[1]?.length ?? 0;
}

/**
 * A price or quantity as the server sent it, in the user's locale, keeping its own decimals (at most
 * 8): the server writes every price with its instrument's tick decimals (EUR/USD 1.08450, USD/JPY
 * 155.123, AAPL 260.20), so they are read from the string, never cut to a default. '–' for nothing.
 */
export function formatDecimal(value: string | null | undefined, locale: Locale, options: { isSigned?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '–';
  const decimals = Math.min(8, decimalsOf(value));
  return formatNumber(value, locale, { decimals, minimumDecimals: decimals, isSigned: options.isSigned ?? false }) || value;
}

/** A ratio already in percent (e.g. change_ratio 1.25 → "1,25 %" in Spanish), signed. */
export function formatPercent(value: number | string | null | undefined, locale: Locale, decimals = 2): string {
  const number = formatNumber(value, locale, { decimals, minimumDecimals: decimals, isSigned: true });
  return number === '' ? '' : `${number}%`;
}

export const currencySymbols = { default: '$', taiwan: 'NT$', argentina: 'ARS' } as const;

/** Money with the spec's symbols: $ by default, NT$ for Taiwan, ARS for Argentina; 2 decimals. */
export function formatMoney(
  value: number | string | null | undefined,
  locale: Locale,
  symbol: (typeof currencySymbols)[keyof typeof currencySymbols] = currencySymbols.default,
): string {
  const number = formatNumber(value, locale, { decimals: 2, minimumDecimals: 2 });
  if (number === '') return '';
  return symbol === 'ARS' ? `${symbol} ${number}` : `${symbol}${number}`;
}

/** Rise green, fall red: the CSS class for a signed change. */
export function trendClass(value: number | string | null | undefined): 'rise' | 'fall' | 'flat' {
  const number = typeof value === 'string' ? Number(value) : value;
  if (number === null || number === undefined || !Number.isFinite(number) || number === 0) return 'flat';
  return number > 0 ? 'rise' : 'fall';
}

/** The spec's symbol for a wallet currency: $ for USD, NT$ for TWD, ARS for pesos. */
export function currencySymbolOf(currency: 'USD' | 'TWD' | 'ARS' | string): (typeof currencySymbols)[keyof typeof currencySymbols] {
  if (currency === 'TWD') return currencySymbols.taiwan;
  if (currency === 'ARS') return currencySymbols.argentina;
  return currencySymbols.default;
}

/** The sign of a decimal string, read from its text (no float conversion). */
export function signOf(value: string | null | undefined): 1 | 0 | -1 {
  const text = (value ?? '').trim();
  if (!/^[-+]?\d+(\.\d+)?$/.test(text) || /^[-+]?0+(\.0+)?$/.test(text)) return 0;
  return text.startsWith('-') ? -1 : 1;
}

/** Money with an explicit sign: "+$100.00", "−NT$5.00" (a real minus sign), and the rise/fall class. */
export function formatSignedMoney(
  value: string,
  locale: Locale,
  currency: string,
): { text: string; trend: 'rise' | 'fall' | 'flat'; sign: 1 | 0 | -1 } {
  const sign = signOf(value);
  const magnitude = value.trim().replace(/^[-+]/, '');
  const money = formatMoney(magnitude, locale, currencySymbolOf(currency));
  const prefix = sign > 0 ? '+' : sign < 0 ? '\u2212' : '';
  return { text: `${prefix}${money}`, trend: sign > 0 ? 'rise' : sign < 0 ? 'fall' : 'flat', sign };
}

/**
 * Cuts a decimal string to at most `decimals` places without rounding up (so "all" never asks for
 * more than is there); returns '' for anything that is not a non-negative decimal.
 */
export function truncateDecimal(value: string | null | undefined, decimals = 2): string {
  const text = (value ?? '').trim();
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return '';
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').slice(0, decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The device's time zone (where the user's "today" starts for today's P&L and the statement's dates), UTC when unknown. */
export function userTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
