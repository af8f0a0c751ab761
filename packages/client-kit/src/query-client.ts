import { MutationCache, QueryClient } from '@tanstack/react-query';

/** Failed calls that a retry cannot fix: the server answered with a code (0 means the network failed). */
export function isFinalError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && code !== 0;
}

export type QueryClientConfig = {
  /** How long a fetched answer counts as fresh, in milliseconds. */
  staleTime: number;
  /** Shows a failed mutation to the user (each app has its own toast or message). */
  onMutationError: (error: unknown) => void;
};

/**
 * The query client of both apps: a failed query is retried once unless the server answered with a
 * code, windows regaining focus do not refetch, and mutations are never retried.
 */
export function createQueryClient(config: QueryClientConfig): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isFinalError(error) && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: config.staleTime,
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({ onError: (error) => config.onMutationError(error) }),
  });
}
