import type { Locale } from '@bolsa/contracts';
import { useTranslation } from 'react-i18next';
import { currencySymbolOf, formatMoney, formatSignedMoney, toMilliseconds } from '../../../lib/format.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import type { WalletBill } from '../api/get-wallet-bill.ts';
import '../wallet.css';

/** One statement line: why (translated reason), which wallet, when; the signed amount and the balance after. */
export function StatementRow({ bill, locale }: { bill: WalletBill; locale: Locale }) {
  const { t } = useTranslation();
  const amount = formatSignedMoney(bill.amount, locale, bill.currency);
  return (
    <li className="statement-row">
      <div className="statement-row-main">
        <span className="statement-row-reason">{t(`wallet.reasons.${bill.reason}`)}</span>
        <span className={`statement-row-amount ${amount.trend}`} data-testid="statement-amount">
          {amount.text}
        </span>
      </div>
      <div className="statement-row-details">
        <span>
          {t(walletLabelKey(bill.walletType))} ·{' '}
          <time dateTime={new Date(toMilliseconds(bill.createTimeTimestamp)).toISOString()}>{bill.createTime}</time>
        </span>
        <span>
          {t('wallet.balanceAfter')} {formatMoney(bill.balanceAfter, locale, currencySymbolOf(bill.currency))}
        </span>
      </div>
      {bill.memo ? <p className="statement-row-memo">{bill.memo}</p> : null}
    </li>
  );
}
