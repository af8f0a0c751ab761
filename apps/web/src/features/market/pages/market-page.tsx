import { HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';

/** The market tab. No quotes are shown until the market feed exists; nothing here is simulated. */
export function MarketPage() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('market.title')} hasBack={false} />
      <EmptyState icon={<HistogramOutline />} title={t('market.emptyTitle')} description={t('market.emptyDescription')} />
    </>
  );
}
