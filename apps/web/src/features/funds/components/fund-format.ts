import type { Locale } from '@bolsa/contracts';
import { formatDate, formatNumber } from '../../../lib/format.ts';

/** Basis points a year (215) as a percentage written the locale's way ("2,15 %", never broken before the sign), by whole-number arithmetic. */
export function bpsText(bps: number, locale: Locale): string {
  const text = `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
  return `${formatNumber(text, locale, { decimals: 2, minimumDecimals: 2 })}\u00a0%`;
}

/** A percentage given as text ("2.1400"), written the locale's way. */
export function percentText(percent: string, locale: Locale): string {
  return `${formatNumber(percent, locale, { decimals: 4, minimumDecimals: 2 })}\u00a0%`;
}

/** A UTC day ("2026-03-02") as the app writes dates ("02/03/2026"), from its text: no time zone can shift it. */
export const dayText = (day: string) => day.split('-').reverse().join('/');
/** An instant in the user's time zone. */
export const timeText = (timestamp: number) => formatDate(timestamp, 'DD/MM/YYYY HH:mm');
