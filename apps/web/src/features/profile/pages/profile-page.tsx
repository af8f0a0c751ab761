import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, localeNames } from '@bolsa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { GlobalOutline, SetOutline, UserCircleOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
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

/** The language row and its picker: signed in or not, a visitor can read the app in their language. */
function LanguageRow() {
  const { t, i18n } = useTranslation();
  const [isLanguageOpen, setIsLanguageOpen] = useState(false);
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  return (
    <>
      <MenuRow
        icon={<GlobalOutline />}
        label={t('language.title')}
        extra={<span lang={locale}>{localeNames[locale]}</span>}
        onClick={() => setIsLanguageOpen(true)}
      />
      <LanguagePicker visible={isLanguageOpen} onClose={() => setIsLanguageOpen(false)} />
    </>
  );
}

/** Signed out: log in or register, and still choose the language and read the help, notices and terms (issue 15 §12). */
function LoggedOutPrompt({ publicRows }: { publicRows?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page-body">
      <EmptyState icon={<UserCircleOutline />} title={t('profile.loggedOutTitle')} description={t('profile.loggedOutDescription')}>
        <Link className="button button-primary button-block" to={pagePath('login')}>
          {t('auth.loginButton')}
        </Link>
        <Link className="button button-default button-block" to={pagePath('register')}>
          {t('auth.registerButton')}
        </Link>
      </EmptyState>
      <MenuList>
        <LanguageRow />
      </MenuList>
      {publicRows}
    </div>
  );
}

function AccountMenu({ funding, rows }: { funding?: ReactNode; rows?: ReactNode }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const { data: user } = useUserInfo();

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
        <LanguageRow />
      </MenuList>
      <button type="button" className="button button-danger button-block logout-button" onClick={logout}>
        {t('settings.logout')}
      </button>
    </div>
  );
}

type ProfilePageProps = {
  /** The money section (wallets, funding entries), composed in by the router: features do not import each other. */
  funding?: ReactNode;
  /** More rows from other features (inbox, identity), composed in the same way. */
  rows?: ReactNode;
  /** Rows a signed-out visitor may open (help, notices, terms), composed in the same way. */
  publicRows?: ReactNode;
};

/**
 * The Account tab: the user's email, invitation code, money and menu, or a prompt to log in.
 * Pulling down refreshes everything on the page (every active query).
 */
export function ProfilePage({ funding, rows, publicRows }: ProfilePageProps) {
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
        <LoggedOutPrompt publicRows={publicRows} />
      )}
    </>
  );
}
