import { useTranslation } from '@bolsa/client-kit/i18n';
import { UserAddOutline } from 'antd-mobile-icons';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { pagePath } from '../../../lib/pages.ts';

/** The Account tab's row to the share page (invitation code, QR code, referrals). */
export function ReferralMenuRow() {
  const { t } = useTranslation();
  return (
    <MenuList>
      <MenuRow icon={<UserAddOutline />} label={t('referral.menu')} to={pagePath('share')} />
    </MenuList>
  );
}
