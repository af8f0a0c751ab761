import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Institution, Locale } from '@bolsa/contracts';
import type { ReactNode } from 'react';
import { FactList } from '../../../components/info-card.tsx';
import { Sparkline } from '../../../components/sparkline.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { fractionPercent, periodLabel } from './follow-format.ts';

/** The record of an institution, realised and as it is: returns, risk, followers' results, fees. */
function recordRows(institution: Institution, locale: Locale, t: ReturnType<typeof useTranslation>['t']): Array<[string, ReactNode]> {
  const percent = (value: string | null) => fractionPercent(value, locale);
  return [
    [t('follow.fields.nav'), formatNumber(institution.nav, locale, { decimals: 4, minimumDecimals: 4 })],
    [t('follow.fields.return1m'), percent(institution.returns.oneMonth)],
    [t('follow.fields.return3m'), percent(institution.returns.threeMonths)],
    [t('follow.fields.return1y'), percent(institution.returns.oneYear)],
    [t('follow.fields.returnSince'), percent(institution.returns.sinceInception)],
    [t('follow.fields.maxDrawdown'), percent(institution.maxDrawdown)],
    [t('follow.fields.volatility'), fractionPercent(institution.volatility, locale, false)],
    [t('follow.fields.followers'), formatNumber(institution.followers, locale, { decimals: 0 })],
    [t('follow.fields.followersMedian'), percent(institution.followersMedianResult)],
    [t('follow.fields.portfolioMedian'), percent(institution.portfolioMedianResult)],
    [t('follow.fields.settledFollows'), formatNumber(institution.settledFollows, locale, { decimals: 0 })],
    [t('follow.fields.managementFee'), fractionPercent(institution.managementFeeRate, locale, false)],
    [t('follow.fields.performanceFee'), fractionPercent(institution.performanceFeeRate, locale, false)],
    [t('follow.fields.periods'), institution.periodsMinutes.map((minutes) => periodLabel(minutes, t)).join(' · ')],
  ];
}

/** One institution in the list: its NAV since inception, its realised record, its portfolio and every change to it. */
export function InstitutionCard({ institution, locale, action }: { institution: Institution; locale: Locale; action?: ReactNode }) {
  const { t } = useTranslation();
  const navs = institution.navHistory.map((point) => Number(point.nav));
  return (
    <li className="info-card">
      <div className="info-card-head">
        <div>
          <h2 className="info-card-name">{institution.name}</h2>
          <span className="info-card-sub">{t('follow.since', { date: formatDate(institution.inceptionTimestamp, 'DD/MM/YYYY') })}</span>
        </div>
        <Sparkline values={navs} label={t('follow.chartLabel', { name: institution.name })} width={128} height={44} />
      </div>
      <p className="follow-note">{institution.description}</p>
      <FactList rows={recordRows(institution, locale, t)} />
      <p className="follow-note">{t('follow.recordNote')}</p>
      <details className="follow-details">
        <summary>{t('follow.weights')}</summary>
        <ul className="follow-weights">
          {institution.weights.map((entry) => (
            <li key={entry.code}>
              <span>
                {entry.code} · {entry.name}
              </span>
              <span>{fractionPercent(entry.weight, locale, false)}</span>
            </li>
          ))}
        </ul>
        <h3 className="follow-subtitle">{t('follow.rebalances')}</h3>
        <ul className="follow-rebalances">
          {institution.rebalances.map((change) => (
            <li key={change.id}>
              <strong>{formatDate(change.atTimestamp, 'DD/MM/YYYY HH:mm')}</strong>{' '}
              {change.weights.map((entry) => `${entry.code} ${fractionPercent(entry.weight, locale, false)}`).join(', ')}
              {change.note ? ` — ${change.note}` : ''}
            </li>
          ))}
        </ul>
      </details>
      {action}
    </li>
  );
}
