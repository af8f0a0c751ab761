import { operatorAppVersionApi } from '@bolsa/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type PublishAppVersionInput = z.input<typeof operatorAppVersionApi.publish.body>;
export type PublishedAppVersion = z.infer<typeof operatorAppVersionApi.publish.data>;

export function usePublishAppVersion() {
  return useMutation({
    mutationFn: (input: PublishAppVersionInput) => callApi(operatorAppVersionApi.publish, { body: input }),
  });
}
