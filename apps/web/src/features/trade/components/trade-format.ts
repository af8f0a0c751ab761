import type { Locale } from '@bolsa/contracts';
import { formatNumber } from '../../../lib/format.ts';

/** A price or quantity as the server sent it, in the user's locale, keeping its own decimals (at most 8). */
export function formatDecimal(value: string | null | undefined, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '–';
  const decimals = Math.min(8, value.split('.')[1]?.length ?? 0);
  return formatNumber(value, locale, { decimals, minimumDecimals: decimals }) || value;
}

/** A money estimate from floating-point arithmetic, as a decimal string with 2 places (display only, never sent). */
export function toMoneyText(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : '';
}
