import { describe, expect, it } from 'vitest';
import { dayIn, formatDateTime } from './format-time.ts';

describe('times in the user time zone', () => {
  const moment = new Date('2026-03-08T03:30:15Z');

  it('formats DD-MM-YYYY HH:mm:ss in the zone asked for', () => {
    expect(formatDateTime(moment, 'UTC')).toBe('08-03-2026 03:30:15');
    expect(formatDateTime(moment, 'America/Argentina/Buenos_Aires')).toBe('08-03-2026 00:30:15');
    expect(formatDateTime(moment, 'Asia/Taipei')).toBe('08-03-2026 11:30:15');
  });

  it('finds the day and the instant it began there, also across midnight', () => {
    expect(dayIn(moment, 'America/New_York')).toEqual({ date: '2026-03-07', startsAt: new Date('2026-03-07T05:00:00Z') });
    expect(dayIn(moment, 'Asia/Taipei')).toEqual({ date: '2026-03-08', startsAt: new Date('2026-03-07T16:00:00Z') });
  });
});
