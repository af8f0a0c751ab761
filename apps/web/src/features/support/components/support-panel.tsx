import { useTranslation } from '@bolsa/client-kit/i18n';
import { API_BASE_PATH, type SupportMessage, supportImagePath } from '@bolsa/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { buildHeaders } from '../../../lib/api-client.ts';
import { useToken } from '../../../lib/session-store.ts';
import { showError } from '../../../lib/toast.ts';
import { uploadAccept, uploadFile } from '../../../lib/upload-file.ts';
import { type ChatConnection, type ChatState, createChatConnection } from '../api/chat-connection.ts';
import { deviceToken } from '../api/device-token.ts';
import { openConversation, rateConversation } from '../api/support-api.ts';
import '../support.css';

/**
 * A chat image is served to the conversation's own user or device only: a stored message's (an agent's, or
 * the user's) through the chat's image call, one still on its way from the user's own upload; fetched with
 * the session's headers and shown from memory.
 */
function ChatImage({ url, messageId }: { url: string; messageId: string }) {
  const { t } = useTranslation();
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    const controller = new AbortController();
    const request: RequestInit =
      messageId === ''
        ? { headers: buildHeaders(false) }
        : { method: 'POST', headers: buildHeaders(true), body: JSON.stringify({ deviceToken: deviceToken(), messageId }) };
    void fetch(messageId === '' ? url : `${API_BASE_PATH}${supportImagePath}`, { ...request, signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob) return;
        objectUrl = URL.createObjectURL(blob);
        setSource(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, messageId]);
  return source ? <img className="support-image" src={source} alt={t('support.image')} /> : <span>{t('support.image')}</span>;
}

function MessageRow({ message, receipt }: { message: SupportMessage; receipt: string | null }) {
  const { t } = useTranslation();
  if (message.author === 'system') {
    const text = message.systemEvent === 'rated' ? t('support.ratedNotice', { rating: message.text ?? '' }) : t('support.closedNotice');
    return <li className="support-system">{text}</li>;
  }
  const isAgent = message.author === 'agent';
  return (
    <li className={isAgent ? 'support-row is-agent' : 'support-row is-user'}>
      {isAgent && (
        <span className="support-agent">
          {message.agentName}
          <span className="support-verified">✓ {t('support.verifiedAgent')}</span>
        </span>
      )}
      <div className="support-bubble">
        {message.imageUrl ? <ChatImage url={message.imageUrl} messageId={message.id} /> : null}
        {message.text ? <span className="support-text">{message.text}</span> : null}
      </div>
      {receipt && <span className="support-receipt">{receipt}</span>}
    </li>
  );
}

/** The receipt under the user's last message: sending, sent, or read by the agent. */
function receiptOf(state: ChatState, message: SupportMessage, t: (key: string) => string): string | null {
  if (message.author !== 'user') return null;
  const lastUser = state.messages.filter((candidate) => candidate.author === 'user').at(-1);
  if (lastUser !== message) return null;
  if (message.id === '') return t('support.sending');
  return state.agentReadUpTo !== null && Number(state.agentReadUpTo) >= Number(message.id) ? t('support.read') : t('support.sent');
}

function Rating() {
  const { t } = useTranslation();
  return (
    <div className="support-rating">
      <span>{t('support.rateQuestion')}</span>
      <div className="support-stars">
        {[1, 2, 3, 4, 5].map((count) => (
          <button
            key={count}
            type="button"
            aria-label={t('support.rateStars', { count })}
            onClick={() => void rateConversation(count).catch(showError)}
          >
            ★
          </button>
        ))}
      </div>
    </div>
  );
}

/** Opens the conversation over HTTP (its link and latest messages), then follows it on its socket. */
function useChat(token: string | null) {
  const [state, setState] = useState<ChatState | null>(null);
  const connection = useRef<ChatConnection | null>(null);
  useEffect(() => {
    let isLive = true;
    void openConversation()
      .then((conversation) => {
        if (!isLive) return;
        const { id, messages, agentReadUpTo, status, isRatingAsked } = conversation;
        connection.current = createChatConnection({
          token,
          deviceToken: deviceToken(),
          url: conversation.wsUrl,
          initial: { conversationId: id, messages, agentReadUpTo, status, isRatingAsked },
          onChange: setState,
        });
      })
      .catch(showError);
    return () => {
      isLive = false;
      connection.current?.close();
      connection.current = null;
    };
  }, [token]);
  return { state, connection };
}

/** The customer-service pop-up: the conversation, a safety notice, read receipts, typing, images, a rating. */
export function SupportPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const token = useToken();
  const titleId = useId();
  const { state, connection } = useChat(token);
  const [draft, setDraft] = useState('');
  const listEnd = useRef<HTMLLIElement>(null);
  const messages = state?.messages ?? [];
  const lastAgentId = messages.filter((message) => message.author === 'agent').at(-1)?.id;

  useEffect(() => {
    if (lastAgentId) connection.current?.markRead(lastAgentId);
  }, [lastAgentId, connection]);
  const messageCount = messages.length;
  useEffect(() => {
    if (messageCount > 0) listEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [messageCount]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || !connection.current) return;
    connection.current.send({ text });
    setDraft('');
  };
  const attach = (file: File | undefined) => {
    if (file) void uploadFile(file).then(({ url }) => connection.current?.send({ imageUrl: url }), showError);
  };

  return (
    <div className="support-panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <header className="support-header">
        <h2 id={titleId}>{t('support.title')}</h2>
        <button type="button" className="support-close" aria-label={t('support.close')} onClick={onClose}>
          ×
        </button>
      </header>
      <p className="support-safety" role="note">
        {t('support.safety')}
      </p>
      {!token && <p className="support-note">{t('support.visitorNote')}</p>}
      {state?.connection === 'offline' && <p className="support-note">{t('support.offline')}</p>}
      <ol className="support-messages" aria-live="polite">
        {messages.length === 0 && <li className="support-system">{t('support.empty')}</li>}
        {messages.map((message) => (
          <MessageRow key={message.id || message.clientKey} message={message} receipt={state ? receiptOf(state, message, t) : null} />
        ))}
        <li ref={listEnd} aria-hidden="true" />
      </ol>
      {state?.isAgentTyping && <p className="support-typing">{t('support.typing')}</p>}
      {state?.isRatingAsked && <Rating />}
      {state?.error && (
        <p className="support-error" role="alert">
          {state.error}
        </p>
      )}
      <form className="support-composer" onSubmit={submit}>
        {token && (
          <label className="support-attach">
            <span className="visually-hidden">{t('support.attach')}</span>
            <input type="file" accept={uploadAccept} onChange={(event) => attach(event.target.files?.[0])} />
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path fill="currentColor" d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z" />
            </svg>
          </label>
        )}
        <input
          className="support-input"
          value={draft}
          maxLength={2000}
          placeholder={t('support.placeholder')}
          aria-label={t('support.placeholder')}
          onChange={(event) => {
            setDraft(event.target.value);
            connection.current?.typing();
          }}
        />
        <button type="submit" className="support-send" disabled={!draft.trim() || state === null}>
          {t('support.send')}
        </button>
      </form>
    </div>
  );
}
