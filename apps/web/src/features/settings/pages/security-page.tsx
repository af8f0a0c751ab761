import { useTranslation } from '@bolsa/client-kit/i18n';
import { KeyOutline, LockOutline } from 'antd-mobile-icons';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { useUserInfo } from '../../../lib/auth/get-user-info.ts';
import { pagePath } from '../../../lib/pages.ts';

/** /pages/setting/security: the login password and the transaction (pay) password. */
export function SecurityPage() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const payPasswordState = user ? (user.hasPayPassword ? t('settings.payPasswordIsSet') : t('settings.payPasswordNotSet')) : undefined;
  return (
    <>
      <NavBar title={t('settings.security')} />
      <div className="page-body">
        <MenuList>
          <MenuRow icon={<LockOutline />} label={t('settings.loginPassword')} to={pagePath('loginPassword')} />
          <MenuRow icon={<KeyOutline />} label={t('fields.payPassword')} extra={payPasswordState} to={pagePath('payPassword')} />
        </MenuList>
      </div>
    </>
  );
}
