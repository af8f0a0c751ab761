import type { Message } from '@bolsa/contracts';
import { messagesRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /web/userMessage/{id}: opening a message marks it read. */
export function readMessage(id: string): Promise<Message> {
  return callApi(messagesRoutes.detail, { params: { id } });
}

/** POST /web/userMessage/updateRead with all: every message read. */
export function markAllRead(): Promise<{ unreadCount: number }> {
  return callApi(messagesRoutes.markRead, { body: { all: true } });
}

export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: readMessage, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages }) });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markAllRead, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages }) });
}
