import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import { currencySymbolOf, formatMoney, formatSignedMoney, toMilliseconds } from '../../../lib/format.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import type { WalletBill } from '../api/get-wallet-bill.ts';
import { statementSentence } from './statement-sentence.ts';
import '../wallet.css';

/** One statement line: what happened in words, which wallet, when; the signed amount and the running balance after it. */
export function StatementRow({ bill, locale }: { bill: WalletBill; locale: Locale }) {
  const { t } = useTranslation();
  const amount = formatSignedMoney(bill.amount, locale, bill.currency);
  return (
    <li className="statement-row">
      <div className="statement-row-main">
        <span className="statement-row-reason">{statementSentence(bill, locale, t)}</span>
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
