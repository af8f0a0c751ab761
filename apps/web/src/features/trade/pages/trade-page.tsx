import { TransportQRcodeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';

/** The trade tab. Orders cannot be placed in this release; the page says so instead of offering a form that cannot work. */
export function TradePage() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('trade.title')} hasBack={false} />
      <EmptyState icon={<TransportQRcodeOutline />} title={t('trade.emptyTitle')} description={t('trade.emptyDescription')} />
    </>
  );
}
