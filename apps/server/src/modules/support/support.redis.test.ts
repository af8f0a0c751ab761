import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSupport } from '../../test/support-socket.ts';
import { startTwoProcesses, TEST_OPERATOR, withOperator } from '../../test/test-app.ts';

// Runs in the server-redis project (REDIS_URL set); two server processes need a shared PostgreSQL too.

describe('support chat across two server processes', () => {
  let processes: Awaited<ReturnType<typeof startTwoProcesses>> | undefined;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    processes = await startTwoProcesses({ configOverrides: withOperator, appOptions: { shouldStartMarketFeed: false }, listen: true });
    apps.push(...processes.apps);
  });
  afterAll(async () => {
    await processes?.close();
  });

  const socketUrlOf = (app: FastifyInstance) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/web/support/socket`;

  it('a visitor on one process and an agent on the other see each other’s messages, typing and read receipts live', async () => {
    const [first, second] = apps;
    if (!first || !second) throw new Error('two apps expected');
    const login = await second.inject({ method: 'POST', url: '/admin/api/auth/login', payload: TEST_OPERATOR });
    const operatorToken = (login.json().data as { token: string }).token;
    const deviceToken = randomUUID();

    const visitor = await connectSupport(socketUrlOf(first));
    const agent = await connectSupport(socketUrlOf(second));
    try {
      const joined = await visitor.join({ deviceToken });
      agent.send({ op: 'watch', operatorToken, conversationId: joined.conversationId, afterId: null });
      await agent.waitFor((events) => events.some((event) => event.type === 'joined'));

      visitor.send({ op: 'send', clientKey: `redis-${randomUUID()}`, text: 'Hola desde el primer proceso' });
      await agent.waitFor((events) => events.some((event) => event.type === 'message'), 10_000);
      expect(agent.messages().map((message) => message.text)).toEqual(['Hola desde el primer proceso']);

      visitor.send({ op: 'typing' });
      await agent.waitFor((events) => events.some((event) => event.type === 'typing' && event.author === 'user'), 10_000);

      const reply = await second.inject({
        method: 'POST',
        url: `/admin/api/support/conversations/${joined.conversationId}/reply`,
        headers: { authorization: operatorToken },
        payload: { text: 'Respuesta desde el segundo proceso', clientKey: `redis-${randomUUID()}` },
      });
      expect(reply.json()).toMatchObject({ code: 200 });
      await visitor.waitFor((events) => events.some((event) => event.type === 'message' && event.message.author === 'agent'), 10_000);
      const answer = visitor.messages().find((message) => message.author === 'agent');
      expect(answer?.text).toBe('Respuesta desde el segundo proceso');

      visitor.send({ op: 'read', upToId: answer?.id });
      await agent.waitFor(
        (events) => events.some((event) => event.type === 'read' && event.author === 'user' && event.upToId === answer?.id),
        10_000,
      );
    } finally {
      await Promise.all([visitor.close(), agent.close()]);
    }
  });
});
