import { createHashRouter, type RouteObject } from 'react-router';
import { RouteError } from '../components/route-error.tsx';
import { type PageGuard, type PageLayout as PageLayoutKind, type PageName, pages, sessionFolders } from '../lib/pages.ts';
import { PageLayout, RequireAuth, RootLayout, RootRedirect, TabLayout } from './layouts.tsx';
import { pageLoaders } from './page-loaders.ts';

/**
 * Every page of `lib/pages.ts` becomes a route under its layout and guard, loaded on demand (see
 * `page-loaders.ts`). Features never import each other; this file composes them.
 */

const notFound: Pick<RouteObject, 'lazy'> = {
  lazy: async () => ({ Component: (await import('../components/page-not-found.tsx')).PageNotFound }),
};

function routesOf(layout: PageLayoutKind, guard: PageGuard): RouteObject[] {
  return (Object.keys(pages) as PageName[])
    .filter((name) => pages[name].layout === layout && pages[name].guard === guard)
    .map((name) => ({
      path: pages[name].path.slice(1),
      lazy: async () => ({ Component: await pageLoaders[name]() }),
    }));
}

export const routeObjects: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      { index: true, Component: RootRedirect },
      {
        Component: TabLayout,
        children: [...routesOf('tab', 'public'), { Component: RequireAuth, children: routesOf('tab', 'session') }],
      },
      {
        Component: PageLayout,
        children: [
          ...routesOf('pushed', 'public'),
          {
            Component: RequireAuth,
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

export function createAppRouter() {
  return createHashRouter(routeObjects);
}
