import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, type Offering, type OfferingPhase, offeringPhases } from '@bolsa/contracts';
import { PullToRefresh } from 'antd-mobile';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useNewStocks } from '../api/new-stock.ts';
import { AllotmentResult } from '../components/allotment-result.tsx';
import { OfferingCard } from '../components/offering-card.tsx';
import '../newstock.css';

function phaseFromQuery(value: string | null): OfferingPhase {
  return (offeringPhases as readonly string[]).includes(value ?? '') ? (value as OfferingPhase) : 'open';
}

function OfferingAction({ offering }: { offering: Offering }) {
  const { t } = useTranslation();
  if (offering.status === 'allotted' || offering.status === 'listed') return <AllotmentResult offering={offering} />;
  if (offering.phase !== 'open') {
    return <p className="ipo-note">{offering.phase === 'upcoming' ? t('newstock.opensLater') : t('newstock.waitingAllotment')}</p>;
  }
  return (
    <Link
      className="button button-primary button-block"
      to={pagePath('paymentNewstock', { id: offering.id, name: offering.name, code: offering.code, source: 5, direction: 0 })}
    >
      {t('newstock.apply')}
    </Link>
  );
}

/** /pages/product/newstock: the IPOs upcoming, open and closed (`?tab=`), each with its published rule and the seed's hash. */
export function NewStockPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const phase = phaseFromQuery(searchParams.get('tab'));
  const offerings = useNewStocks(phase);
  const rows = offerings.data ?? [];
  return (
    <>
      <NavBar title={t('newstock.title')} />
      <div className="page-body">
        <div className="segmented-options">
          {offeringPhases.map((each) => (
            <button
              key={each}
              type="button"
              className={`segmented-option${each === phase ? ' is-selected' : ''}`}
              aria-pressed={each === phase}
              onClick={() => setSearchParams({ tab: each }, { replace: true })}
            >
              {t(`newstock.phase.${each}`)}
            </button>
          ))}
        </div>
        <p className="ipo-note">{t('newstock.honesty')}</p>
        <PullToRefresh onRefresh={async () => void (await offerings.refetch())}>
          {offerings.isPending ? (
            <ListSkeleton rows={2} />
          ) : offerings.isError ? (
            <EmptyState title={t('newstock.loadFailed')}>
              <button type="button" className="button button-primary" onClick={() => void offerings.refetch()}>
                {t('common.retry')}
              </button>
            </EmptyState>
          ) : rows.length === 0 ? (
            <EmptyState title={t(`newstock.empty.${phase}`)} />
          ) : (
            <ul className="ipo-list">
              {rows.map((offering) => (
                <OfferingCard key={offering.id} offering={offering} locale={locale} action={<OfferingAction offering={offering} />} />
              ))}
            </ul>
          )}
        </PullToRefresh>
      </div>
    </>
  );
}
