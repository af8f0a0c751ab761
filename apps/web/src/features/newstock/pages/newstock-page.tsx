import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Offering } from '@bolsa/contracts';
import { Link } from 'react-router';
import { pagePath } from '../../../lib/pages.ts';
import { useNewStocks } from '../api/new-stock.ts';
import { AllotmentResult } from '../components/allotment-result.tsx';
import { OfferingsByPhase } from '../components/offerings-by-phase.tsx';
import '../newstock.css';

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
  const { t } = useTranslation();
  return (
    <OfferingsByPhase
      title={t('newstock.title')}
      note={t('newstock.honesty')}
      useOfferings={useNewStocks}
      emptyTitle={(phase) => t(`newstock.empty.${phase}`)}
      actionOf={(offering) => <OfferingAction offering={offering} />}
    />
  );
}
