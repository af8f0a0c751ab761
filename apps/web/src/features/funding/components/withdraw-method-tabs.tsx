import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { routes } from '../../../lib/navigation.ts';

const methods = [
  { to: routes.withdrawBank, key: 'bank' },
  { to: routes.withdrawCrypto, key: 'crypto' },
  { to: routes.withdrawOther, key: 'yen_bank' },
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
