import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLocale } from '../../../lib/i18n.ts';
import { clearOperatorSession, saveOperatorSession } from '../../../lib/session-store.ts';
import { renderConsole } from '../../../test/render-console.tsx';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (code: number, data: unknown = null, msg = '') =>
  new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });

/** The console's socket, quiet: the test drives the conversation through the API answers. */
class QuietSocket {
  static readonly OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onclose: (() => void) | null = null;
  send() {}
  close() {}
}

/** Sockets the console opened, to speak for the server. */
const sockets: RecordingSocket[] = [];
class RecordingSocket extends QuietSocket {
  sent: unknown[] = [];
  constructor() {
    super();
    sockets.push(this);
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  override send(text?: unknown) {
    this.sent.push(JSON.parse(String(text)));
  }
  receive(event: unknown) {
    (this.onmessage as ((event: { data: string }) => void) | null)?.({ data: JSON.stringify(event) });
  }
}

const item = {
  id: '5',
  userId: '42',
  userEmail: 'ana@example.com',
  status: 'open',
  language: 'es',
  assignedOperatorId: null,
  assignedOperatorEmail: null,
  waitingSinceTimestamp: Date.now() - 7 * 60_000,
  lastMessageText: 'No veo mi depósito',
  lastMessageTimestamp: Date.now() - 7 * 60_000,
  rating: null,
};
const detail = {
  conversation: item,
  messages: [
    {
      id: '11',
      author: 'user',
      agentName: null,
      text: 'No veo mi depósito',
      imageUrl: null,
      systemEvent: null,
      clientKey: 'k-1',
      createTimeTimestamp: Date.now(),
    },
  ],
  notes: [],
  userReadUpTo: null,
  agentReadUpTo: '11',
  context: { identity: { status: 'verified', name: 'Ana Pérez' }, deposits: [], withdrawals: [], openOrders: [] },
};

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('WebSocket', QuietSocket);
  await setLocale('en');
  saveOperatorSession('support-token', { id: '3', email: 'agent@example.com', role: 'support' });
});
afterEach(() => {
  clearOperatorSession();
  vi.unstubAllGlobals();
});

describe('support console', () => {
  it('shows how long the user waits, warns before a reply naming payment details, and sends an ordinary one', async () => {
    const replies: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/support/conversations/5/reply')) {
        replies.push(JSON.parse(String(init?.body)));
        return envelope(200, { ...detail.messages[0], id: '12', author: 'agent', agentName: 'agent', text: 'Lo reviso' });
      }
      if (url.includes('/support/conversations/5')) return envelope(200, detail);
      if (url.includes('/support/canned-replies')) return envelope(200, [{ id: '1', language: 'es', title: 'Saludo', text: 'Hola' }]);
      return envelope(200, { list: [item], total: 1, pageNum: 1, pageSize: 20, hasMore: false });
    });
    renderConsole('/support');
    fireEvent.click(await screen.findByText('ana@example.com', {}, { timeout: 30_000 }));
    expect(screen.getByText('7 min')).toBeTruthy();
    await screen.findByText('Verified · Ana Pérez');

    const reply = screen.getByLabelText('Reply to the user');
    fireEvent.change(reply, { target: { value: 'Transfer to 0x52908400098527886E0F7030069857D2E4169EE7' } });
    expect((await screen.findByText(/This reply will be held back:/)).textContent).toMatch(
      /a wallet address, a payment instruction\. Support never asks/,
    );
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(reply, { target: { value: 'Lo reviso ahora' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(replies).toEqual([expect.objectContaining({ text: 'Lo reviso ahora' })]));
  }, 90_000);

  it('reads the queue again when the support socket says a conversation changed, without a reload', async () => {
    sockets.length = 0;
    vi.stubGlobal('WebSocket', RecordingSocket);
    let queueReads = 0;
    let list: Array<Omit<typeof item, 'userId' | 'userEmail'> & { userId: string | null; userEmail: string | null }> = [item];
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/support/canned-replies')) return envelope(200, []);
      queueReads += 1;
      return envelope(200, { list, total: list.length, pageNum: 1, pageSize: 20, hasMore: false });
    });
    renderConsole('/support');
    await screen.findByText('ana@example.com', {}, { timeout: 30_000 });
    const isQueueSocket = (socket: RecordingSocket) => socket.sent.some((message) => (message as { op: string }).op === 'watchQueue');
    await waitFor(() => expect(sockets.some(isQueueSocket)).toBe(true));
    const watching = sockets.find(isQueueSocket);
    expect(watching?.sent).toEqual([{ op: 'watchQueue', operatorToken: 'support-token' }]);
    const readsBefore = queueReads;
    list = [{ ...item, id: '6', userId: null, userEmail: null, lastMessageText: 'Soy un visitante nuevo' }, item];
    watching?.receive({ type: 'queue', conversationIds: ['6'] });
    expect(await screen.findByText('Soy un visitante nuevo', {}, { timeout: 5_000 })).toBeTruthy();
    expect(queueReads).toBe(readsBefore + 1);
    expect(screen.getByText('Live')).toBeTruthy();
  }, 90_000);
});
