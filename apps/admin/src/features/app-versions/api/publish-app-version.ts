import { operatorApi } from '@bolsa/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type PublishAppVersionInput = z.input<typeof operatorApi.publishAppVersion.body>;
export type PublishedAppVersion = z.infer<typeof operatorApi.publishAppVersion.data>;

export function usePublishAppVersion() {
  return useMutation({
    mutationFn: (input: PublishAppVersionInput) => callApi(operatorApi.publishAppVersion, { body: input }),
  });
}
