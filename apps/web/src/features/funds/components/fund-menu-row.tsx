import { useTranslation } from '@bolsa/client-kit/i18n';
import { PayCircleOutline } from 'antd-mobile-icons';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { pagePath } from '../../../lib/pages.ts';

/** The Account tab's funds row. */
export function FundMenuRows() {
  const { t } = useTranslation();
  return (
    <MenuList>
      <MenuRow icon={<PayCircleOutline />} label={t('fund.title')} to={pagePath('fund')} />
    </MenuList>
  );
}
