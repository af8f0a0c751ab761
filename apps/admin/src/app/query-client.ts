import { createQueryClient as createSharedQueryClient } from '@bolsa/client-kit/query-client';
import type { QueryClient } from '@tanstack/react-query';
import { showError } from '../lib/feedback.ts';

/** Every failed action shows the server's translated message; pages show their own success line. */
export function createQueryClient(): QueryClient {
  return createSharedQueryClient({ staleTime: 10_000, onMutationError: showError });
}
