import { storageKeys } from '@bolsa/contracts';

/**
 * Which indicators the quote chart draws and with which periods, remembered per user (issue 17 §2).
 * There is no server-side preferences store, so the choice lives in local storage under
 * `usa12_indicators`, one entry per user id ("guest" for a visitor): another user of the same phone
 * keeps their own.
 */

export const lowerIndicators = ['none', 'MACD', 'RSI', 'KDJ'] as const;
export type LowerIndicator = (typeof lowerIndicators)[number];

export type IndicatorSettings = {
  ma: { isOn: boolean; periods: number[] };
  ema: { isOn: boolean; periods: number[] };
  boll: { isOn: boolean };
  lower: LowerIndicator;
};

export const PERIOD_MIN = 2;
export const PERIOD_MAX = 250;

export const defaultIndicatorSettings: IndicatorSettings = {
  ma: { isOn: false, periods: [5, 10, 20] },
  ema: { isOn: false, periods: [12, 26] },
  boll: { isOn: false },
  lower: 'none',
};

/** A period typed by the user, or undefined when it is not a whole number in range. */
export function parsePeriod(text: string): number | undefined {
  if (!/^\d{1,3}$/.test(text.trim())) return undefined;
  const value = Number(text.trim());
  return value >= PERIOD_MIN && value <= PERIOD_MAX ? value : undefined;
}

function periodsOf(value: unknown, fallback: number[]): number[] {
  if (!Array.isArray(value) || value.length !== fallback.length) return fallback;
  return value.every((period) => Number.isInteger(period) && period >= PERIOD_MIN && period <= PERIOD_MAX) ? (value as number[]) : fallback;
}

/** A stored entry made sound: anything damaged or from an older shape falls back to the defaults. */
export function normaliseSettings(value: unknown): IndicatorSettings {
  const entry = (value && typeof value === 'object' ? value : {}) as Record<string, Record<string, unknown> | undefined>;
  const lower = (entry as Record<string, unknown>).lower;
  return {
    ma: { isOn: entry.ma?.isOn === true, periods: periodsOf(entry.ma?.periods, defaultIndicatorSettings.ma.periods) },
    ema: { isOn: entry.ema?.isOn === true, periods: periodsOf(entry.ema?.periods, defaultIndicatorSettings.ema.periods) },
    boll: { isOn: entry.boll?.isOn === true },
    lower: lowerIndicators.includes(lower as LowerIndicator) ? (lower as LowerIndicator) : 'none',
  };
}

function readAll(): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(storageKeys.chartIndicators) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function readIndicatorSettings(userId: string | undefined): IndicatorSettings {
  return normaliseSettings(readAll()[userId ?? 'guest']);
}

export function saveIndicatorSettings(userId: string | undefined, settings: IndicatorSettings): void {
  try {
    window.localStorage.setItem(storageKeys.chartIndicators, JSON.stringify({ ...readAll(), [userId ?? 'guest']: settings }));
  } catch {
    // Storage may be refused in private modes; the chart still draws the choice for this visit.
  }
}
