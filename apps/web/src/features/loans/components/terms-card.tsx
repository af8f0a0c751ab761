import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import { formatMoney } from '../../../lib/format.ts';
import type { LoanTerms } from '../api/loans-api.ts';
import { percentText } from './loan-format.ts';
import '../loans.css';

/** A UTC calendar day (YYYY-MM-DD) written DD/MM/YYYY, as it is: no time zone may move it. */
const dayDate = (iso: string) => iso.split('-').reverse().join('/');

/** Every cost of the loan before applying: rate, APR, interest, total, due date, penalty rule and cap, schedule, rounding. */
export function TermsCard({ terms, locale }: { terms: LoanTerms; locale: Locale }) {
  const { t } = useTranslation();
  const money = (value: string) => formatMoney(value, locale);
  const rows: Array<[string, string]> = [
    [t('loan.dailyRate'), percentText(terms.dailyRate, locale)],
    [t('loan.apr'), percentText(terms.apr, locale)],
    [t('loan.totalInterest'), money(terms.totalInterest)],
    [t('loan.totalRepay'), money(terms.totalRepay)],
    [t('loan.dueDate'), dayDate(terms.dueDate)],
    [t('loan.maxTotal'), money(terms.maxTotal)],
  ];
  return (
    <section className="loan-card" aria-labelledby="terms-title">
      <h2 id="terms-title" className="loan-card-title">
        {t('loan.termsTitle')}
      </h2>
      <dl className="loan-facts">
        {rows.map(([label, value]) => (
          <div key={label} className="loan-row">
            <dt>{label}</dt>
            <dd className="loan-figure">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="form-note">{t('loan.dueDateNote', { value: terms.periodDays })}</p>
      <p className="form-note">
        <strong>{t('loan.penaltyRule')}: </strong>
        {t('loan.penaltyRuleText', { rate: percentText(terms.penaltyDailyRate, locale), max: money(terms.maxPenalty) })}
      </p>
      <h3 className="loan-subtitle">{t('loan.scheduleTitle')}</h3>
      <table className="loan-schedule">
        <thead>
          <tr>
            <th scope="col">{t('loan.scheduleDay')}</th>
            <th scope="col">{t('loan.scheduleInterest')}</th>
            <th scope="col">{t('loan.schedulePayoff')}</th>
          </tr>
        </thead>
        <tbody>
          {terms.schedule.map((row) => (
            <tr key={row.day}>
              <td>
                {row.day} · {dayDate(row.date)}
              </td>
              <td>{money(row.interestToDate)}</td>
              <td>{money(row.payoff)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="form-note">{t('loan.roundingRule')}</p>
      {terms.needsSecondApproval ? <p className="form-note">{t('loan.secondApproval')}</p> : null}
    </section>
  );
}
