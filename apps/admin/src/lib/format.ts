import { currentLocale } from './i18n.ts';

/** A moment in the operator's language and time zone, to the second. */
export function formatDateTime(timestamp: number): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(timestamp));
}

/** How long ago a moment was, in the operator's language ("3 hours ago"), in the largest whole unit. */
export function formatAgo(timestamp: number, now = Date.now()): string {
  const minutes = Math.round((timestamp - now) / 60_000);
  const format = new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'auto' });
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
}
