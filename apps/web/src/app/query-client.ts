import { MutationCache, QueryClient } from '@tanstack/react-query';

/** Failed calls that a retry cannot fix: the server answered with a code (0 means the network failed). */
function isFinalError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && code !== 0;
}

/**
 * Mutation failures show as a two-second toast; the toast module (and antd-mobile with it) loads
 * only when the first one is needed, keeping it out of the first bundle.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isFinalError(error) && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error) => {
        void import('../lib/toast.ts').then(({ showError }) => showError(error));
      },
    }),
  });
}
