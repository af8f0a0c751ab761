import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import { formatMoney } from '../../../lib/format.ts';
import type { LoanRates } from '../api/loans-api.ts';
import '../loans.css';

type Factor = LoanRates['credit']['factors'][number];

function factorValue(factor: Factor, t: (key: string, values?: Record<string, unknown>) => string) {
  if (factor.name === 'identity') return t(factor.value === 1 ? 'loan.factorValue.verified' : 'loan.factorValue.notVerified');
  if (factor.name === 'repayments') return t('loan.factorValue.repayments', { value: factor.value, late: factor.penaltyCount ?? 0 });
  return t(`loan.factorValue.${factor.name}`, { value: factor.value });
}

/** The score, each fact it reads with its points out of its weight, and what would raise it; then the limit it sets. */
export function CreditScoreCard({ credit, locale }: { credit: LoanRates['credit']; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <section className="loan-card" aria-labelledby="credit-title">
      <div className="loan-card-head">
        <h2 id="credit-title" className="loan-card-title">
          {t('loan.creditTitle')}
        </h2>
        <span className="loan-score">{t('loan.creditScore', { score: credit.score })}</span>
      </div>
      <ul className="loan-factors">
        {credit.factors.map((factor) => (
          <li key={factor.name} className="loan-factor">
            <div className="loan-row">
              <span>{t(`loan.factors.${factor.name}`)}</span>
              <span className="loan-figure">{t('loan.points', { points: factor.points, weight: factor.weight })}</span>
            </div>
            <p className="loan-factor-note">
              {factorValue(factor, t)} · {factor.points < factor.weight ? t(`loan.howToRaise.${factor.name}`) : t('loan.factorFull')}
            </p>
          </li>
        ))}
      </ul>
      <dl className="loan-facts">
        <div className="loan-row">
          <dt>{t('loan.creditLimit')}</dt>
          <dd className="loan-figure">{formatMoney(credit.limit, locale)}</dd>
        </div>
        <div className="loan-row">
          <dt>{t('loan.creditAvailable')}</dt>
          <dd className="loan-figure">{formatMoney(credit.available, locale)}</dd>
        </div>
      </dl>
      <p className="form-note">{t('loan.creditNote')}</p>
    </section>
  );
}
