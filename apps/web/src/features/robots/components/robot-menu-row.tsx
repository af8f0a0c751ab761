import { useTranslation } from '@bolsa/client-kit/i18n';
import { CalculatorOutline } from 'antd-mobile-icons';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { pagePath } from '../../../lib/pages.ts';

/** The Account tab's row to the strategy robots: the templates, and from there the user's robots. */
export function RobotMenuRow() {
  const { t } = useTranslation();
  return (
    <MenuList>
      <MenuRow icon={<CalculatorOutline />} label={t('robots.title')} to={pagePath('robots')} />
    </MenuList>
  );
}
