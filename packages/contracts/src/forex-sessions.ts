/**
 * The four sessions of the forex day, each in its own city's hours (the pair trades around the clock
 * from Sunday evening to Friday evening in New York; these say when each centre is active). Apart
 * from `market-enums.ts`, which the first screen loads, so only the forex quote page carries it.
 */
export const forexSessions = [
  { name: 'sydney', timeZone: 'Australia/Sydney', open: '07:00', close: '16:00' },
  { name: 'tokyo', timeZone: 'Asia/Tokyo', open: '09:00', close: '18:00' },
  { name: 'london', timeZone: 'Europe/London', open: '08:00', close: '17:00' },
  { name: 'newYork', timeZone: 'America/New_York', open: '08:00', close: '17:00' },
] as const;
