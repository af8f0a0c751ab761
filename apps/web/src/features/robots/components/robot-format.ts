import type { RobotRun } from '@bolsa/contracts';
import type { TFunction } from 'i18next';

/** Result names the pages word themselves (a refused purchase in the history, a run failed by trading); others show their name. */
export const wordedReasons = [
  'INSUFFICIENT_FUNDS',
  'INSTRUMENT_HALTED',
  'MARKET_CLOSED',
  'ROBOT_NO_ENERGY',
  'ROBOT_NO_LICENCE',
  'ROBOT_ALREADY_LICENSED',
] as const;

/** A refusal's result name in words: "Insufficient balance", or the name itself when the pages do not word it. */
export function reasonText(name: string | null, t: TFunction): string {
  if (name === null) return '';
  return (wordedReasons as readonly string[]).includes(name) ? t(`robots.reasons.${name}`) : t('robots.reasons.other', { name });
}

/** Why a run ended, in words (with trading's reason when trading refused an order). */
export function endReasonText(run: Pick<RobotRun, 'endReason' | 'failCode'>, t: TFunction): string {
  if (run.endReason === null) return '';
  const text = t(`robots.endReason.${run.endReason}`);
  return run.endReason === 'trading' && run.failCode ? `${text}: ${reasonText(run.failCode, t)}` : text;
}

/** Days (as a whole number) between two times, rounded down. */
export function daysBetween(from: number, to: number): number {
  return Math.floor((to - from) / 86_400_000);
}
