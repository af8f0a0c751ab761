import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, localeNames } from '@bolsa/contracts';
import { GlobalOutline, InformationCircleOutline, LockOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { LanguagePicker } from '../../../components/language-picker.tsx';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { useLogout } from '../../../lib/auth/logout.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useAppVersion } from '../api/get-app-version.ts';

function AppVersionValue() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useAppVersion();
  if (isPending) return <span>{t('common.loading')}</span>;
  if (isError) return <span>{t('settings.versionUnavailable')}</span>;
  return <span>{data.version}</span>;
}

/** /pages/setting/index: security, language, the published app version, logout. */
export function SettingsPage() {
  const { t, i18n } = useTranslation();
  const logout = useLogout();
  const [isLanguageOpen, setIsLanguageOpen] = useState(false);
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();

  return (
    <>
      <NavBar title={t('settings.title')} />
      <div className="page-body">
        <MenuList>
          <MenuRow icon={<LockOutline />} label={t('settings.security')} to={pagePath('security')} />
          <MenuRow
            icon={<GlobalOutline />}
            label={t('language.title')}
            extra={<span lang={locale}>{localeNames[locale]}</span>}
            onClick={() => setIsLanguageOpen(true)}
          />
          <MenuRow icon={<InformationCircleOutline />} label={t('settings.appVersion')} extra={<AppVersionValue />} />
        </MenuList>
        <button type="button" className="button button-danger button-block logout-button" onClick={logout}>
          {t('settings.logout')}
        </button>
      </div>
      <LanguagePicker visible={isLanguageOpen} onClose={() => setIsLanguageOpen(false)} />
    </>
  );
}
