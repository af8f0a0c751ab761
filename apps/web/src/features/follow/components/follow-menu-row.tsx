import { useTranslation } from '@bolsa/client-kit/i18n';
import { TeamOutline } from 'antd-mobile-icons';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { pagePath } from '../../../lib/pages.ts';

/** The Account tab's row to follow-invest: the institutions and the user's follows. */
export function FollowMenuRow() {
  const { t } = useTranslation();
  return (
    <MenuList>
      <MenuRow icon={<TeamOutline />} label={t('follow.title')} to={pagePath('follow')} />
    </MenuList>
  );
}
