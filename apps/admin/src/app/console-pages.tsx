import { AuditOutlined, DashboardOutlined, StockOutlined, TeamOutlined } from '@ant-design/icons';
import type { OperatorPermission } from '@bolsa/contracts';
import type { ComponentType, ReactNode } from 'react';

/**
 * The console's pages, in menu order: each one is a route and (with a title) a side-menu entry that
 * only operators whose role grants `permission` see. To add a page, add one entry here (see
 * apps/admin/README.md); the router and the menu both read this list.
 */
export type ConsolePage = {
  /** The route under `#/`, without a leading slash. */
  path: string;
  /** The menu label and page title, an i18n key. */
  titleKey: string;
  /** Needed to see the entry and open the page; absent means every operator. */
  permission?: OperatorPermission;
  icon?: ReactNode;
  /** Pages behind a parent's detail link do not appear in the menu. */
  isHiddenFromMenu?: boolean;
  load: () => Promise<ComponentType>;
};

export const consolePages: ConsolePage[] = [
  {
    path: 'dashboard',
    titleKey: 'nav.dashboard',
    icon: <DashboardOutlined />,
    load: async () => (await import('../features/dashboard/pages/dashboard-page.tsx')).DashboardPage,
  },
  {
    path: 'users',
    titleKey: 'nav.users',
    permission: 'users.read',
    icon: <TeamOutlined />,
    load: async () => (await import('../features/users/pages/users-page.tsx')).UsersPage,
  },
  {
    path: 'users/:id',
    titleKey: 'nav.users',
    permission: 'users.read',
    isHiddenFromMenu: true,
    load: async () => (await import('../features/users/pages/user-detail-page.tsx')).UserDetailPage,
  },
  {
    path: 'adjustments',
    titleKey: 'nav.adjustments',
    permission: 'adjustments.request',
    icon: <AuditOutlined />,
    load: async () => (await import('../features/adjustments/pages/adjustments-page.tsx')).AdjustmentsPage,
  },
  {
    path: 'instruments',
    titleKey: 'nav.instruments',
    permission: 'instruments.read',
    icon: <StockOutlined />,
    load: async () => (await import('../features/instruments/pages/instruments-page.tsx')).InstrumentsPage,
  },
];
