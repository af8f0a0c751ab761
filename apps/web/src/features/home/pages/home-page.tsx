import { AppOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';

/** The home tab. Until the market feed is connected it says so plainly; it never shows invented prices. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('home.title')} hasBack={false} />
      <EmptyState icon={<AppOutline />} title={t('home.emptyTitle')} description={t('home.emptyDescription')} />
    </>
  );
}
