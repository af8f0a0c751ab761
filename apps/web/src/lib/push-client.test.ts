import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPushClient } from './push-client.ts';

/** A stand-in socket the test opens, feeds and drops like a network would. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const quote = (code: string, price: string) => ({
  type: 'quote',
  data: {
    code,
    price,
    change: '0',
    changeRatio: '0.00',
    volume: '1',
    open: price,
    high: price,
    low: price,
    prevClose: price,
    bid: price,
    ask: price,
    bidVolume: '1',
    askVolume: '1',
    marketStatus: 'open',
    fall: false,
    tradeDate: '1970-01-01',
    timestamp: 1,
  },
});

describe('the push client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', { CONNECTING: 0, OPEN: 1, CLOSED: 3 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const newClient = () =>
    createPushClient({ url: 'ws://test/web/push', createSocket: (url) => new FakeSocket(url) as unknown as WebSocket });

  it('subscribes on open, delivers quotes of the subscribed codes, and unsubscribes the last listener', () => {
    const client = newClient();
    const received: string[] = [];
    const stop = client.subscribe(['AAPL'], (tick) => received.push(`${tick.code}@${tick.price}`));
    const socket = FakeSocket.instances[0] as FakeSocket;
    socket.open();
    expect(socket.sent).toEqual([{ op: 'subscribe', codes: ['AAPL'] }]);
    socket.receive(quote('AAPL', '190.10'));
    socket.receive(quote('MSFT', '400.00'));
    expect(received).toEqual(['AAPL@190.10']);
    client.subscribe(['MSFT'], () => undefined);
    expect(socket.sent).toContainEqual({ op: 'subscribe', codes: ['MSFT'] });
    stop();
    expect(socket.sent).toContainEqual({ op: 'unsubscribe', codes: ['AAPL'] });
    expect(client.status()).toBe('open');
  });

  it('reconnects by itself after a drop and subscribes everything again', () => {
    const client = newClient();
    client.subscribe(['AAPL', 'EURUSD'], () => undefined);
    (FakeSocket.instances[0] as FakeSocket).open();
    (FakeSocket.instances[0] as FakeSocket).close();
    expect(client.status()).toBe('connecting');
    vi.advanceTimersByTime(600);
    const second = FakeSocket.instances[1] as FakeSocket;
    expect(second).toBeDefined();
    second.open();
    expect(second.sent).toEqual([{ op: 'subscribe', codes: ['AAPL', 'EURUSD'] }]);
  });

  it('says "timed out" when it cannot connect for ten seconds, and retries at once when asked', () => {
    const client = newClient();
    client.subscribe(['AAPL'], () => undefined);
    for (let attempt = 0; attempt < 10 && client.status() !== 'timed-out'; attempt += 1) {
      FakeSocket.instances.at(-1)?.close();
      vi.advanceTimersByTime(8_000);
    }
    expect(client.status()).toBe('timed-out');
    // It keeps trying in the background without leaving "timed out" until a connection opens.
    const attemptsSoFar = FakeSocket.instances.length;
    FakeSocket.instances.at(-1)?.close();
    vi.advanceTimersByTime(8_000);
    expect(FakeSocket.instances.length).toBe(attemptsSoFar + 1);
    expect(client.status()).toBe('timed-out');
    const before = FakeSocket.instances.length;
    client.retry();
    expect(FakeSocket.instances.length).toBe(before + 1);
    (FakeSocket.instances.at(-1) as FakeSocket).open();
    expect(client.status()).toBe('open');
  });

  it('comes back by itself when the server does, after having timed out', () => {
    const client = newClient();
    const received: string[] = [];
    client.subscribe(['AAPL'], (tick) => received.push(tick.price));
    (FakeSocket.instances[0] as FakeSocket).open();
    for (let attempt = 0; attempt < 10 && client.status() !== 'timed-out'; attempt += 1) {
      FakeSocket.instances.at(-1)?.close();
      vi.advanceTimersByTime(8_000);
    }
    expect(client.status()).toBe('timed-out');
    FakeSocket.instances.at(-1)?.close();
    vi.advanceTimersByTime(8_000);
    const back = FakeSocket.instances.at(-1) as FakeSocket;
    back.open();
    expect(client.status()).toBe('open');
    expect(back.sent).toEqual([{ op: 'subscribe', codes: ['AAPL'] }]);
    back.receive(quote('AAPL', '190.10'));
    expect(received).toEqual(['190.10']);
  });

  it('signs in with the session token, delivers the user’s new messages, and signs in again after a reconnect', () => {
    const client = newClient();
    const events: string[] = [];
    let signedIn = 0;
    client.onSignedIn(() => {
      signedIn += 1;
    });
    client.signIn('token-1');
    expect(FakeSocket.instances).toHaveLength(0); // nobody listens yet: no connection for nothing
    client.onUserEvent((event) => events.push(`${event.id}:${event.template ?? 'operator'}`));
    const socket = FakeSocket.instances[0] as FakeSocket;
    socket.open();
    expect(socket.sent).toEqual([{ op: 'authenticate', token: 'token-1' }]);
    socket.receive({ type: 'authenticated', isSignedIn: true });
    socket.receive({ type: 'message', data: { id: '7', template: 'kycVerified' } });
    socket.receive(quote('AAPL', '1.00'));
    expect(events).toEqual(['7:kycVerified']);
    expect(signedIn).toBe(1);

    socket.close();
    vi.advanceTimersByTime(600);
    const second = FakeSocket.instances[1] as FakeSocket;
    second.open();
    expect(second.sent).toEqual([{ op: 'authenticate', token: 'token-1' }]);
    second.receive({ type: 'authenticated', isSignedIn: true });
    expect(signedIn).toBe(2);

    client.signIn(null);
    expect(second.sent.at(-1)).toEqual({ op: 'authenticate', token: null });
  });

  it('delivers the signed-in user’s order and position changes to trading listeners, apart from messages', () => {
    const client = newClient();
    const trading: string[] = [];
    const messages: string[] = [];
    client.signIn('token-1');
    client.onTradingEvent((event) => trading.push(`${event.type}:${event.data.id}:${event.data.status}`));
    client.onUserEvent((event) => messages.push(event.id));
    const socket = FakeSocket.instances[0] as FakeSocket;
    socket.open();
    socket.receive({ type: 'authenticated', isSignedIn: true });
    socket.receive({ type: 'order', data: { id: '5', status: 1 } });
    socket.receive({ type: 'position', data: { id: '9', status: 'open' } });
    socket.receive({ type: 'message', data: { id: '12', template: 'orderFilled' } });
    expect(trading).toEqual(['order:5:1', 'position:9:open']);
    expect(messages).toEqual(['12']);
  });

  it('delivers the signed-in user’s balance changes to balance listeners only, and connects for them alone', () => {
    const client = newClient();
    const balances: string[][] = [];
    const trading: string[] = [];
    client.signIn('token-1');
    client.onBalanceEvent((event) => balances.push(event.data.walletTypes));
    expect(FakeSocket.instances.length).toBe(1);
    client.onTradingEvent((event) => trading.push(event.type));
    const socket = FakeSocket.instances[0] as FakeSocket;
    socket.open();
    socket.receive({ type: 'balance', data: { walletTypes: ['BALANCE', 'STOCK'] } });
    expect(balances).toEqual([['BALANCE', 'STOCK']]);
    expect(trading).toEqual([]);
  });

  it('treats a silent connection as dead and reconnects', () => {
    const client = newClient();
    client.subscribe(['AAPL'], () => undefined);
    (FakeSocket.instances[0] as FakeSocket).open();
    vi.advanceTimersByTime(40_000);
    expect(FakeSocket.instances[0]?.readyState).toBe(3);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.instances.length).toBe(2);
  });
});
