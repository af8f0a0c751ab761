import { useTranslation } from '@bolsa/client-kit/i18n';
import { AppOutline, CheckShieldOutline, KeyOutline, LockOutline } from 'antd-mobile-icons';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { useUserInfo } from '../../../lib/auth/get-user-info.ts';
import { pagePath } from '../../../lib/pages.ts';

/**
 * /pages/setting/security: the login password, the transaction (pay) password, two-factor sign-in and the
 * devices signed in (the last two's strings load with this page, see `app/page-loaders.ts`).
 */
export function SecurityPage() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const payPasswordState = user ? (user.hasPayPassword ? t('settings.payPasswordIsSet') : t('settings.payPasswordNotSet')) : undefined;
  const twoFactorState = user ? (user.hasTwoFactor ? t('twoFactor.stateOn') : t('twoFactor.stateOff')) : undefined;
  return (
    <>
      <NavBar title={t('settings.security')} />
      <div className="page-body">
        <MenuList>
          <MenuRow icon={<LockOutline />} label={t('settings.loginPassword')} to={pagePath('loginPassword')} />
          <MenuRow icon={<KeyOutline />} label={t('fields.payPassword')} extra={payPasswordState} to={pagePath('payPassword')} />
          <MenuRow icon={<CheckShieldOutline />} label={t('twoFactor.title')} extra={twoFactorState} to={pagePath('twoFactor')} />
          <MenuRow icon={<AppOutline />} label={t('twoFactor.devicesTitle')} to={pagePath('devices')} />
        </MenuList>
      </div>
    </>
  );
}
