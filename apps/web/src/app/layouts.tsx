import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useLiveMessages } from '../features/messages/api/use-live-messages.ts';
import { useLiveTrading } from '../features/trade/api/use-live-trading.ts';
import { useLiveBalances } from '../features/wallet/api/use-live-balances.ts';
import { loginRouteBackTo } from '../lib/navigation.ts';
import { pagePath } from '../lib/pages.ts';
import { useToken } from '../lib/session-store.ts';
import { TabBar } from './tab-bar.tsx';
import { useQuitGuard } from './use-quit-guard.ts';
import { useScrollRestoration } from './use-scroll-restoration.ts';

/** The support chat's button: a chunk of its own, loaded after the first screen (whose budget it stays out of). */
const SupportButton = lazy(async () => ({ default: (await import('../features/support/components/support-button.tsx')).SupportButton }));

/** The centred frame (design width 375, at most 960 wide) around every page, with the support chat's button. */
export function RootLayout() {
  useLiveMessages();
  useLiveTrading();
  useLiveBalances();
  useScrollRestoration();
  return (
    <div className="app-frame">
      <Outlet />
      <Suspense fallback={null}>
        <SupportButton />
      </Suspense>
    </div>
  );
}

/** Tab pages: content above the fixed 50px tab bar; they are quit pages. */
export function TabLayout() {
  useQuitGuard();
  return (
    <>
      <main className="app-main has-tab-bar">
        <Outlet />
      </main>
      <TabBar />
    </>
  );
}

/** Pushed pages: no tab bar; each page brings its own navigation bar with a back button. */
export function PageLayout() {
  return (
    <main className="app-main">
      <Outlet />
    </main>
  );
}

/** Pages that need a session send visitors to login, remembering where they were going. */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  if (!token) {
    return <Navigate to={loginRouteBackTo(`${location.pathname}${location.search}`)} replace />;
  }
  return <Outlet />;
}

/** `/` is the entry and aliases the home page (spec §2); query parameters are kept. */
export function RootRedirect() {
  const location = useLocation();
  return <Navigate to={{ pathname: pagePath('home'), search: location.search }} replace />;
}
