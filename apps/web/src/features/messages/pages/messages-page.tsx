import { useTranslation } from '@bolsa/client-kit/i18n';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { formatDate } from '../../../lib/format.ts';
import { showError } from '../../../lib/toast.ts';
import { useMessages } from '../api/get-messages.ts';
import { useMarkAllRead, useReadMessage } from '../api/read-message.ts';
import '../messages.css';

/** The inbox: what happened to the user's money and identity, and what operators wrote. Opening one marks it read. */
export function MessagesPage() {
  const { t } = useTranslation();
  const inbox = useMessages();
  const readMessage = useReadMessage();
  const markAllRead = useMarkAllRead();
  const [openId, setOpenId] = useState<string | null>(null);

  const open = (id: string, isRead: boolean) => {
    setOpenId((current) => (current === id ? null : id));
    if (!isRead) readMessage.mutate(id, { onError: showError });
  };

  return (
    <>
      <NavBar title={t('messages.title')} />
      <div className="page-body">
        {inbox.isPending ? (
          <ListSkeleton rows={4} />
        ) : !inbox.data || inbox.data.list.length === 0 ? (
          <EmptyState title={t('messages.emptyTitle')} description={t('messages.emptyDescription')} />
        ) : (
          <>
            {inbox.data.unreadCount > 0 ? (
              <button type="button" className="button button-block" onClick={() => markAllRead.mutate(undefined, { onError: showError })}>
                {t('messages.markAllRead')}
              </button>
            ) : null}
            <ul className="message-list">
              {inbox.data.list.map((message) => (
                <li key={message.id} className={`message-item${message.isRead ? '' : ' is-unread'}`}>
                  <button
                    type="button"
                    className="message-head"
                    aria-expanded={openId === message.id}
                    onClick={() => open(message.id, message.isRead)}
                  >
                    <span className="message-title">
                      {message.isRead ? null : <span className="visually-hidden">{t('messages.unreadLabel')} </span>}
                      {message.title}
                    </span>
                    <span className="message-time">{formatDate(message.createTimestamp)}</span>
                  </button>
                  {openId === message.id ? <p className="message-content">{message.content}</p> : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}
