import { useTranslation } from '@bolsa/client-kit/i18n';
import { dateFormats } from '@bolsa/contracts';
import { currencySymbolOf, formatDate, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { ReferralShare } from '../api/referral-api.ts';

/** The programme's terms, worded from the figures operators set (the ones in force, with since when). */
export function ProgrammeTerms({ programme }: { programme: ReferralShare['programme'] }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const money = (value: string) => formatMoney(value, locale, currencySymbolOf(programme.currency));
  return (
    <section className="referral-card" aria-labelledby="referral-terms-title">
      <h2 id="referral-terms-title" className="referral-card-title">
        {t('referral.termsTitle')}
      </h2>
      {programme.isEnabled ? null : <p className="referral-paused">{t('referral.paused')}</p>}
      <p>
        {t('referral.terms', {
          reward: money(programme.rewardAmount),
          minDeposit: money(programme.minDeposit),
          days: programme.holdDays,
        })}
      </p>
      <p>{t('referral.termsCap', { cap: money(programme.yearlyCap) })}</p>
      <p>{t('referral.termsChecks')}</p>
      <p className="referral-muted">{t('referral.termsSince', { date: formatDate(programme.updatedAtTimestamp, dateFormats.date) })}</p>
    </section>
  );
}
