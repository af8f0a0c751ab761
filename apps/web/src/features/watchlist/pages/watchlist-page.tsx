import { StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';

/** The watchlist tab. Saving instruments needs live quotes, which this release does not have yet. */
export function WatchlistPage() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('watchlist.title')} hasBack={false} />
      <EmptyState icon={<StarOutline />} title={t('watchlist.emptyTitle')} description={t('watchlist.emptyDescription')} />
    </>
  );
}
