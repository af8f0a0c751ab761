import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, type RobotKind, type RobotRunDay, robotExplanationKeys, robotLimits } from '@bolsa/contracts';
import type { ReactNode } from 'react';
import { formatMoney, formatNumber, formatSignedMoney } from '../../../lib/format.ts';

/** Label and value pairs as a definition list. */
export function RobotFacts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="robot-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="robot-fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Signed money in rise/fall colours ("−$3.20"). */
export function SignedMoney({ value, locale }: { value: string | null; locale: Locale }) {
  if (value === null) return <span>–</span>;
  const signed = formatSignedMoney(value, locale, 'USD');
  return <span className={signed.trend}>{signed.text}</span>;
}

/** The three plain-words parts every template page and run start shows: what it does, what it cannot do, when it loses money. */
export function RobotExplanation({ kind }: { kind: RobotKind }) {
  const { t } = useTranslation();
  const keys = robotExplanationKeys(kind);
  return (
    <div className="robot-explanation">
      <h3 className="robot-subtitle">{t('robots.explain.does')}</h3>
      <p>{t(keys.does)}</p>
      <h3 className="robot-subtitle">{t('robots.explain.cannot')}</h3>
      <p>{t(keys.cannot)}</p>
      <h3 className="robot-subtitle">{t('robots.explain.loses')}</h3>
      <p>{t(keys.loses)}</p>
    </div>
  );
}

type Figures = {
  income: string;
  fees: string;
  profitLoss: string;
  holdingProfitLoss: string | null;
  versusHolding: string | null;
  maxDrawdownPercent: string;
  tradesCount: number;
  annualisedPercent: string | null;
};

/** What happened (or would have, in a backtest): income, fees, P&L against simply holding, drawdown, trades; a yearly rate only after 90 days. */
export function ResultFigures({ figures, locale }: { figures: Figures; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <RobotFacts
      rows={[
        [t('robots.figures.income'), <SignedMoney key="income" value={figures.income} locale={locale} />],
        [t('robots.figures.fees'), formatMoney(figures.fees, locale)],
        [t('robots.figures.profitLoss'), <SignedMoney key="pl" value={figures.profitLoss} locale={locale} />],
        [t('robots.figures.holding'), <SignedMoney key="holding" value={figures.holdingProfitLoss} locale={locale} />],
        [t('robots.figures.versusHolding'), <SignedMoney key="versus" value={figures.versusHolding} locale={locale} />],
        [t('robots.figures.maxDrawdown'), `${formatNumber(figures.maxDrawdownPercent, locale, { decimals: 2, minimumDecimals: 2 })} %`],
        [t('robots.figures.trades'), formatNumber(figures.tradesCount, locale, { decimals: 0 })],
        [
          t('robots.figures.annualised'),
          figures.annualisedPercent === null
            ? t('robots.figures.annualisedLater', { days: robotLimits.annualiseAfterDays })
            : `${formatNumber(figures.annualisedPercent, locale, { decimals: 2, minimumDecimals: 2, isSigned: true })} %`,
        ],
      ]}
    />
  );
}

/** A UTC day (`2026-11-26`) as the app writes dates (26/11/2026), from its text: no time zone can move it. */
export function dayText(date: string): string {
  const [year, month, day] = date.split('-');
  return year && month && day ? `${day}/${month}/${year}` : date;
}

/** The daily output rows (each day's realised P&L net of its fees; may be negative), newest first. */
export function DailyOutput({ days, locale }: { days: RobotRunDay[]; locale: Locale }) {
  const { t } = useTranslation();
  if (days.length === 0) return <p className="robot-note">{t('robots.run.noDays')}</p>;
  return (
    <table className="robot-table">
      <caption className="robot-caption">{t('robots.run.days')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('robots.run.date')}</th>
          <th scope="col">{t('robots.run.output')}</th>
          <th scope="col">{t('robots.figures.fees')}</th>
          <th scope="col">{t('robots.figures.trades')}</th>
        </tr>
      </thead>
      <tbody>
        {[...days].reverse().map((day) => (
          <tr key={day.date}>
            <td>{dayText(day.date)}</td>
            <td>
              <SignedMoney value={day.output} locale={locale} />
            </td>
            <td>{formatMoney(day.fees, locale)}</td>
            <td>{day.trades}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
