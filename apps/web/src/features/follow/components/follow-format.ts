import type { Locale } from '@bolsa/contracts';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../lib/format.ts';

/** A fraction from the server ("-0.0307") as a signed percentage ("−3,07 %"), or "—" when there is none yet; display only. */
export function fractionPercent(fraction: string | null, locale: Locale, isSigned = true) {
  if (fraction === null) return '—';
  const percent = formatNumber(Number(fraction) * 100, locale, { decimals: 2, minimumDecimals: 2, isSigned });
  return `${percent.replace('-', '\u2212')} %`;
}

/** A period in minutes as the user reads it: whole days in days, anything shorter in minutes. */
export function periodLabel(minutes: number, t: TFunction) {
  if (minutes === 1440) return t('follow.period.oneDay');
  return minutes % 1440 === 0 ? t('follow.period.days', { count: minutes / 1440 }) : t('follow.period.minutes', { count: minutes });
}
