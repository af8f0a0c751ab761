import { useTranslation } from '@bolsa/client-kit/i18n';
import { BankcardOutline, BillOutline } from 'antd-mobile-icons';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { pagePath } from '../../../lib/pages.ts';

/** The Account tab's loans rows: the terms and application, and the user's loans. */
export function LoanMenuRows() {
  const { t } = useTranslation();
  return (
    <MenuList>
      <MenuRow icon={<BankcardOutline />} label={t('loan.title')} to={pagePath('loan')} />
      <MenuRow icon={<BillOutline />} label={t('loan.recordTitle')} to={pagePath('loanRecord')} />
    </MenuList>
  );
}
