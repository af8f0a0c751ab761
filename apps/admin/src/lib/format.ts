import { currentLocale } from './i18n.ts';

/** A moment in the operator's language and time zone, to the second. */
export function formatDateTime(timestamp: number): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(timestamp));
}
