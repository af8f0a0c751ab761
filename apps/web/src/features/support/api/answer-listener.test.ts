import type { SupportMessage, SupportSocketServerMessage } from '@bolsa/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenForAnswers } from './answer-listener.ts';

function fakeSocket() {
  const socket = {
    sent: [] as Array<Record<string, unknown>>,
    isClosed: false,
    onopen: null as ((event: Event) => void) | null,
    onmessage: null as ((event: MessageEvent) => void) | null,
    onclose: null as ((event: CloseEvent) => void) | null,
    send(data: string) {
      socket.sent.push(JSON.parse(data) as Record<string, unknown>);
    },
    close() {
      socket.isClosed = true;
    },
    receive(event: SupportSocketServerMessage) {
      socket.onmessage?.({ data: JSON.stringify(event) } as MessageEvent);
    },
  };
  return socket;
}

const message = (id: string, author: SupportMessage['author']): SupportMessage => ({
  id,
  author,
  agentName: author === 'agent' ? 'ana' : null,
  text: 'hola',
  imageUrl: null,
  systemEvent: null,
  clientKey: null,
  createTimeTimestamp: 0,
});
const joined: SupportSocketServerMessage = {
  type: 'joined',
  conversationId: '7',
  messages: [],
  agentReadUpTo: null,
  userReadUpTo: null,
  status: 'open',
  isRatingAsked: false,
};

afterEach(() => {
  vi.useRealTimers();
});

describe("a visitor's chat button listening for answers", () => {
  it("listens to the device's conversation, counts agents' answers only, and reads the count again after a reconnect", () => {
    vi.useFakeTimers();
    const sockets: Array<ReturnType<typeof fakeSocket>> = [];
    const answers: string[] = [];
    let reconnects = 0;
    const stop = listenForAnswers({
      deviceToken: 'device-token-0123456789',
      onAnswer: (id) => answers.push(id),
      onReconnect: () => {
        reconnects += 1;
      },
      createSocket: () => {
        const socket = fakeSocket();
        sockets.push(socket);
        return socket;
      },
    });
    sockets[0]?.onopen?.(new Event('open'));
    expect(sockets[0]?.sent).toEqual([{ op: 'listen', deviceToken: 'device-token-0123456789' }]);
    sockets[0]?.receive(joined);
    sockets[0]?.receive({ type: 'message', message: message('10', 'user') });
    sockets[0]?.receive({ type: 'message', message: message('11', 'agent') });
    expect(answers).toEqual(['11']);
    expect(reconnects).toBe(0);

    // The connection drops: a new one listens again, and the button reads its count (answers may have come meanwhile).
    sockets[0]?.onclose?.({} as CloseEvent);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
    sockets[1]?.onopen?.(new Event('open'));
    sockets[1]?.receive(joined);
    expect(reconnects).toBe(1);

    stop();
    expect(sockets[1]?.isClosed).toBe(true);
    sockets[1]?.onclose?.({} as CloseEvent);
    vi.advanceTimersByTime(20_000);
    expect(sockets).toHaveLength(2);
  });

  it('stops for good when the device has no conversation to listen to', () => {
    vi.useFakeTimers();
    const sockets: Array<ReturnType<typeof fakeSocket>> = [];
    listenForAnswers({
      deviceToken: 'device-token-0123456789',
      onAnswer: () => undefined,
      onReconnect: () => undefined,
      createSocket: () => {
        const socket = fakeSocket();
        sockets.push(socket);
        return socket;
      },
    });
    sockets[0]?.onopen?.(new Event('open'));
    sockets[0]?.receive({ type: 'error', message: 'not found' });
    sockets[0]?.onclose?.({} as CloseEvent);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});
