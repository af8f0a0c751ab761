import type { AddressInfo } from 'node:net';
import type { PushServerMessage } from '@bolsa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPush } from '../../test/push-client.ts';
import {
  operatorToken,
  registerUser,
  startTestApp,
  type TestApp,
  tinyPng,
  upload,
  verifyIdentity,
  withOperator,
} from '../../test/test-app.ts';

type MessageEvent = Extract<PushServerMessage, { type: 'message' }>;
const messageEvents = (messages: PushServerMessage[]) => messages.filter((message): message is MessageEvent => message.type === 'message');

/** Waits long enough for an event that should not come to have arrived if it were sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('new messages reach the user’s own push connections live, and nobody else’s', () => {
  let testApp: TestApp;
  let operator: string;
  let url: string;

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}/web/push`;
    operator = await operatorToken(testApp);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function signedInSocket(token: string | null) {
    const client = await connectPush(url);
    client.send({ op: 'authenticate', token });
    await client.waitFor((messages) => messages.some((message) => message.type === 'authenticated'));
    return client;
  }

  it('delivers an operator message to every connection of its user only, and one to everyone to all', async () => {
    const alice = await registerUser(testApp);
    const bob = await registerUser(testApp);
    const [aliceOnPhone, aliceOnLaptop, bobSocket, visitor] = await Promise.all([
      signedInSocket(alice.token),
      signedInSocket(alice.token),
      signedInSocket(bob.token),
      connectPush(url),
    ]);
    try {
      expect(aliceOnPhone.messages).toContainEqual({ type: 'authenticated', isSignedIn: true });
      const sent = await testApp.call<{ id: string }>('/messages', {
        isOperatorApi: true,
        token: operator,
        body: { userId: alice.user.id, title: 'Hola Alice', content: 'Solo para vos' },
      });
      for (const client of [aliceOnPhone, aliceOnLaptop]) {
        await client.waitFor((messages) => messageEvents(messages).length === 1);
        expect(messageEvents(client.messages)).toEqual([{ type: 'message', data: { id: sent.body.data.id, template: null } }]);
      }
      await settle();
      expect(messageEvents(bobSocket.messages)).toEqual([]);
      expect(messageEvents(visitor.messages)).toEqual([]);

      const broadcast = await testApp.call<{ id: string }>('/messages', {
        isOperatorApi: true,
        token: operator,
        body: { title: 'Mantenimiento', content: 'Para todos' },
      });
      await bobSocket.waitFor((messages) => messageEvents(messages).length === 1);
      expect(messageEvents(bobSocket.messages)[0]?.data.id).toBe(broadcast.body.data.id);
      await aliceOnPhone.waitFor((messages) => messageEvents(messages).length === 2);
      await settle();
      // A connection that never signed in hears nothing meant for users.
      expect(messageEvents(visitor.messages)).toEqual([]);
    } finally {
      await Promise.all([aliceOnPhone, aliceOnLaptop, bobSocket, visitor].map((client) => client.close()));
    }
  });

  it('announces system messages (deposit credited, identity verified) with their template', async () => {
    const user = await registerUser(testApp);
    const other = await registerUser(testApp);
    const [socket, otherSocket] = await Promise.all([signedInSocket(user.token), signedInSocket(other.token)]);
    try {
      const uploaded = await upload(testApp, user.token, tinyPng);
      const deposit = await testApp.call<{ id: string }>('/recharge/create', {
        token: user.token,
        body: { method: 'fiat', walletType: 'BALANCE', amount: '25.00', screenshotUrl: uploaded.body.data?.url },
      });
      await testApp.call(`/deposits/${deposit.body.data.id}/approve`, { isOperatorApi: true, token: operator });
      await socket.waitFor((messages) => messageEvents(messages).some((event) => event.data.template === 'depositCredited'));

      await verifyIdentity(testApp, user, operator);
      await socket.waitFor((messages) => messageEvents(messages).some((event) => event.data.template === 'kycVerified'));

      // The event names a message the user can read through the API right away (it was announced after commit).
      const inbox = await testApp.call<{ list: Array<{ id: string; title: string }> }>('/userMessage/getMessage', {
        token: user.token,
        method: 'GET',
        language: 'en',
      });
      const announced = messageEvents(socket.messages).map((event) => event.data.id);
      expect(inbox.body.data.list.map((message) => message.id).sort()).toEqual([...announced].sort());
      expect(inbox.body.data.list[0]?.title).toBe('Identity verified');
      await settle();
      expect(messageEvents(otherSocket.messages)).toEqual([]);
    } finally {
      await Promise.all([socket.close(), otherSocket.close()]);
    }
  });

  it('refuses a wrong token, and stops the events when the socket signs out', async () => {
    const user = await registerUser(testApp);
    const forged = await signedInSocket('not-a-session-token');
    const socket = await signedInSocket(user.token);
    try {
      expect(forged.messages).toContainEqual({ type: 'authenticated', isSignedIn: false });
      socket.send({ op: 'authenticate', token: null });
      await socket.waitFor((messages) => messages.filter((message) => message.type === 'authenticated').length === 2);
      expect(socket.messages.filter((message) => message.type === 'authenticated').at(-1)).toEqual({
        type: 'authenticated',
        isSignedIn: false,
      });
      await testApp.call('/messages', {
        isOperatorApi: true,
        token: operator,
        body: { userId: user.user.id, title: 'After sign-out', content: 'Not over this socket' },
      });
      await settle();
      expect(messageEvents(socket.messages)).toEqual([]);
      expect(messageEvents(forged.messages)).toEqual([]);

      // A malformed sign-in is refused like any malformed message.
      socket.send({ op: 'authenticate', token: 42 });
      await socket.waitFor((messages) => messages.some((message) => message.type === 'error'));
    } finally {
      await Promise.all([forged.close(), socket.close()]);
    }
  });

  it('signs a socket out when its session ends: at logout, and when an operator freezes the login', async () => {
    const alice = await registerUser(testApp);
    const bob = await registerUser(testApp);
    const [aliceSocket, bobSocket] = await Promise.all([signedInSocket(alice.token), signedInSocket(bob.token)]);
    const signedOut = (messages: PushServerMessage[]) =>
      messages.some((message) => message.type === 'authenticated' && !message.isSignedIn);
    try {
      expect((await testApp.call('/logout', { token: alice.token })).body.code).toBe(200);
      await aliceSocket.waitFor(signedOut);
      const frozen = await testApp.call(`/users/${bob.user.id}/freeze`, {
        isOperatorApi: true,
        token: operator,
        body: { kind: 'login', reason: 'Suspected takeover' },
      });
      expect(frozen.body.code).toBe(200);
      await bobSocket.waitFor(signedOut);
      await testApp.call('/messages', {
        isOperatorApi: true,
        token: operator,
        body: { userId: alice.user.id, title: 'Hola', content: 'x' },
      });
      await testApp.call('/messages', { isOperatorApi: true, token: operator, body: { userId: bob.user.id, title: 'Hola', content: 'x' } });
      await settle();
      expect(messageEvents(aliceSocket.messages)).toEqual([]);
      expect(messageEvents(bobSocket.messages)).toEqual([]);
    } finally {
      await Promise.all([aliceSocket.close(), bobSocket.close()]);
    }
  });

  it('announces nothing for a decision that was refused (rolled back)', async () => {
    const user = await registerUser(testApp);
    const socket = await signedInSocket(user.token);
    try {
      const refused = await testApp.call('/messages', {
        isOperatorApi: true,
        token: operator,
        body: { userId: user.user.id, title: '', content: 'x' },
      });
      expect(refused.body.code).toBe(1001);
      const uploaded = await upload(testApp, user.token, tinyPng);
      const deposit = await testApp.call<{ id: string }>('/recharge/create', {
        token: user.token,
        body: { method: 'fiat', walletType: 'BALANCE', amount: '10.00', screenshotUrl: uploaded.body.data?.url },
      });
      await testApp.call(`/deposits/${deposit.body.data.id}/approve`, { isOperatorApi: true, token: operator });
      await socket.waitFor((messages) => messageEvents(messages).length === 1);
      // Approving the same deposit again is refused inside the transaction: no second message, no second event.
      const again = await testApp.call(`/deposits/${deposit.body.data.id}/approve`, { isOperatorApi: true, token: operator });
      expect(again.body.code).not.toBe(200);
      await settle();
      expect(messageEvents(socket.messages)).toHaveLength(1);
    } finally {
      await socket.close();
    }
  });
});
