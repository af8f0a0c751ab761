import { useTranslation } from '@bolsa/client-kit/i18n';
import { DEPOSIT_CONFIRMATIONS_REQUIRED, type Locale } from '@bolsa/contracts';
import { currencySymbolOf, formatDate, formatMoney } from '../../../lib/format.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import type { Deposit } from '../api/get-deposits.ts';
import '../funding.css';

/** Crypto deposits are credited after three network confirmations (spec §9). */

const statusClass: Record<Deposit['status'], string> = {
  pending: 'status-pending',
  confirming: 'status-pending',
  credited: 'status-done',
  rejected: 'status-failed',
  below_minimum: 'status-failed',
};

/** One deposit: amount, method, where it goes, when, and its state (with confirmations or the reason). */
export function DepositItem({ deposit, locale }: { deposit: Deposit; locale: Locale }) {
  const { t } = useTranslation();
  const status =
    deposit.status === 'confirming'
      ? t('funding.depositStatus.confirming', { count: deposit.confirmations ?? 0, required: DEPOSIT_CONFIRMATIONS_REQUIRED })
      : t(`funding.depositStatus.${deposit.status}`);
  return (
    <li className="record-item">
      <div className="record-item-main">
        <span className="record-item-amount">{formatMoney(deposit.amount, locale, currencySymbolOf(deposit.currency))}</span>
        <span className={`status-tag ${statusClass[deposit.status]}`}>{status}</span>
      </div>
      <div className="record-item-details">
        <span>
          {deposit.method === 'crypto' ? `${t('funding.methodCrypto')} · ${deposit.network ?? ''}` : t('funding.methodFiat')} ·{' '}
          {t(walletLabelKey(deposit.walletType))}
        </span>
        <span>{formatDate(deposit.createTimeTimestamp)}</span>
      </div>
      {deposit.status === 'rejected' && deposit.reason ? (
        <p className="record-item-reason">
          {t('funding.reason')}: {deposit.reason}
        </p>
      ) : null}
      {deposit.status === 'below_minimum' ? <p className="record-item-reason">{t('funding.belowMinimumNote')}</p> : null}
      {deposit.txHash ? <p className="record-item-hash">{deposit.txHash}</p> : null}
      {deposit.reference ? (
        <p className="record-item-hash">
          {t('funding.reference')}: {deposit.reference}
        </p>
      ) : null}
    </li>
  );
}
