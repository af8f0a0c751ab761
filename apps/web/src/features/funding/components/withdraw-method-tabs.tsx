import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { pagePath } from '../../../lib/pages.ts';

const methods = [
  { to: pagePath('withdrawBank'), key: 'bank' },
  { to: pagePath('withdrawCrypto'), key: 'crypto' },
  { to: pagePath('withdrawOther'), key: 'yen_bank' },
] as const;

/** Switches between the three withdrawal pages (bank card, crypto address, yen bank) without stacking history. */
export function WithdrawMethodTabs() {
  const { t } = useTranslation();
  return (
    <nav className="segmented-nav" aria-label={t('funding.withdrawMethod')}>
      {methods.map((method) => (
        <NavLink key={method.to} to={method.to} replace className={({ isActive }) => `segmented-link${isActive ? ' is-selected' : ''}`}>
          {t(`funding.withdrawalMethod.${method.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
