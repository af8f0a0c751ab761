import { operatorMessagesApi } from '@bolsa/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type SendMessageInput = z.input<typeof operatorMessagesApi.send.body>;

export function useSendMessage() {
  return useMutation({
    mutationFn: (input: SendMessageInput) => callApi(operatorMessagesApi.send, { body: input }),
  });
}
