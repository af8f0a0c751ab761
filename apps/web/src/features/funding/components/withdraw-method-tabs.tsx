import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import { NavLink, useLocation } from 'react-router';
import { currentLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useIdentityState } from '../api/get-identity-state.ts';

const methods = [
  { to: pagePath('withdrawBank'), key: 'bank' },
  { to: pagePath('withdrawCrypto'), key: 'crypto' },
  { to: pagePath('withdrawOther'), key: 'yen_bank' },
] as const;

/**
 * The yen bank withdrawal applies to people with a bank account in Japan: offered to a user verified
 * in Japan or reading the app in Japanese (and kept while on its page), not to every user (issue 15 §12).
 */
export function isYenBankOffered(options: { locale: Locale; countryCode: string | null | undefined; isOnYenPage: boolean }) {
  return options.isOnYenPage || options.locale === 'ja' || options.countryCode === 'JP';
}

/** Switches between the withdrawal pages (bank account, crypto address, and where it applies a bank in Japan) without stacking history. */
export function WithdrawMethodTabs() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const identity = useIdentityState();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const isYenOffered = isYenBankOffered({
    locale,
    countryCode: identity.data?.countryCode,
    isOnYenPage: pathname === pagePath('withdrawOther'),
  });
  return (
    <nav className="segmented-nav" aria-label={t('funding.withdrawMethod')}>
      {methods
        .filter((method) => method.key !== 'yen_bank' || isYenOffered)
        .map((method) => (
          <NavLink key={method.to} to={method.to} replace className={({ isActive }) => `segmented-link${isActive ? ' is-selected' : ''}`}>
            {t(`funding.withdrawalMethod.${method.key}`)}
          </NavLink>
        ))}
    </nav>
  );
}
