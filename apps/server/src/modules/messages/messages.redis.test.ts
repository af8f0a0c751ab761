import type { AddressInfo } from 'node:net';
import type { PushServerMessage } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../platform/mail/index.ts';
import { connectPush } from '../../test/push-client.ts';
import { startTwoProcesses, TEST_OPERATOR, uniqueEmail, withOperator } from '../../test/test-app.ts';

// Runs in the server-redis project (REDIS_URL set); two server processes need a shared PostgreSQL too.

type MessageEvent = Extract<PushServerMessage, { type: 'message' }>;
const messageEvents = (messages: PushServerMessage[]) => messages.filter((message): message is MessageEvent => message.type === 'message');

describe('a message written on one server process reaches its user connected to another', () => {
  let processes: Awaited<ReturnType<typeof startTwoProcesses>> | undefined;
  const apps: FastifyInstance[] = [];
  const mailers: Mailer[] = [];

  beforeAll(async () => {
    processes = await startTwoProcesses({ configOverrides: withOperator, appOptions: { shouldStartMarketFeed: false }, listen: true });
    apps.push(...processes.apps);
    mailers.push(...processes.mailers);
  });
  afterAll(async () => {
    await processes?.close();
  });

  async function register(app: (typeof apps)[number], mailer: Mailer) {
    const email = uniqueEmail('redis');
    await app.inject({ method: 'POST', url: '/web/getEmailCode', payload: { email, type: 'register' } });
    const code = mailer
      .outbox()
      .find((mail) => mail.to === email)
      ?.text.match(/\b\d{6}\b/)?.[0];
    const response = await app.inject({
      method: 'POST',
      url: '/web/register',
      payload: { email, password: 'secret123', confirmPassword: 'secret123', code },
    });
    const data = response.json().data as { token: string; user: { id: string } };
    return data;
  }

  it('delivers through Redis to that user’s connection only', async () => {
    const [first, second] = apps;
    const [firstMailer, secondMailer] = mailers;
    if (!first || !second || !firstMailer || !secondMailer) throw new Error('two apps expected');
    const reader = await register(second, secondMailer);
    const bystander = await register(first, firstMailer);
    const urlOf = (app: typeof first) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/web/push`;
    const readerSocket = await connectPush(urlOf(second));
    const bystanderSocket = await connectPush(urlOf(first));
    try {
      readerSocket.send({ op: 'authenticate', token: reader.token });
      bystanderSocket.send({ op: 'authenticate', token: bystander.token });
      await readerSocket.waitFor((messages) => messages.some((message) => message.type === 'authenticated'));
      await bystanderSocket.waitFor((messages) => messages.some((message) => message.type === 'authenticated'));

      const login = await first.inject({ method: 'POST', url: '/admin/api/auth/login', payload: TEST_OPERATOR });
      const operator = (login.json().data as { token: string }).token;
      const sent = await first.inject({
        method: 'POST',
        url: '/admin/api/messages',
        headers: { authorization: operator },
        payload: { userId: reader.user.id, title: 'Across processes', content: 'Through Redis' },
      });
      const id = (sent.json().data as { id: string }).id;
      await readerSocket.waitFor((messages) => messageEvents(messages).length === 1, 10_000);
      expect(messageEvents(readerSocket.messages)).toEqual([{ type: 'message', data: { id, template: null } }]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(messageEvents(bystanderSocket.messages)).toEqual([]);
    } finally {
      await Promise.all([readerSocket.close(), bystanderSocket.close()]);
    }
  });

  it('signs a socket on one process out when its session ends on the other: logout and freeze', async () => {
    const [first, second] = apps;
    const [firstMailer] = mailers;
    if (!first || !second || !firstMailer) throw new Error('two apps expected');
    const urlOf = (app: typeof first) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/web/push`;
    const leaving = await register(first, firstMailer);
    const frozen = await register(first, firstMailer);
    const sockets = await Promise.all([connectPush(urlOf(second)), connectPush(urlOf(second))]);
    const [leavingSocket, frozenSocket] = sockets;
    if (!leavingSocket || !frozenSocket) throw new Error('two sockets expected');
    const signedOut = (messages: PushServerMessage[]) =>
      messages.some((message) => message.type === 'authenticated' && !message.isSignedIn);
    try {
      leavingSocket.send({ op: 'authenticate', token: leaving.token });
      frozenSocket.send({ op: 'authenticate', token: frozen.token });
      for (const socket of sockets) await socket.waitFor((messages) => messages.some((message) => message.type === 'authenticated'));
      await first.inject({ method: 'POST', url: '/web/logout', headers: { authorization: leaving.token } });
      await leavingSocket.waitFor(signedOut, 10_000);

      const login = await first.inject({ method: 'POST', url: '/admin/api/auth/login', payload: TEST_OPERATOR });
      const operator = (login.json().data as { token: string }).token;
      const freeze = await first.inject({
        method: 'POST',
        url: `/admin/api/users/${frozen.user.id}/freeze`,
        headers: { authorization: operator },
        payload: { kind: 'login', reason: 'Suspected takeover' },
      });
      expect(freeze.statusCode).toBe(200);
      await frozenSocket.waitFor(signedOut, 10_000);
      // The frozen user's session is refused on the other process too.
      const info = await second.inject({ method: 'POST', url: '/web/api/user/info', headers: { authorization: frozen.token } });
      expect(info.statusCode).toBe(401);
    } finally {
      await Promise.all(sockets.map((socket) => socket.close()));
    }
  });
});
