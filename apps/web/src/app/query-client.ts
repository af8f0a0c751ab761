import { createQueryClient as createSharedQueryClient } from '@bolsa/client-kit/query-client';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Mutation failures show as a two-second toast; the toast module (and antd-mobile with it) loads
 * only when the first one is needed, keeping it out of the first bundle.
 */
export function createQueryClient(): QueryClient {
  return createSharedQueryClient({
    staleTime: 30_000,
    onMutationError: (error) => {
      void import('../lib/toast.ts').then(({ showError }) => showError(error));
    },
  });
}
