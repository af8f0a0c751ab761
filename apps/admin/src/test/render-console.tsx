import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FeedbackBridge } from '../app/feedback-bridge.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { routeObjects } from '../app/router.tsx';

/** The whole console (real routes, query client and toasts) at one path, in memory. */
export function renderConsole(path: string) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  const view = render(
    <AntdApp>
      <FeedbackBridge />
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntdApp>,
  );
  return { ...view, router };
}
