import type { Locale } from '@bolsa/contracts';
import { formatNumber } from '../../../lib/format.ts';

/**
 * A rate given as a fraction ("0.0003") written as a percentage ("0.03"), by moving the decimal point two
 * places in the text: no float is involved, so no digit is lost or invented.
 */
export function fractionToPercent(fraction: string): string {
  const [whole = '0', decimals = ''] = fraction.split('.');
  const padded = decimals.padEnd(2, '0');
  const integer = `${whole}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = padded.slice(2).replace(/0+$/, '');
  return rest === '' ? integer : `${integer}.${rest}`;
}

/** A rate given as a fraction, as a percentage written the locale's way ("0,03 %" in Spanish), with every digit it has. */
export function percentText(fraction: string, locale: Locale): string {
  return `${formatNumber(fractionToPercent(fraction), locale, { decimals: 8 })} %`;
}
