import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Message } from '@bolsa/contracts';
import { messagesRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type Inbox = { list: Message[]; total: number; pageNum: number; pageSize: number; hasMore: boolean; unreadCount: number };

/** GET /web/userMessage/getMessage: the newest messages and how many are unread. */
export function getMessages(signal?: AbortSignal): Promise<Inbox> {
  return callApi(messagesRoutes.list, { query: { pageNum: 1, pageSize: 50 }, signal });
}

/** System messages are rendered in the reader's language, so the language is part of the key. */
export const messagesQueryOptions = (language: string) =>
  queryOptions({
    queryKey: [...queryKeys.messages, language],
    queryFn: ({ signal }) => getMessages(signal),
    // No polling: new messages arrive over the push socket (use-live-messages.ts), which refetches this.
  });

export function useMessages() {
  const { i18n } = useTranslation();
  return useQuery(messagesQueryOptions(i18n.language));
}
