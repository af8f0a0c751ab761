import { useTranslation } from '@bolsa/client-kit/i18n';
import type { KycState } from '@bolsa/contracts';
import { Link } from 'react-router';
import { pagePath } from '../../../lib/pages.ts';

/** Shown on withdrawal pages until the user's identity is verified: in review, or still to be done. */
export function IdentityNotice({ status }: { status: KycState['status'] }) {
  const { t } = useTranslation();
  const text = status === 'pending' ? t('funding.identityInReview') : t('funding.verifyIdentityFirst');
  return (
    <section className="notice notice-warning" aria-label={text}>
      <div>
        <p className="notice-text">{text}</p>
        {status === 'pending' ? null : (
          <Link className="button button-small button-primary" to={pagePath('kyc')}>
            {t('funding.verifyIdentity')}
          </Link>
        )}
      </div>
    </section>
  );
}
