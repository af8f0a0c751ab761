import { useTranslation } from '@bolsa/client-kit/i18n';
import { Link } from 'react-router';
import { pagePath } from '../../../lib/pages.ts';

/** Shown on withdrawal pages until the user has a transaction password. */
export function PayPasswordNotice() {
  const { t } = useTranslation();
  return (
    <section className="notice notice-warning" aria-label={t('funding.payPasswordNeeded')}>
      <div>
        <p className="notice-text">{t('funding.payPasswordNeeded')}</p>
        <Link className="button button-small button-primary" to={pagePath('payPassword')}>
          {t('funding.setPayPassword')}
        </Link>
      </div>
    </section>
  );
}
