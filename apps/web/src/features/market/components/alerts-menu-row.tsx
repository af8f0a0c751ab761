import { useTranslation } from '@bolsa/client-kit/i18n';
import { BellOutline } from 'antd-mobile-icons';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { pagePath } from '../../../lib/pages.ts';

/** The Account tab's row to the user's price alerts, armed and fired. */
export function AlertsMenuRow() {
  const { t } = useTranslation();
  return (
    <MenuList>
      <MenuRow icon={<BellOutline />} label={t('alerts.title')} to={pagePath('priceAlerts')} />
    </MenuList>
  );
}
