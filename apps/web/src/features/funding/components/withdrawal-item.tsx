import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import { currencySymbolOf, formatDate, formatMoney, formatNumber } from '../../../lib/format.ts';
import type { Withdrawal } from '../api/get-withdrawals.ts';
import '../funding.css';

const statusClass: Record<Withdrawal['status'], string> = {
  pending: 'status-pending',
  paid: 'status-done',
  rejected: 'status-failed',
};

/** One withdrawal with its timeline: requested, then paid or rejected (with the reason), with times. */
export function WithdrawalItem({ withdrawal, locale }: { withdrawal: Withdrawal; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <li className="record-item">
      <div className="record-item-main">
        <span className="record-item-amount">{formatMoney(withdrawal.amount, locale, currencySymbolOf(withdrawal.currency))}</span>
        <span className={`status-tag ${statusClass[withdrawal.status]}`}>{t(`funding.withdrawalStatus.${withdrawal.status}`)}</span>
      </div>
      <div className="record-item-details">
        <span>
          {t(`funding.withdrawalMethod.${withdrawal.method}`)} · {withdrawal.destination}
        </span>
        {withdrawal.payout ? (
          <span>
            {t('funding.paidInYen', {
              yen: `¥${formatNumber(withdrawal.payout.amount, locale, { decimals: 0 })}`,
              rate: withdrawal.payout.rate,
            })}
          </span>
        ) : null}
      </div>
      <ol className="timeline" aria-label={t('funding.timeline')}>
        {withdrawal.timeline.map((step) => (
          <li key={`${step.step}-${step.timeTimestamp}`} className={`timeline-step timeline-${step.step}`}>
            <span className="timeline-label">{t(`funding.timelineStep.${step.step}`)}</span>
            <span className="timeline-time">{formatDate(step.timeTimestamp)}</span>
          </li>
        ))}
        {withdrawal.status === 'pending' ? (
          <li className="timeline-step timeline-waiting">
            <span className="timeline-label">{t('funding.timelineStep.waiting')}</span>
          </li>
        ) : null}
      </ol>
      {withdrawal.status === 'rejected' && withdrawal.reason ? (
        <p className="record-item-reason">
          {t('funding.reason')}: {withdrawal.reason}
        </p>
      ) : null}
    </li>
  );
}
