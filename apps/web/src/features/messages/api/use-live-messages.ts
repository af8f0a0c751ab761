import { useTranslation } from '@bolsa/client-kit/i18n';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type PushClient, pushClient } from '../../../lib/push-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { alertsQueryScope, followQueryScope, loansQueryScope } from '../../../lib/query-scopes.ts';
import { useToken } from '../../../lib/session-store.ts';

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * Follows a signed-in user's new messages over the push socket: the inbox and its unread badge are
 * fetched again, a toast names the new message, a verification result refreshes the KYC state and a
 * loan's decision or reminder its loan screens.
 * Exported apart from the hook so a test can drive it with a fake client.
 */
export function followLiveMessages(options: {
  client: PushClient;
  token: string | null;
  queryClient: QueryClient;
  language: () => string;
  t: Translate;
}): () => void {
  const { client, token, queryClient, t } = options;
  client.signIn(token);
  if (!token) return () => undefined;
  const stopEvents = client.onUserEvent((event) => {
    if (event.template === 'kycVerified' || event.template === 'kycRejected') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.kycState });
    }
    // A loan decided or due: its screens show the new state without a reload.
    if (event.template?.startsWith('loan')) void queryClient.invalidateQueries({ queryKey: loansQueryScope });
    if (event.template?.startsWith('follow')) void queryClient.invalidateQueries({ queryKey: followQueryScope });
    // A price alert fired: its lists show it fired without a reload.
    if (event.template?.startsWith('priceAlert')) void queryClient.invalidateQueries({ queryKey: alertsQueryScope });
    void (async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.messages });
      // Support's answer is announced by the chat button itself (its badge and notice): one toast, not two.
      if (event.template === 'supportReplied') return;
      // The text comes from the API, rendered in the reader's language; the event carries only the id.
      // The inbox query (with the contracts' schemas) and the toast (with antd-mobile) load on the first
      // message, not with the app shell that mounts this: they stay out of the first bundle.
      const [{ messagesQueryOptions }, { showToast }] = await Promise.all([import('./get-messages.ts'), import('../../../lib/toast.ts')]);
      const inbox = await queryClient.fetchQuery(messagesQueryOptions(options.language())).catch(() => undefined);
      const message = inbox?.list.find((candidate) => candidate.id === event.id);
      showToast(message ? t('messages.newMessageNamed', { title: message.title }) : t('messages.newMessage'));
    })();
  });
  // Events sent while the socket was down (or before its sign-in was confirmed) are lost: each
  // (re)confirmed sign-in fetches again everything an event would have refreshed, the verification too.
  const stopSignedIn = client.onSignedIn(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.messages });
    void queryClient.invalidateQueries({ queryKey: queryKeys.kycState });
    void queryClient.invalidateQueries({ queryKey: loansQueryScope });
    void queryClient.invalidateQueries({ queryKey: alertsQueryScope });
  });
  return () => {
    stopEvents();
    stopSignedIn();
  };
}

/** Mounted once by the app shell: live messages for whoever is signed in, nothing for a visitor. */
export function useLiveMessages() {
  const token = useToken();
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation();
  useEffect(
    () =>
      followLiveMessages({ client: pushClient(), token, queryClient, language: () => i18n.language, t: (key, values) => t(key, values) }),
    [token, queryClient, i18n, t],
  );
}
