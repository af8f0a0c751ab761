import { operatorOutboxApi } from '@bolsa/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type OutboxEntry = z.infer<typeof operatorOutboxApi.outbox.data>[number];

export function useOutbox() {
  return useQuery({
    queryKey: ['outbox'],
    queryFn: ({ signal }) => callApi(operatorOutboxApi.outbox, { signal }),
  });
}
