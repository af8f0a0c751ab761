import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter } from 'react-router';
import { createQueryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </QueryClientProvider>
  );
}
