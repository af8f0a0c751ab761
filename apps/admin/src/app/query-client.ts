import { MutationCache, QueryClient } from '@tanstack/react-query';
import { showError } from '../lib/feedback.ts';

/** Failed calls that a retry cannot fix: the server answered with a code (0 means the network failed). */
function isFinalError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && code !== 0;
}

/** Every failed action shows the server's translated message; pages show their own success line. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isFinalError(error) && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({ onError: (error) => showError(error) }),
  });
}
