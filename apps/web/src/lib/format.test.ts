import { dateFormats } from '@bolsa/contracts';
import { describe, expect, it } from 'vitest';
import {
  currencySymbolOf,
  formatDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatSignedMoney,
  signOf,
  toMilliseconds,
  trendClass,
  truncateDecimal,
} from './format.ts';

// Built from local components, so the expectations hold in any time zone.
const afternoon = new Date(2024, 0, 5, 13, 4, 9);
const midnight = new Date(2024, 11, 31, 0, 0, 0);

describe('toMilliseconds', () => {
  it('reads 10-digit timestamps as seconds and 13-digit ones as milliseconds', () => {
    expect(toMilliseconds(1_704_459_849)).toBe(1_704_459_849_000);
    expect(toMilliseconds(1_704_459_849_123)).toBe(1_704_459_849_123);
  });
});

describe('formatDate', () => {
  it('uses DD-MM-YYYY HH:mm:ss by default', () => {
    expect(formatDate(afternoon)).toBe('05-01-2024 13:04:09');
  });

  it('supports each format of the spec', () => {
    expect(formatDate(afternoon, dateFormats.date)).toBe('05/01/2024');
    expect(formatDate(afternoon, dateFormats.hourMinute)).toBe('13:04');
    expect(formatDate(afternoon, dateFormats.time12)).toBe('01:04:09 PM');
    expect(formatDate(midnight, dateFormats.time12)).toBe('12:00:00 AM');
    expect(formatDate(afternoon, dateFormats.time)).toBe('13:04:09');
  });

  it('gives the same result for a timestamp in seconds, in milliseconds and as a digit string', () => {
    const milliseconds = afternoon.getTime();
    const seconds = Math.floor(milliseconds / 1000);
    expect(formatDate(seconds)).toBe('05-01-2024 13:04:09');
    expect(formatDate(milliseconds)).toBe('05-01-2024 13:04:09');
    expect(formatDate(String(seconds))).toBe('05-01-2024 13:04:09');
  });

  it('returns an empty string for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
  });
});

describe('formatNumber', () => {
  it('rounds to 4 decimals by default, with the separators of the locale', () => {
    expect(formatNumber(1234.567891, 'en')).toBe('1,234.5679');
    expect(formatNumber(1234.567891, 'es')).toBe('1.234,5679');
    expect(formatNumber(1234.567891, 'de')).toBe('1.234,5679');
  });

  it('formats decimal strings exactly, without a float in between', () => {
    expect(formatNumber('12345678901234567.25', 'en', { decimals: 2 })).toBe('12,345,678,901,234,567.25');
  });

  it('honours minimum decimals and signs', () => {
    expect(formatNumber(5, 'en', { decimals: 2, minimumDecimals: 2 })).toBe('5.00');
    expect(formatNumber(1.5, 'en', { isSigned: true })).toBe('+1.5');
    expect(formatNumber(-1.5, 'en', { isSigned: true })).toBe('-1.5');
    expect(formatNumber(0, 'en', { isSigned: true })).toBe('0');
  });

  it('returns an empty string for values that are not numbers', () => {
    expect(formatNumber('abc', 'en')).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY, 'en')).toBe('');
    expect(formatNumber(null, 'en')).toBe('');
  });
});

describe('money, percent and trend', () => {
  it('prefixes the currency symbols of the spec', () => {
    expect(formatMoney('1234.5', 'en')).toBe('$1,234.50');
    expect(formatMoney(10, 'en', 'NT$')).toBe('NT$10.00');
    expect(formatMoney(10, 'es', 'ARS')).toBe('ARS 10,00');
  });

  it('shows signed percentages', () => {
    expect(formatPercent(1.254, 'en')).toBe('+1.25%');
    expect(formatPercent('-0.5', 'en')).toBe('-0.50%');
  });

  it('maps rises to green and falls to red classes', () => {
    expect(trendClass(0.1)).toBe('rise');
    expect(trendClass('-2')).toBe('fall');
    expect(trendClass(0)).toBe('flat');
    expect(trendClass(null)).toBe('flat');
  });
});

describe('money helpers for the ledger', () => {
  it('reads the sign from the decimal text', () => {
    expect(signOf('12.5')).toBe(1);
    expect(signOf('-0.01')).toBe(-1);
    expect(signOf('-0.00')).toBe(0);
    expect(signOf('abc')).toBe(0);
  });

  it('formats signed money with the currency symbol and a true minus sign', () => {
    expect(formatSignedMoney('1234.5', 'en', 'USD')).toEqual({ text: '+$1,234.50', trend: 'rise', sign: 1 });
    expect(formatSignedMoney('-7', 'es', 'TWD')).toEqual({ text: '\u2212NT$7,00', trend: 'fall', sign: -1 });
    expect(currencySymbolOf('ARS')).toBe('ARS');
  });

  it('cuts a decimal string to two places without rounding up', () => {
    expect(truncateDecimal('1234.5678')).toBe('1234.56');
    expect(truncateDecimal('10.00')).toBe('10');
    expect(truncateDecimal('0.999')).toBe('0.99');
    expect(truncateDecimal('-1')).toBe('');
  });
});
