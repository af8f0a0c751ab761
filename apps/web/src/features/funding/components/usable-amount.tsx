import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import { currencySymbolOf, formatMoney } from '../../../lib/format.ts';
import type { UsableWithdrawal } from '../api/get-usable-withdrawal.ts';
import '../funding.css';

/** "Available to withdraw": the balance less what is held, as the server computes it. */
export function UsableAmount({ usable, isPending, locale }: { usable: UsableWithdrawal | undefined; isPending: boolean; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <section className="usable-amount" aria-label={t('funding.usableAmount')}>
      <span className="usable-amount-label">{t('funding.usableAmount')}</span>
      <span className="usable-amount-value">
        {isPending ? t('common.loading') : usable ? formatMoney(usable.amount, locale, currencySymbolOf(usable.currency)) : '—'}
      </span>
    </section>
  );
}
