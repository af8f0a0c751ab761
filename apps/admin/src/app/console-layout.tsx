import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { Button, Flex, Layout, Menu, Result, Spin, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigation, useRouteError } from 'react-router';
import { LanguageSelect } from '../components/language-select.tsx';
import { ToneTag } from '../components/tone-tag.tsx';
import { logout } from '../features/auth/api/logout.ts';
import { permissionsOf, useOperator } from '../lib/session-store.ts';
import { consolePages } from './console-pages.tsx';

/**
 * The signed-in frame: a side menu with only the pages the operator's role permits (from the one
 * permission list in packages/contracts), and a header with who is signed in, in which role.
 */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const operator = useOperator();
  const location = useLocation();
  const navigation = useNavigation();
  const [isMenuCollapsed, setMenuCollapsed] = useState(false);
  if (!operator) return <Navigate to="/login" replace />;

  const permissions = permissionsOf(operator);
  const visiblePages = consolePages.filter(
    (page) => !page.isHiddenFromMenu && (page.permission === undefined || permissions.includes(page.permission)),
  );
  const selected = visiblePages.find((page) => location.pathname === `/${page.path}` || location.pathname.startsWith(`/${page.path}/`));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={0}
        collapsed={isMenuCollapsed}
        onCollapse={setMenuCollapsed}
        width={220}
        zeroWidthTriggerStyle={{ top: 12 }}
      >
        <div className="console-brand">{t('app.name')}</div>
        <nav aria-label={t('nav.menu')}>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={selected ? [selected.path] : []}
            items={visiblePages.map((page) => ({
              key: page.path,
              icon: page.icon,
              label: <Link to={`/${page.path}`}>{t(page.titleKey)}</Link>,
            }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <Flex align="center" gap={8} style={{ minWidth: 0 }}>
            <Typography.Text ellipsis data-testid="operator-email">
              {operator.email}
            </Typography.Text>
            <ToneTag tone="blue" testId="operator-role">
              {t(`roles.${operator.role}`)}
            </ToneTag>
          </Flex>
          <Flex align="center" gap={8}>
            <LanguageSelect />
            <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
              {t('auth.logout')}
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content className="console-content">
          <main>
            {navigation.state === 'loading' ? <Spin style={{ display: 'block', marginBottom: 8 }} /> : null}
            <Suspense fallback={<Spin />}>
              <Outlet />
            </Suspense>
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** A page that failed to load or render (a new build replaced its chunk, a bug): say so and offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <Result
      status="error"
      title={t('common.pageError')}
      subTitle={error instanceof Error ? error.message : undefined}
      extra={<Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>}
    />
  );
}
