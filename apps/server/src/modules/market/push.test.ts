import type { AddressInfo } from 'node:net';
import { type QuoteTick, SIMULATED_DATA_SOURCE } from '@bolsa/contracts';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectPush } from '../../test/push-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { createCatalog } from './instruments.ts';
import { quoteFrame, registerPushRoute } from './push.ts';

describe('the push socket at /web/push', () => {
  let testApp: TestApp;
  let url: string;

  beforeAll(async () => {
    testApp = await startTestApp({ shouldStartMarketFeed: true, configOverrides: { MARKET_TICK_MS: '50', PUSH_UPDATES_PER_SECOND: '2' } });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    await testApp.app.market.feed.ready();
    url = `ws://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}/web/push`;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('sends the latest quote at once, then live quotes, until the client unsubscribes', async () => {
    const client = await connectPush(url);
    try {
      client.send({ op: 'subscribe', codes: ['aapl', 'NOPE'] });
      await client.waitFor((messages) => messages.some((message) => message.type === 'subscribed'));
      expect(client.messages.find((message) => message.type === 'subscribed')).toEqual({
        type: 'subscribed',
        codes: ['AAPL'],
        unknown: ['NOPE'],
      });
      await client.waitFor(() => client.quotes('AAPL').length >= 3);
      const quotes = client.quotes('AAPL');
      expect(quotes[0]).toMatchObject({
        code: 'AAPL',
        price: expect.stringMatching(/^\d+\.\d{2}$/),
        marketStatus: 'open',
        tradeDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
      expect(quotes[2]?.timestamp).toBeGreaterThan(quotes[0]?.timestamp ?? 0);
      expect(client.quotes().every((quote) => quote.code === 'AAPL')).toBe(true);

      client.send({ op: 'unsubscribe', codes: ['AAPL'] });
      await client.waitFor((messages) => messages.some((message) => message.type === 'unsubscribed'));
      const countAfter = client.quotes('AAPL').length;
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(client.quotes('AAPL').length).toBe(countAfter);
    } finally {
      await client.close();
    }
  });

  it('sends at most the configured number of updates per instrument per second (the newest wins)', async () => {
    const client = await connectPush(url);
    let feedTicks = 0;
    const unsubscribe = testApp.app.market.feed.subscribe('EURUSD', () => {
      feedTicks += 1;
    });
    try {
      client.send({ op: 'subscribe', codes: ['EURUSD', 'MSFT'] });
      await client.waitFor(() => feedTicks >= 12 && client.quotes('MSFT').length >= 2, 10_000);
      const windowStartedAt = Date.now();
      const before = client.quotes('EURUSD').length;
      const ticksBefore = feedTicks;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const seconds = (Date.now() - windowStartedAt) / 1000;
      const received = client.quotes('EURUSD').length - before;
      // The feed moved more often than the client was told: 2 per second, plus one timer's slack.
      expect(feedTicks - ticksBefore).toBeGreaterThan(received);
      expect(received).toBeGreaterThan(0);
      expect(received).toBeLessThanOrEqual(Math.ceil(seconds * 2) + 1);
      const last = client.quotes('EURUSD').at(-1);
      expect(last?.timestamp).toBeGreaterThan(windowStartedAt - 1_000);
    } finally {
      unsubscribe();
      await client.close();
    }
  });

  it('answers pings, reports unreadable messages, and serves a client that reconnects and subscribes again', async () => {
    const first = await connectPush(url);
    first.send({ op: 'ping' });
    first.send('{not json');
    first.send({ op: 'subscribe', codes: [] });
    await first.waitFor(
      (messages) =>
        messages.filter((message) => message.type === 'error').length === 2 && messages.some((message) => message.type === 'pong'),
    );
    first.send({ op: 'subscribe', codes: ['2330'] });
    await first.waitFor(() => first.quotes('2330').length > 0);
    await first.close();

    const second = await connectPush(url);
    try {
      second.send({ op: 'subscribe', codes: ['2330'] });
      await second.waitFor(() => second.quotes('2330').length >= 2);
      expect(second.quotes('2330')[0]?.code).toBe('2330');
    } finally {
      await second.close();
    }
  });

  it('frames each quote once, as an unmasked text frame with the right length, shared by every receiver', () => {
    const tick = testApp.app.market.feed.latest('AAPL') as QuoteTick;
    const frame = quoteFrame(tick);
    expect(quoteFrame(tick)).toBe(frame);
    expect(frame[0]).toBe(0x81);
    // A quote is longer than 125 bytes, so its length takes the 16-bit form.
    expect(frame[1]).toBe(126);
    const length = frame.readUInt16BE(2);
    expect(length).toBe(frame.length - 4);
    expect(JSON.parse(frame.subarray(4).toString())).toEqual({ type: 'quote', data: tick });
    const long = quoteFrame({ ...tick, code: 'X'.repeat(70_000) });
    expect(long[1]).toBe(127);
    expect(Number(long.readBigUInt64BE(2))).toBe(long.length - 10);
  });
});

describe('the push heartbeat', () => {
  it('beats every interval to a client that answers pings, and drops one that stops answering', async () => {
    const app = Fastify();
    await app.register(websocket, { options: { perMessageDeflate: false } });
    const feed = {
      ready: async () => undefined,
      isReady: () => true,
      origin: SIMULATED_DATA_SOURCE,
      latest: () => undefined,
      subscribe: () => () => undefined,
      subscribeRounds: () => () => undefined,
      history: async () => [],
    };
    await registerPushRoute(app, feed, createCatalog(['AAPL']), { updatesPerSecondMax: 4, heartbeatMs: 300 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const pushUrl = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/push`;
    try {
      const answering = await connectPush(pushUrl);
      const silent = new WebSocket(pushUrl, { autoPong: false });
      let silentClosedAt = 0;
      silent.on('close', () => {
        silentClosedAt = Date.now();
      });
      await new Promise((resolve) => silent.once('open', resolve));
      const openedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const heartbeats = answering.messages.filter((message) => message.type === 'heartbeat');
      // About five intervals went by: every one beat once (the first may come within the first interval).
      expect(heartbeats.length).toBeGreaterThanOrEqual(3);
      expect(heartbeats.length).toBeLessThanOrEqual(6);
      expect(answering.socket.readyState).toBe(WebSocket.OPEN);
      // Pinged once, not answering by the next beat: dropped after about two intervals.
      expect(silentClosedAt).toBeGreaterThan(openedAt);
      await answering.close();
    } finally {
      await app.close();
    }
  });
});
