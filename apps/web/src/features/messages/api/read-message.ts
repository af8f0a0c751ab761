import { type Message, messagesApi } from '@bolsa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /web/userMessage/{id}: opening a message marks it read. */
export function readMessage(id: string): Promise<Message> {
  return apiRequest<Message>(messagesApi.detail.path.replace(':id', encodeURIComponent(id)), { method: 'GET' });
}

/** POST /web/userMessage/updateRead with all: every message read. */
export function markAllRead(): Promise<{ unreadCount: number }> {
  return apiRequest<{ unreadCount: number }>(messagesApi.markRead.path, { method: 'POST', body: { all: true } });
}

export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: readMessage, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages }) });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markAllRead, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages }) });
}
