import type { SupportMessage, SupportSocketServerMessage } from '@bolsa/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChatState, createChatConnection } from './chat-connection.ts';

/** A socket the test drives: what the client sent, and the server's side (open, events, drop). */
function fakeSocket() {
  const socket = {
    readyState: 0,
    sent: [] as Array<Record<string, unknown>>,
    onopen: null as ((event: Event) => void) | null,
    onmessage: null as ((event: MessageEvent) => void) | null,
    onclose: null as ((event: CloseEvent) => void) | null,
    send(data: string) {
      socket.sent.push(JSON.parse(data) as Record<string, unknown>);
    },
    close() {
      socket.readyState = 3;
    },
    open() {
      socket.readyState = 1;
      socket.onopen?.(new Event('open'));
    },
    receive(event: SupportSocketServerMessage) {
      socket.onmessage?.({ data: JSON.stringify(event) } as MessageEvent);
    },
    drop() {
      socket.readyState = 3;
      socket.onclose?.({} as CloseEvent);
    },
  };
  return socket;
}

const message = (id: string, author: SupportMessage['author'], text: string, clientKey: string | null = null): SupportMessage => ({
  id,
  author,
  agentName: author === 'agent' ? 'ana' : null,
  text,
  imageUrl: null,
  systemEvent: null,
  clientKey,
  createTimeTimestamp: 1,
});
const joined = (messages: SupportMessage[]): SupportSocketServerMessage => ({
  type: 'joined',
  conversationId: '7',
  messages,
  agentReadUpTo: null,
  userReadUpTo: null,
  status: 'open',
  isRatingAsked: false,
});

afterEach(() => vi.useRealTimers());

describe('the chat connection', () => {
  it('joins with the last id it holds, and after a drop asks only for what came after the last one it saw', async () => {
    vi.useFakeTimers();
    const sockets: ReturnType<typeof fakeSocket>[] = [];
    let state: ChatState | undefined;
    const chat = createChatConnection({
      token: null,
      deviceToken: 'device-token-0123456789',
      url: 'ws://test/web/support/socket',
      initial: { conversationId: '7', messages: [message('3', 'user', 'hola')], agentReadUpTo: null, status: 'open', isRatingAsked: false },
      createSocket: () => {
        const socket = fakeSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
      onChange: (next) => {
        state = next;
      },
    });
    sockets[0]?.open();
    expect(sockets[0]?.sent[0]).toEqual({ op: 'join', token: null, deviceToken: 'device-token-0123456789', afterId: '3' });
    sockets[0]?.receive(joined([]));
    sockets[0]?.receive({ type: 'message', message: message('5', 'agent', 'buenas') });
    sockets[0]?.drop();
    expect(state?.connection).toBe('offline');

    // Written while offline: kept as sending, sent with the same key once joined again.
    chat.send({ text: 'sigo aquí' });
    expect(state?.messages.at(-1)).toMatchObject({ id: '', text: 'sigo aquí' });
    await vi.advanceTimersByTimeAsync(600);
    sockets[1]?.open();
    expect(sockets[1]?.sent[0]).toMatchObject({ op: 'join', afterId: '5' });
    sockets[1]?.receive(joined([message('6', 'agent', 'missed while away')]));
    const resent = sockets[1]?.sent.find((sent) => sent.op === 'send');
    expect(resent).toMatchObject({ text: 'sigo aquí' });
    sockets[1]?.receive({ type: 'message', message: message('8', 'user', 'sigo aquí', String(resent?.clientKey)) });
    expect(state?.messages.map((shown) => [shown.id, shown.text])).toEqual([
      ['3', 'hola'],
      ['5', 'buenas'],
      ['6', 'missed while away'],
      ['8', 'sigo aquí'],
    ]);
    chat.close();
  });

  it('shows the agent typing for a while, the agent read receipt, and a refusal', async () => {
    vi.useFakeTimers();
    const socket = fakeSocket();
    let state: ChatState | undefined;
    const chat = createChatConnection({
      token: 'session',
      deviceToken: 'device-token-0123456789',
      createSocket: () => socket as unknown as WebSocket,
      url: 'ws://test/x',
      onChange: (next) => {
        state = next;
      },
    });
    chat.markRead('4');
    socket.open();
    socket.receive(joined([message('4', 'agent', 'hola')]));
    expect(socket.sent.at(-1)).toEqual({ op: 'read', upToId: '4' });
    socket.receive({ type: 'typing', author: 'agent' });
    expect(state?.isAgentTyping).toBe(true);
    await vi.advanceTimersByTimeAsync(4_100);
    expect(state?.isAgentTyping).toBe(false);
    socket.receive({ type: 'read', author: 'agent', upToId: '9' });
    expect(state?.agentReadUpTo).toBe('9');
    socket.receive({ type: 'error', message: 'Escriba un mensaje' });
    expect(state?.error).toBe('Escriba un mensaje');
    chat.close();
  });
});
