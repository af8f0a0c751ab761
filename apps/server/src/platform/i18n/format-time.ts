/** The calendar and clock fields of a moment in a time zone, as zero-padded strings. */
function partsIn(moment: Date, timeZone: string): Record<string, string> {
  return Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
}

/** `DD-MM-YYYY HH:mm:ss` (the spec's date-time format) of a moment in a time zone. */
export function formatDateTime(moment: Date, timeZone: string): string {
  const parts = partsIn(moment, timeZone);
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** `YYYY-MM-DD` of a moment in a time zone, and the instant that day began there. */
export function dayIn(moment: Date, timeZone: string): { date: string; startsAt: Date } {
  const parts = partsIn(moment, timeZone);
  const secondsIntoDay = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  const startsAt = new Date(Math.floor(moment.getTime() / 1000) * 1000 - secondsIntoDay * 1000);
  return { date: `${parts.year}-${parts.month}-${parts.day}`, startsAt };
}
