import { useTranslation } from '@bolsa/client-kit/i18n';
import { forexSessions } from '@bolsa/contracts';
import { intlLocale } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';

/** Minutes that `timeZone`'s wall clock is ahead of UTC at `instant`. */
function offsetMinutes(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour') % 24, part('minute'));
  return Math.round((wall - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/** The instant of `hhmm` on today's date in `timeZone` (its date as of `now`). */
export function zonedTimeToday(hhmm: string, timeZone: string, now: number = Date.now()): number {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  const local = new Date(now + offsetMinutes(timeZone, now) * 60_000);
  const guess = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hours, minutes);
  return guess - offsetMinutes(timeZone, guess) * 60_000;
}

/** The forex day's four sessions, each in its city's hours and in the reader's own. */
export function ForexSessions() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const time = new Intl.DateTimeFormat(intlLocale(locale), { hour: '2-digit', minute: '2-digit' });
  return (
    <section className="order-book" aria-labelledby="forex-sessions-title">
      <h2 id="forex-sessions-title">{t('instrumentProfile.sessions.title')}</h2>
      <table className="tape">
        <thead>
          <tr>
            <th scope="col">{t('instrumentProfile.sessions.centre')}</th>
            <th scope="col">{t('instrumentProfile.sessions.cityHours')}</th>
            <th scope="col">{t('instrumentProfile.sessions.yourHours')}</th>
          </tr>
        </thead>
        <tbody>
          {forexSessions.map((session) => (
            <tr key={session.name}>
              <td>{t(`instrumentProfile.sessions.${session.name}`)}</td>
              <td>
                {session.open}–{session.close}
              </td>
              <td>
                {time.format(zonedTimeToday(session.open, session.timeZone))}–{time.format(zonedTimeToday(session.close, session.timeZone))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="book-note">{t('instrumentProfile.sessions.note')}</p>
    </section>
  );
}
