import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { type PageGuard, type PageLayout as PageLayoutKind, type PageName, pages, sessionFolders } from '../lib/pages.ts';
import { PageLayout, RequireAuth, RootLayout, RootRedirect, TabLayout } from './layouts.tsx';
import { pageLoaders } from './page-loaders.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

/**
 * Every page of `lib/pages.ts` becomes a route under its layout and guard, loaded on demand (see
 * `page-loaders.ts`). Features never import each other; this file composes them.
 *
 * The routes are plain elements, rendered by the router's declarative mode (`useRoutes` under a
 * `HashRouter`): its data mode (`createHashRouter`) weighs about 17 KB more compressed on every first
 * screen, for loaders and actions the app does not use. Pages load with `React.lazy`; route changes
 * are transitions, so the page on screen stays until the next one has loaded, as before.
 */

/** One lazy component per loader, made once so a page keeps its state across renders. */
function lazyPage(load: () => Promise<ComponentType>): ReactNode {
  const Page = lazy(async () => ({ default: await load() }));
  return <Page />;
}

const notFound: Pick<RouteObject, 'element'> = {
  element: lazyPage(async () => (await import('../components/page-not-found.tsx')).PageNotFound),
};

function routesOf(layout: PageLayoutKind, guard: PageGuard): RouteObject[] {
  return (Object.keys(pages) as PageName[])
    .filter((name) => pages[name].layout === layout && pages[name].guard === guard)
    .map((name) => ({ path: pages[name].path.slice(1), element: lazyPage(pageLoaders[name]) }));
}

export const routeObjects: RouteObject[] = [
  {
    path: '/',
    // A page that fails to load or render shows the error page in place of the whole frame; one Suspense
    // boundary that never unmounts, so a route change (a transition) keeps the current page meanwhile.
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={null}>
          <RootLayout />
        </Suspense>
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <RootRedirect /> },
      {
        element: <TabLayout />,
        children: [...routesOf('tab', 'public'), { element: <RequireAuth />, children: routesOf('tab', 'session') }],
      },
      {
        element: <PageLayout />,
        children: [
          ...routesOf('pushed', 'public'),
          {
            element: <RequireAuth />,
            children: [
              ...routesOf('pushed', 'session'),
              // Every other page under these folders needs a session too.
              ...sessionFolders.map((folder) => ({ path: `pages/${folder}/*`, ...notFound })),
            ],
          },
          { path: '*', ...notFound },
        ],
      },
    ],
  },
];

/** The app's routes, rendered under the `HashRouter` of `app.tsx`. */
export function AppRoutes() {
  return useRoutes(routeObjects);
}
