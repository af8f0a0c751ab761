import type { AddressInfo } from 'node:net';
import { currencyOfWallet, type PushServerMessage, type WalletType } from '@bolsa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPush } from '../../test/push-client.ts';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { registerUser, startTestApp, type TestApp } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';

type Order = { id: string; status: number; positionId: string | null };
type InboxMessage = { id: string; title: string; content: string };

/** The events a user hears about their own trading and inbox, without quotes, heartbeats and sign-in answers. */
const userEvents = (messages: PushServerMessage[]) =>
  messages.filter((message) => message.type === 'message' || message.type === 'order' || message.type === 'position');

/** Waits long enough for an event that should not come to have arrived if it were sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('trading tells its owner live: a message and push events when the engine fills or closes', () => {
  const quotes = scriptedQuotes();
  let testApp: TestApp;
  let ledger: LedgerService;
  let url: string;
  let keyCounter = 0;
  const key = () => {
    keyCounter += 1;
    return `live-key-${Date.now().toString(36)}-${keyCounter}`;
  };
  const startedAt = Date.now();
  // A Friday afternoon in New York: US stocks trade.
  const now = () => new Date(Date.parse('2026-11-20T15:00:00Z') + (Date.now() - startedAt));

  const call = <T>(path: string, token: string, body?: unknown) =>
    testApp.call<T>(path, { token, language: 'en', ...(body === undefined ? {} : { body }) });
  const fund = async (userId: string, walletType: WalletType, amount: string) => {
    await ledger.post(testApp.database.db, {
      idempotencyKey: `live-fund:${userId}:${key()}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
        { account: { userId: Number(userId), walletType }, amount },
      ],
    });
  };
  const inbox = async (token: string) =>
    (await testApp.call<{ list: InboxMessage[] }>('/userMessage/getMessage', { token, method: 'GET', language: 'en' })).body.data.list;

  async function signedInSocket(token: string) {
    const client = await connectPush(url);
    client.send({ op: 'authenticate', token });
    await client.waitFor((messages) => messages.some((message) => message.type === 'authenticated'));
    return client;
  }

  beforeAll(async () => {
    testApp = await startTestApp({ appOptions: { quoteSource: quotes, now } });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}/web/push`;
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('a resting limit fill makes exactly one message and one order and one position event, for its owner only', async () => {
    const ana = await registerUser(testApp);
    const luis = await registerUser(testApp);
    await fund(ana.user.id, 'STOCK', '10000');
    quotes.set('AAPL', '199.99', '200.01');
    const [anaSocket, luisSocket] = await Promise.all([signedInSocket(ana.token), signedInSocket(luis.token)]);
    try {
      const limit = await call<Order>('/stock/create', ana.token, {
        stockCode: 'AAPL',
        direction: 0,
        type: 1,
        price: '195',
        quantity: '10',
        leverage: 2,
        idempotencyKey: key(),
      });
      expect(limit.body.data.status).toBe(0);
      await settle();
      // Resting is what the ticket answered: nothing is pushed for it.
      expect(userEvents(anaSocket.messages)).toEqual([]);

      quotes.set('AAPL', '194.98', '195.00');
      await testApp.app.trading.engine.idle();
      await anaSocket.waitFor((messages) => userEvents(messages).length >= 3);
      await settle();
      const filled = await call<Order>('/orders/additions', ana.token, { orderId: limit.body.data.id });
      expect(filled.body.data.status).toBe(1);
      const messages = await inbox(ana.token);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ title: 'Order filled', content: 'Your order for 10 AAPL was filled at 195.' });
      expect(userEvents(anaSocket.messages)).toEqual(
        expect.arrayContaining([
          { type: 'message', data: { id: messages[0]?.id, template: 'orderFilled' } },
          { type: 'order', data: { id: limit.body.data.id, status: 1 } },
          { type: 'position', data: { id: filled.body.data.positionId, status: 'open' } },
        ]),
      );
      expect(userEvents(anaSocket.messages)).toHaveLength(3);
      // Another signed-in user hears nothing of it, and has no message.
      expect(userEvents(luisSocket.messages)).toEqual([]);
      expect(await inbox(luis.token)).toEqual([]);
    } finally {
      await Promise.all([anaSocket.close(), luisSocket.close()]);
    }
  });

  it('a market fill in the request pushes its changes but writes no message; a take-profit close writes one', async () => {
    const eva = await registerUser(testApp);
    await fund(eva.user.id, 'STOCK', '10000');
    quotes.set('AAPL', '199.99', '200.01');
    const socket = await signedInSocket(eva.token);
    try {
      const bought = await call<Order>('/stock/create', eva.token, {
        stockCode: 'AAPL',
        direction: 0,
        quantity: '2',
        leverage: 2,
        takeProfit: '210',
        idempotencyKey: key(),
      });
      expect(bought.body.data.status).toBe(1);
      await socket.waitFor((messages) => userEvents(messages).length >= 2);
      expect(userEvents(socket.messages)).toEqual([
        { type: 'position', data: { id: bought.body.data.positionId, status: 'open' } },
        { type: 'order', data: { id: bought.body.data.id, status: 1 } },
      ]);
      expect(await inbox(eva.token)).toEqual([]);

      quotes.set('AAPL', '210.00', '210.02');
      await testApp.app.trading.engine.idle();
      await socket.waitFor((messages) => userEvents(messages).some((message) => message.type === 'message'));
      const messages = await inbox(eva.token);
      expect(messages).toHaveLength(1);
      // (210 - 200.01) × 2 = 19.98 realised.
      expect(messages[0]).toMatchObject({
        title: 'Take-profit reached',
        content: 'Your AAPL position (2) was closed by its take-profit at 210. Realised P&L: 19.98 USD.',
      });
      expect(userEvents(socket.messages)).toContainEqual({ type: 'position', data: { id: bought.body.data.positionId, status: 'closed' } });
    } finally {
      await socket.close();
    }
  });
});
