import { useTranslation } from '@bolsa/client-kit/i18n';
import { Link } from 'react-router';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { formatDate } from '../../../lib/format.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useKycState } from '../api/get-kyc-state.ts';
import '../kyc.css';

/**
 * /pages/kycverify/index: where identity verification stands (spec §4: waiting for review, verified,
 * unsuccessful with a retry) and, when there is nothing pending, the choice of document.
 */
export function KycPage() {
  const { t } = useTranslation();
  const state = useKycState();
  const data = state.data;
  const canSubmit = data?.status === 'none' || data?.status === 'rejected';

  return (
    <>
      <NavBar title={t('kyc.title')} />
      <div className="page-body">
        {state.isPending || !data ? (
          <ListSkeleton rows={2} />
        ) : (
          <>
            <section className={`kyc-card kyc-card-${data.status}`} aria-live="polite">
              <h2 className="section-title">{t(`kyc.status.${data.status}`)}</h2>
              {data.status === 'pending' ? <p>{t('kyc.reviewTime')}</p> : null}
              {data.status === 'none' ? <p>{t('kyc.intro')}</p> : null}
              {data.status === 'verified' ? (
                <p>
                  {t('kyc.verifiedAs', {
                    name: `${data.firstName ?? ''} ${data.lastName ?? ''}`.trim(),
                    number: data.idNumberMasked ?? '',
                  })}
                </p>
              ) : null}
              {data.status === 'rejected' ? (
                <p>
                  {t('kyc.rejectedBecause')} <strong>{data.reason}</strong>
                </p>
              ) : null}
              {data.submittedAtTimestamp ? (
                <p className="form-note">{t('kyc.submittedAt', { date: formatDate(data.submittedAtTimestamp) })}</p>
              ) : null}
            </section>
            {canSubmit ? (
              <nav className="kyc-choices" aria-label={t('kyc.chooseDocument')}>
                <h2 className="section-title">{data.status === 'rejected' ? t('kyc.retry') : t('kyc.chooseDocument')}</h2>
                <Link className="button button-primary button-block" to={pagePath('kycIdCard')}>
                  {t('kyc.idCard')}
                </Link>
                <Link className="button button-block" to={pagePath('kycPassport')}>
                  {t('kyc.passport')}
                </Link>
              </nav>
            ) : null}
            <button type="button" className="button button-block" onClick={() => void state.refetch()}>
              {t('kyc.refresh')}
            </button>
          </>
        )}
      </div>
    </>
  );
}
