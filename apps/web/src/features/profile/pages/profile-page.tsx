import '../../../lib/antd-mobile-setup.ts';
import { type Locale, localeNames } from '@bolsa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { GlobalOutline, SetOutline, UserCircleOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LanguagePicker } from '../../../components/language-picker.tsx';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { useUserInfo } from '../../../lib/auth/get-user-info.ts';
import { useLogout } from '../../../lib/auth/logout.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useToken } from '../../../lib/session-store.ts';
import { InvitationCode } from '../components/invitation-code.tsx';
import '../profile.css';

function LoggedOutPrompt() {
  const { t } = useTranslation();
  return (
    <EmptyState icon={<UserCircleOutline />} title={t('profile.loggedOutTitle')} description={t('profile.loggedOutDescription')}>
      <Link className="button button-primary button-block" to={pagePath('login')}>
        {t('auth.loginButton')}
      </Link>
      <Link className="button button-default button-block" to={pagePath('register')}>
        {t('auth.registerButton')}
      </Link>
    </EmptyState>
  );
}

function AccountMenu({ funding, rows }: { funding?: ReactNode; rows?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const logout = useLogout();
  const { data: user } = useUserInfo();
  const [isLanguageOpen, setIsLanguageOpen] = useState(false);
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();

  return (
    <div className="page-body">
      <section className="profile-card" aria-label={t('profile.accountSummary')}>
        <UserCircleOutline className="profile-avatar" aria-hidden="true" />
        <div className="profile-identity">
          <p className="profile-email">{user?.email ?? ''}</p>
          {user?.invitationCode ? <InvitationCode code={user.invitationCode} /> : null}
        </div>
      </section>
      {funding}
      {rows}
      <MenuList>
        <MenuRow icon={<SetOutline />} label={t('settings.title')} to={pagePath('settings')} />
        <MenuRow
          icon={<GlobalOutline />}
          label={t('language.title')}
          extra={<span lang={locale}>{localeNames[locale]}</span>}
          onClick={() => setIsLanguageOpen(true)}
        />
      </MenuList>
      <button type="button" className="button button-danger button-block logout-button" onClick={logout}>
        {t('settings.logout')}
      </button>
      <LanguagePicker visible={isLanguageOpen} onClose={() => setIsLanguageOpen(false)} />
    </div>
  );
}

type ProfilePageProps = {
  /** The money section (wallets, funding entries), composed in by the router: features do not import each other. */
  funding?: ReactNode;
  /** More rows from other features (inbox, identity), composed in the same way. */
  rows?: ReactNode;
};

/**
 * The Account tab: the user's email, invitation code, money and menu, or a prompt to log in.
 * Pulling down refreshes everything on the page (every active query).
 */
export function ProfilePage({ funding, rows }: ProfilePageProps) {
  const { t } = useTranslation();
  const token = useToken();
  const queryClient = useQueryClient();
  return (
    <>
      <NavBar title={t('profile.title')} hasBack={false} />
      {token ? (
        <PullToRefresh onRefresh={() => queryClient.refetchQueries({ type: 'active' })}>
          <AccountMenu funding={funding} rows={rows} />
        </PullToRefresh>
      ) : (
        <LoggedOutPrompt />
      )}
    </>
  );
}
