import { useTranslation } from '@bolsa/client-kit/i18n';
import type { OperatorPermission } from '@bolsa/contracts';
import { Result, Spin } from 'antd';
import type { ComponentType } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { useCan } from '../lib/session-store.ts';
import { ConsoleLayout, RouteError } from './console-layout.tsx';
import { type ConsolePage, consolePages } from './console-pages.tsx';

/**
 * Hash routing under `/admin/`: the server serves one index.html and never needs to know the
 * console's routes. Every page is loaded on demand; features never import each other, this file
 * and console-pages.tsx compose them.
 */

function Forbidden() {
  const { t } = useTranslation();
  return <Result status="403" title={t('common.forbiddenTitle')} subTitle={t('errors.OPERATOR_FORBIDDEN')} />;
}

function NotFound() {
  const { t } = useTranslation();
  return <Result status="404" title={t('common.notFound')} />;
}

/** A page opens only for a role that grants its permission; the server refuses the calls anyway. */
function guarded(Page: ComponentType, permission: OperatorPermission | undefined): ComponentType {
  function GuardedPage() {
    const isAllowed = useCan(permission ?? 'audit.read');
    return permission === undefined || isAllowed ? <Page /> : <Forbidden />;
  }
  return GuardedPage;
}

function pageRoute(page: ConsolePage): RouteObject {
  return { path: page.path, lazy: async () => ({ Component: guarded(await page.load(), page.permission) }) };
}

export const routeObjects: RouteObject[] = [
  {
    path: '/login',
    lazy: async () => ({ Component: (await import('../features/auth/pages/login-page.tsx')).LoginPage }),
    errorElement: <RouteError />,
  },
  {
    path: '/',
    Component: ConsoleLayout,
    errorElement: <RouteError />,
    HydrateFallback: () => <Spin />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      ...consolePages.map(pageRoute),
      { path: '*', Component: NotFound },
    ],
  },
];

export const router = createHashRouter(routeObjects);
