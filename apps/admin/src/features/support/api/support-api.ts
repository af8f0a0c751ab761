import { fillPath } from '@bolsa/client-kit/api-client';
import { operatorSupportApi, operatorSupportImagePath, type SupportSocketServerMessage, supportSocketPath } from '@bolsa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError, buildHeaders, buildUrl, callApi, handleUnauthorized } from '../../../lib/api-client.ts';
import { getOperatorToken } from '../../../lib/session-store.ts';

export type SupportQueue = z.infer<typeof operatorSupportApi.queue.data>;
export type SupportDetail = z.infer<typeof operatorSupportApi.detail.data>;
export type QueueStatus = 'open' | 'closed' | 'all';

export const QUEUE_PAGE_SIZE = 20;
/**
 * The queue is live: the support socket tells the console which conversations changed and the page is
 * read again (at most once a second). A slow read every minute covers a socket that was down.
 */
const QUEUE_SAFETY_REFRESH_MS = 60_000;
const QUEUE_REREAD_MIN_MS = 1_000;

export function useSupportQueue(status: QueueStatus, pageNum: number) {
  return useQuery({
    queryKey: ['support', 'queue', status, pageNum],
    queryFn: ({ signal }) => callApi(operatorSupportApi.queue, { query: { status, pageNum, pageSize: QUEUE_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_SAFETY_REFRESH_MS,
  });
}

export function useSupportConversation(id: string | undefined) {
  return useQuery({
    queryKey: ['support', 'conversation', id],
    queryFn: ({ signal }) => callApi(operatorSupportApi.detail, { params: { id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}

export function useCannedReplies() {
  return useQuery({ queryKey: ['support', 'canned'], queryFn: ({ signal }) => callApi(operatorSupportApi.cannedReplies, { signal }) });
}

/** Every agent act (audited on the server), then the conversation and the queue read again. */
export function useSupportAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action: { id: string } & (
        | { kind: 'reply'; text: string; clientKey: string }
        | { kind: 'note'; text: string }
        | { kind: 'read'; upToId: string }
        | { kind: 'assign' }
        | { kind: 'close' }
      ),
    ): Promise<unknown> => {
      const params = { id: action.id };
      if (action.kind === 'reply')
        return callApi(operatorSupportApi.reply, { params, body: { text: action.text, clientKey: action.clientKey } });
      if (action.kind === 'note') return callApi(operatorSupportApi.note, { params, body: { text: action.text } });
      if (action.kind === 'read') return callApi(operatorSupportApi.read, { params, body: { upToId: action.upToId } });
      if (action.kind === 'assign') return callApi(operatorSupportApi.assign, { params });
      return callApi(operatorSupportApi.close, { params });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['support'] }),
  });
}

/** Sends the user an image (multipart, stored through the uploads module on the server), then reads the conversation again. */
export function useSendImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      const response = await fetch(buildUrl(fillPath(operatorSupportImagePath, { id })), {
        method: 'POST',
        headers: buildHeaders(false),
        body: form,
        credentials: 'same-origin',
      });
      const payload = (await response.json().catch(() => undefined)) as { code?: number; msg?: string } | undefined;
      if (response.status === 401) handleUnauthorized();
      if (payload?.code !== 200) throw new ApiError(payload?.msg ?? response.statusText, payload?.code ?? response.status);
      return payload;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['support'] }),
  });
}

export function useSaveCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof operatorSupportApi.saveCannedReply.body>) => callApi(operatorSupportApi.saveCannedReply, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['support', 'canned'] }),
  });
}

/**
 * Watches one conversation on the support socket: a user's message, read receipt or status change reads
 * the conversation again; the user's typing shows for a few seconds. Answers whether the user is typing
 * and a function that tells the user the agent is.
 */
export function useConversationSocket(id: string | undefined) {
  const queryClient = useQueryClient();
  const [isUserTyping, setUserTyping] = useState(false);
  const socket = useRef<WebSocket | null>(null);
  const lastTypingAt = useRef(0);
  useEffect(() => {
    if (id === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let isClosed = false;
    const connect = () => {
      const created = new WebSocket(supportSocketUrl());
      socket.current = created;
      created.onopen = () =>
        created.send(JSON.stringify({ op: 'watch', operatorToken: getOperatorToken() ?? '', conversationId: id, afterId: null }));
      created.onmessage = (raw) => {
        const event = JSON.parse(String(raw.data)) as SupportSocketServerMessage;
        if (event.type === 'typing' && event.author === 'user') {
          setUserTyping(true);
          if (timer) clearTimeout(timer);
          timer = setTimeout(() => setUserTyping(false), 4_000);
          return;
        }
        if (event.type === 'message' && event.message.author === 'user') setUserTyping(false);
        if (event.type === 'message' || event.type === 'read' || event.type === 'status' || event.type === 'joined') {
          void queryClient.invalidateQueries({ queryKey: ['support', 'conversation', id] });
        }
      };
      created.onclose = () => {
        if (!isClosed) reconnect = setTimeout(connect, 2_000);
      };
    };
    connect();
    return () => {
      isClosed = true;
      if (timer) clearTimeout(timer);
      if (reconnect) clearTimeout(reconnect);
      socket.current?.close();
      socket.current = null;
    };
  }, [id, queryClient]);
  const typing = () => {
    if (Date.now() - lastTypingAt.current < 2_500 || socket.current?.readyState !== WebSocket.OPEN) return;
    lastTypingAt.current = Date.now();
    socket.current.send(JSON.stringify({ op: 'typing' }));
  };
  return { isUserTyping, typing };
}

function supportSocketUrl() {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${supportSocketPath}`;
}

/**
 * Follows the queue on the support socket: a new conversation, a user's message, an answer, an assignment
 * or a closing reads the queue again (grouped: at most once a second), and so does a reconnect. Answers
 * whether the socket is live.
 */
export function useQueueSocket() {
  const queryClient = useQueryClient();
  const [isLive, setLive] = useState(false);
  useEffect(() => {
    let isClosed = false;
    let socket: WebSocket | null = null;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let lastReadAt = 0;
    const reread = () => {
      if (pending) return;
      const wait = Math.max(0, lastReadAt + QUEUE_REREAD_MIN_MS - Date.now());
      pending = setTimeout(() => {
        pending = undefined;
        lastReadAt = Date.now();
        void queryClient.invalidateQueries({ queryKey: ['support', 'queue'] });
      }, wait);
    };
    const connect = () => {
      const created = new WebSocket(supportSocketUrl());
      socket = created;
      created.onopen = () => created.send(JSON.stringify({ op: 'watchQueue', operatorToken: getOperatorToken() ?? '' }));
      created.onmessage = (raw) => {
        const event = JSON.parse(String(raw.data)) as SupportSocketServerMessage;
        if (event.type !== 'queue') return;
        setLive(true);
        reread();
      };
      created.onclose = () => {
        setLive(false);
        if (!isClosed) reconnect = setTimeout(connect, 2_000);
      };
    };
    connect();
    return () => {
      isClosed = true;
      if (reconnect) clearTimeout(reconnect);
      if (pending) clearTimeout(pending);
      socket?.close();
    };
  }, [queryClient]);
  return isLive;
}
