import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import type { Loan } from '../api/loans-api.ts';
import { percentText } from './loan-format.ts';
import '../loans.css';

const statusClass: Record<Loan['status'], string> = {
  pending: 'loan-status-pending',
  rejected: 'loan-status-failed',
  in_use: 'loan-status-open',
  repaid: 'loan-status-done',
};

/** One loan: amount and period, its state, what it owes now by part, its dates; `children` adds an action. */
export function LoanItem({ loan, locale, children }: { loan: Loan; locale: Locale; children?: ReactNode }) {
  const { t } = useTranslation();
  const money = (value: string) => formatMoney(value, locale);
  const isLent = loan.status === 'in_use' || loan.status === 'repaid';
  const facts: Array<[string, string]> = isLent
    ? [
        [t('loan.principalOutstanding'), money(loan.principalOutstanding)],
        [t('loan.interestSoFar'), money(loan.interestCharged)],
        ...(loan.penaltyCharged !== '0.00' ? [[t('loan.penalty'), money(loan.penaltyCharged)] as [string, string]] : []),
        [t('loan.totalDebt'), money(loan.totalDebt)],
        ...(loan.status === 'in_use' && loan.expireTime
          ? [[t('loan.nextDue', { date: formatDate(loan.expireTime, 'DD/MM/YYYY') }), money(loan.nextDueAmount)] as [string, string]]
          : []),
      ]
    : [[t('loan.totalRepay'), money(loan.terms.totalRepay)]];
  return (
    <li className="loan-item">
      <div className="loan-row">
        <span className="loan-item-amount">{money(loan.amount)}</span>
        <span className={`loan-status ${loan.isOverdue ? 'loan-status-failed' : statusClass[loan.status]}`}>
          {loan.isOverdue ? t('loan.overdue') : loan.awaitsSecondApproval ? t('loan.awaitsSecond') : t(`loan.status.${loan.status}`)}
        </span>
      </div>
      <div className="loan-row loan-row-secondary">
        <span>
          {t('loan.periodDays', { value: loan.periodDays })} · {percentText(loan.dailyRate, locale)} {t('loan.perDay')} ·{' '}
          {t(walletLabelKey(loan.walletType))}
        </span>
        <span>{formatDate(loan.createTime, 'DD/MM/YYYY')}</span>
      </div>
      <dl className="loan-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="loan-row">
            <dt>{label}</dt>
            <dd className="loan-figure">{value}</dd>
          </div>
        ))}
      </dl>
      {loan.status === 'rejected' && loan.rejectReason ? (
        <p className="loan-reason">
          {t('loan.rejectReason')}: {loan.rejectReason}
        </p>
      ) : null}
      {children}
    </li>
  );
}
