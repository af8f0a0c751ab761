import { useTranslation } from '@bolsa/client-kit/i18n';
import { AppOutline, HistogramOutline, StarOutline, TransportQRcodeOutline, UserOutline } from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { pagePath } from '../lib/pages.ts';

type Tab = { to: string; labelKey: string; Icon: ComponentType<{ 'aria-hidden'?: boolean | 'true' }> };

/** The five tabs of spec §2, in order. Switching tabs replaces the entry instead of stacking history. */
export const tabs: readonly Tab[] = [
  { to: pagePath('home'), labelKey: 'tabs.home', Icon: AppOutline },
  { to: pagePath('market'), labelKey: 'tabs.market', Icon: HistogramOutline },
  { to: pagePath('watchlist'), labelKey: 'tabs.watchlist', Icon: StarOutline },
  { to: pagePath('trade'), labelKey: 'tabs.trade', Icon: TransportQRcodeOutline },
  { to: pagePath('profile'), labelKey: 'tabs.profile', Icon: UserOutline },
];

export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label={t('tabs.label')}>
      <ul className="tab-bar-list">
        {tabs.map(({ to, labelKey, Icon }) => (
          <li key={to} className="tab-bar-item">
            <NavLink to={to} replace className={({ isActive }) => `tab-bar-link${isActive ? ' is-active' : ''}`}>
              <Icon aria-hidden="true" />
              <span className="tab-bar-label">{t(labelKey)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
