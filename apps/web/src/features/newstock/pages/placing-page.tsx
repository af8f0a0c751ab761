import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Offering } from '@bolsa/contracts';
import { Link } from 'react-router';
import { pagePath } from '../../../lib/pages.ts';
import { usePlacings } from '../api/new-stock.ts';
import { OfferingsByPhase } from '../components/offerings-by-phase.tsx';
import '../newstock.css';

function PlacingAction({ offering }: { offering: Offering }) {
  const { t } = useTranslation();
  if (offering.phase !== 'open' || offering.status !== 'published') {
    return <p className="ipo-note">{offering.phase === 'upcoming' ? t('newstock.opensLater') : t('newstock.placing.closed')}</p>;
  }
  return (
    <Link
      className="button button-primary button-block"
      to={pagePath('paymentNewstock', { id: offering.id, name: offering.name, code: offering.code, source: 8, direction: 0 })}
    >
      {t('newstock.placing.apply')}
    </Link>
  );
}

/** /pages/product/placing: shares of listed stocks placed at a fixed price (`?tab=` upcoming, open, closed), each with its discount to the last close, reason and market date. */
export function PlacingPage() {
  const { t } = useTranslation();
  return (
    <OfferingsByPhase
      title={t('newstock.placing.title')}
      note={t('newstock.placing.honesty')}
      useOfferings={usePlacings}
      emptyTitle={(phase) => t(`newstock.placing.empty.${phase}`)}
      actionOf={(offering) => <PlacingAction offering={offering} />}
    >
      <Link className="button button-default button-block subscription-browse" to={pagePath('placingRecord')}>
        {t('newstock.placing.records')}
      </Link>
    </OfferingsByPhase>
  );
}
