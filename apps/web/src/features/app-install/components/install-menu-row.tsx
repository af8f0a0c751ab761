import { useTranslation } from '@bolsa/client-kit/i18n';
import { DownlandOutline } from 'antd-mobile-icons';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { pagePath } from '../../../lib/pages.ts';

/** The Account tab's row to the install page (the spec's app download), for visitors too. */
export function InstallMenuRow() {
  const { t } = useTranslation();
  return (
    <MenuList>
      <MenuRow icon={<DownlandOutline />} label={t('install.menu')} to={pagePath('install')} />
    </MenuList>
  );
}
