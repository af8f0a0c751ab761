import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type PushServerMessage, type SupportConversation, userChatLink } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, operatorWithRole } from '../../test/operators.ts';
import { connectPush } from '../../test/push-client.ts';
import { connectSupport } from '../../test/support-socket.ts';
import { operatorToken, registerUser, startTestApp, type TestApp, tinyPng, upload, withOperator } from '../../test/test-app.ts';
import { insertUserMessages } from './support.repository.ts';

const newDevice = () => randomUUID();
const clientKey = () => `key-${randomUUID()}`;

describe('support chat: a user and an agent talk live, and nothing is lost', () => {
  let testApp: TestApp;
  let agent: string;
  let socketUrl: string;

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    socketUrl = `ws://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}/web/support/socket`;
    agent = await operatorToken(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const open = (body: { deviceToken?: string }, token?: string) =>
    testApp.call<SupportConversation>('/userCenter/apply/service', { body, ...(token ? { token } : {}) });
  const operatorCall = <T>(path: string, body?: unknown, token = agent) =>
    testApp.call<T>(path, { isOperatorApi: true, token, ...(body === undefined ? { method: 'GET' as const } : { body }) });
  const reply = (conversationId: string, text: string, language = 'en') =>
    testApp.call<{ id: string; agentName: string }>(`/support/conversations/${conversationId}/reply`, {
      isOperatorApi: true,
      token: agent,
      language,
      body: { text, clientKey: clientKey() },
    });

  it('a visitor writes, waits in the queue, sees the agent typing and answering, and both see read receipts', async () => {
    const device = newDevice();
    const opened = await open({ deviceToken: device });
    expect(opened.body.data).toMatchObject({ wsUrl: '/web/support/socket?chat=general', status: 'open', messages: [], unread: 0 });
    const conversationId = opened.body.data.id;

    const visitor = await connectSupport(socketUrl);
    const watcher = await connectSupport(socketUrl);
    try {
      expect((await visitor.join({ deviceToken: device })).conversationId).toBe(conversationId);
      watcher.send({ op: 'watch', operatorToken: agent, conversationId, afterId: null });
      await watcher.waitFor((events) => events.some((event) => event.type === 'joined'));

      visitor.send({ op: 'send', clientKey: 'visitor-first-1', text: 'Hola, no veo mi depósito' });
      await watcher.waitFor((events) => events.some((event) => event.type === 'message'));
      expect(watcher.messages().map((message) => [message.author, message.text])).toEqual([['user', 'Hola, no veo mi depósito']]);

      const queue = await operatorCall<{ list: Array<{ id: string; waitingSinceTimestamp: number | null }> }>('/support/conversations');
      const waiting = queue.body.data.list.find((item) => item.id === conversationId);
      expect(waiting?.waitingSinceTimestamp).toBeGreaterThan(Date.now() - 60_000);

      watcher.send({ op: 'typing' });
      await visitor.waitFor((events) => events.some((event) => event.type === 'typing' && event.author === 'agent'));

      const answer = await reply(conversationId, 'Lo estoy revisando ahora mismo.');
      expect(answer.body.code).toBe(200);
      await visitor.waitFor((events) => events.some((event) => event.type === 'message' && event.message.author === 'agent'));
      const agentMessage = visitor.messages().find((message) => message.author === 'agent');
      expect(agentMessage).toMatchObject({ text: 'Lo estoy revisando ahora mismo.', agentName: 'ops' });
      expect((await open({ deviceToken: device })).body.data.unread).toBe(1);

      // The visitor read the answer: the agent sees it, and the badge is gone.
      visitor.send({ op: 'read', upToId: agentMessage?.id });
      await watcher.waitFor((events) => events.some((event) => event.type === 'read' && event.author === 'user'));
      expect((await testApp.call<{ unread: number }>('/support/unread', { body: { deviceToken: device } })).body.data.unread).toBe(0);

      // The agent read the visitor's message: the visitor sees it.
      const lastUserMessage = visitor
        .messages()
        .filter((message) => message.author === 'user')
        .at(-1);
      await operatorCall(`/support/conversations/${conversationId}/read`, { upToId: lastUserMessage?.id });
      await visitor.waitFor((events) => events.some((event) => event.type === 'read' && event.author === 'agent'));

      const queueAfter = await operatorCall<{ list: Array<{ id: string; waitingSinceTimestamp: number | null }> }>(
        '/support/conversations',
      );
      expect(queueAfter.body.data.list.find((item) => item.id === conversationId)?.waitingSinceTimestamp).toBeNull();
    } finally {
      await Promise.all([visitor.close(), watcher.close()]);
    }
  });

  it('a message sent twice with the same key is stored once', async () => {
    const device = newDevice();
    const visitor = await connectSupport(socketUrl);
    try {
      await visitor.join({ deviceToken: device });
      visitor.send({ op: 'send', clientKey: 'same-key-123', text: 'una vez' });
      visitor.send({ op: 'send', clientKey: 'same-key-123', text: 'una vez' });
      await visitor.waitFor((events) => events.filter((event) => event.type === 'message').length >= 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await open({ deviceToken: device })).body.data.messages).toHaveLength(1);
    } finally {
      await visitor.close();
    }
  });

  it('messages many visitors send at the same moment are stored together, each once, and each reaches its own conversation', async () => {
    const visitors = await Promise.all(Array.from({ length: 12 }, () => connectSupport(socketUrl)));
    try {
      const joined = await Promise.all(visitors.map((visitor) => visitor.join({ deviceToken: newDevice() })));
      visitors.forEach((visitor, index) => {
        const key = `burst-${index}-${joined[index]?.conversationId}`;
        visitor.send({ op: 'send', clientKey: key, text: `ráfaga ${index}` });
        visitor.send({ op: 'send', clientKey: key, text: `ráfaga ${index}` });
      });
      await Promise.all(visitors.map((visitor) => visitor.waitFor((events) => events.some((event) => event.type === 'message'))));
      await new Promise((resolve) => setTimeout(resolve, 200));
      visitors.forEach((visitor, index) => {
        expect(visitor.messages().map((message) => message.text)).toEqual([`ráfaga ${index}`]);
      });
      const stored = await testApp.database.db.execute<{ n: string }>(
        sql`SELECT count(*) AS n FROM support_messages WHERE client_key LIKE 'burst-%'`,
      );
      expect(Number(stored.rows[0]?.n)).toBe(12);

      // The group statement itself: new keys answered with their rows, a used key with nothing.
      const conversationId = Number(joined[0]?.conversationId);
      const group = await insertUserMessages(testApp.database.db, [
        { conversationId, text: 'en grupo', imageUrl: null, clientKey: 'group-key-1' },
        { conversationId, text: 'ráfaga 0', imageUrl: null, clientKey: `burst-0-${conversationId}` },
      ]);
      expect(group[0]?.id).toMatch(/^\d+$/);
      expect(group[1]).toBeUndefined();
    } finally {
      await Promise.all(visitors.map((visitor) => visitor.close()));
    }
  });

  it('a socket that reconnects with the last id it saw receives every message it missed, once', async () => {
    const user = await registerUser(testApp);
    const first = await connectSupport(socketUrl);
    const joined = await first.join({ token: user.token });
    first.send({ op: 'send', clientKey: clientKey(), text: 'antes de cortar' });
    await first.waitFor((events) => events.some((event) => event.type === 'message'));
    const lastSeen = first.messages().at(-1)?.id ?? null;
    await first.close();

    for (const text of ['respuesta uno', 'respuesta dos']) expect((await reply(joined.conversationId, text)).body.code).toBe(200);

    const second = await connectSupport(socketUrl);
    try {
      const rejoined = await second.join({ token: user.token, afterId: lastSeen });
      expect(rejoined.messages.map((message) => message.text)).toEqual(['respuesta uno', 'respuesta dos']);
      // Another device of the same user sees the whole conversation.
      const other = await open({}, user.token);
      expect(other.body.data.messages.map((message) => message.text)).toEqual(['antes de cortar', 'respuesta uno', 'respuesta dos']);
      expect(other.body.data.wsUrl).toBe(userChatLink(user.user.id));
    } finally {
      await second.close();
    }
  });

  it("a visitor's conversation survives signing in: joined to the user's own, and the user record names its link", async () => {
    const device = newDevice();
    const visitor = await connectSupport(socketUrl);
    await visitor.join({ deviceToken: device });
    visitor.send({ op: 'send', clientKey: clientKey(), text: '¿Cómo abro una cuenta?' });
    await visitor.waitFor((events) => events.some((event) => event.type === 'message'));
    await visitor.close();

    const user = await registerUser(testApp);
    // The user had written before, from another device, while signed in.
    await open({}, user.token);
    const signedIn = await connectSupport(socketUrl);
    try {
      const joined = await signedIn.join({ token: user.token, deviceToken: device });
      expect(joined.messages.map((message) => message.text)).toEqual(['¿Cómo abro una cuenta?']);
      const info = await testApp.call<{ wsUrl: string }>('/api/user/info', { token: user.token });
      expect(info.body.data.wsUrl).toBe(userChatLink(user.user.id));
      // The device's general conversation is gone: the device alone now starts an empty one.
      expect((await open({ deviceToken: device })).body.data.messages).toEqual([]);
    } finally {
      await signedIn.close();
    }
  });

  it('holds back an agent reply naming a bank account, a wallet address or "pay to" wording, in any language, writing nothing', async () => {
    const { id } = (await open({ deviceToken: newDevice() })).body.data;
    const held = [
      'Please transfer to our partner and we will credit you',
      'Pague a la cuenta de nuestro asesor',
      'CBU 0170099220000067797370',
      'IBAN ES91 2100 0418 4502 0005 1332',
      'Send USDT to TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      'Wallet 0x52908400098527886E0F7030069857D2E4169EE7',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      '请转账到这个账户',
      'Überweisen Sie an unser Treuhandkonto',
    ];
    const auditBefore = await auditCount(testApp);
    for (const text of held) {
      const refused = await reply(id, text, 'es');
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.code, text).toBe(8410);
      expect(refused.body.msg).toContain('El soporte nunca pide dinero ni códigos');
    }
    expect(await auditCount(testApp)).toBe(auditBefore);
    const stored = await testApp.database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM support_messages WHERE conversation_id = ${Number(id)}`,
    );
    expect(Number(stored.rows[0]?.n)).toBe(0);
    // Order numbers and amounts are not account numbers.
    expect((await reply(id, 'Su orden 123456 de 2500.00 USD ya se ejecutó.')).body.code).toBe(200);
  });

  it('an agent answer reaches the signed-in user’s push socket while the chat is closed; closing asks for a rating, once', async () => {
    const user = await registerUser(testApp);
    const conversation = (await open({}, user.token)).body.data;
    const pushUrl = socketUrl.replace('/support/socket', '/push');
    const push = await connectPush(pushUrl);
    try {
      push.send({ op: 'authenticate', token: user.token });
      await push.waitFor((events) => events.some((event) => event.type === 'authenticated'));
      const answer = await reply(conversation.id, 'Hola, ¿en qué puedo ayudarle?');
      await push.waitFor((events: PushServerMessage[]) => events.some((event) => event.type === 'support'));
      expect(push.messages.find((event) => event.type === 'support')).toEqual({ type: 'support', data: { id: answer.body.data.id } });
      expect((await testApp.call<{ unread: number }>('/support/unread', { token: user.token, body: {} })).body.data.unread).toBe(1);
    } finally {
      await push.close();
    }

    expect((await testApp.call('/support/rate', { token: user.token, body: { rating: 5 } })).body.code).toBe(8405);
    const closed = await operatorCall<{ status: string }>(`/support/conversations/${conversation.id}/close`, {});
    expect(closed.body.data.status).toBe('closed');
    expect((await open({}, user.token)).body.data.isRatingAsked).toBe(true);
    const rated = await testApp.call<SupportConversation>('/support/rate', { token: user.token, body: { rating: 4 } });
    expect(rated.body.data).toMatchObject({ rating: 4, isRatingAsked: false });
    expect((await testApp.call('/support/rate', { token: user.token, body: { rating: 1 } })).body.code).toBe(8405);
  });

  it("shows the agent the user's context and notes, keeps canned replies per language, and refuses roles without support", async () => {
    const user = await registerUser(testApp);
    const conversation = (await open({}, user.token)).body.data;
    const screenshot = await upload(testApp, user.token, tinyPng);
    await testApp.call('/recharge/create', {
      token: user.token,
      body: { method: 'fiat', walletType: 'BALANCE', amount: '250.00', screenshotUrl: screenshot.body.data?.url },
    });
    await operatorCall(`/support/conversations/${conversation.id}/note`, { text: 'Cliente nuevo, pregunta por depósitos' });
    const detail = await operatorCall<{
      context: { identity: { status: string }; deposits: Array<{ amount: string; status: string }>; openOrders: unknown[] };
      notes: Array<{ text: string }>;
    }>(`/support/conversations/${conversation.id}`);
    expect(detail.body.data.context).toMatchObject({
      identity: { status: 'none' },
      deposits: [{ amount: '250.00', status: 'pending' }],
      openOrders: [],
    });
    expect(detail.body.data.notes.map((note) => note.text)).toEqual(['Cliente nuevo, pregunta por depósitos']);
    // The user never sees a note.
    expect((await open({}, user.token)).body.data.messages).toEqual([]);

    const saved = await operatorCall<{ id: string }>('/support/canned-replies', {
      language: 'de',
      title: 'Begrüßung',
      text: 'Guten Tag, wie kann ich helfen?',
    });
    expect(saved.body.code).toBe(200);
    const replies = await operatorCall<Array<{ language: string; title: string }>>('/support/canned-replies');
    expect(replies.body.data).toContainEqual(expect.objectContaining({ language: 'de', title: 'Begrüßung' }));

    const support = await operatorWithRole(testApp, 'support');
    expect((await operatorCall(`/support/conversations/${conversation.id}/assign`, {}, support.token)).body.code).toBe(200);
    const reviewer = await operatorWithRole(testApp, 'reviewer');
    expect((await operatorCall('/support/conversations', undefined, reviewer.token)).body.code).toBe(6002);
    const watcher = await connectSupport(socketUrl);
    try {
      watcher.send({ op: 'watch', operatorToken: reviewer.token, conversationId: conversation.id, afterId: null });
      await watcher.waitFor((events) => events.some((event) => event.type === 'error'));
      expect(watcher.events.some((event) => event.type === 'joined')).toBe(false);
    } finally {
      await watcher.close();
    }
  });

  it('refuses a chat call from nobody, and a message with nothing in it', async () => {
    expect((await open({})).body.code).toBe(8402);
    const visitor = await connectSupport(socketUrl);
    try {
      await visitor.join({ deviceToken: newDevice() });
      visitor.send({ op: 'send', clientKey: clientKey(), imageUrl: '/web/file/not-mine.png' });
      await visitor.waitFor((events) => events.some((event) => event.type === 'error'));
      expect(visitor.messages()).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
  it("a visitor's closed chat hears only the agents' answers, live, on the device's conversation (its badge)", async () => {
    const device = newDevice();
    const nobody = await connectSupport(socketUrl);
    const visitor = await connectSupport(socketUrl);
    const listener = await connectSupport(socketUrl);
    try {
      // A device that never wrote has nothing to listen to, and listening creates nothing.
      nobody.send({ op: 'listen', deviceToken: newDevice() });
      await nobody.waitFor((events) => events.some((event) => event.type === 'error'));

      const { conversationId } = await visitor.join({ deviceToken: device });
      visitor.send({ op: 'send', clientKey: clientKey(), text: '¿Tienen comisiones por retiro?' });
      await visitor.waitFor((events) => events.some((event) => event.type === 'message'));
      await visitor.close();

      listener.send({ op: 'listen', deviceToken: device });
      await listener.waitFor((events) => events.some((event) => event.type === 'joined'));
      const answer = await reply(conversationId, 'Sí: la comisión de retiro se muestra antes de confirmar.');
      await listener.waitFor((events) => events.some((event) => event.type === 'message'));
      expect(listener.messages().map((message) => [message.id, message.author])).toEqual([[answer.body.data.id, 'agent']]);
      // The listener cannot write into the conversation.
      listener.send({ op: 'send', clientKey: clientKey(), text: 'no debería guardarse' });
      await listener.waitFor((events) => events.some((event) => event.type === 'error'));
      expect((await open({ deviceToken: device })).body.data).toMatchObject({ unread: 1 });
      expect((await open({ deviceToken: device })).body.data.messages.map((message) => message.author)).toEqual(['user', 'agent']);
    } finally {
      await Promise.all([nobody.close(), visitor.close(), listener.close()]);
    }
  });

  it("the console's queue hears, live, of a new conversation, a user's message, an answer and a closing", async () => {
    const queue = await connectSupport(socketUrl);
    const refused = await connectSupport(socketUrl);
    const visitor = await connectSupport(socketUrl);
    try {
      const reviewer = await operatorWithRole(testApp, 'reviewer');
      refused.send({ op: 'watchQueue', operatorToken: reviewer.token });
      await refused.waitFor((events) => events.some((event) => event.type === 'error'));

      queue.send({ op: 'watchQueue', operatorToken: agent });
      await queue.waitFor((events) => events.some((event) => event.type === 'queue'));
      const changesOf = (id: string) => queue.events.filter((event) => event.type === 'queue' && event.conversationIds.includes(id)).length;

      const { conversationId } = await visitor.join({ deviceToken: newDevice() });
      await queue.waitFor(() => changesOf(conversationId) === 1);
      visitor.send({ op: 'send', clientKey: clientKey(), text: 'Hola' });
      await queue.waitFor(() => changesOf(conversationId) === 2);
      // Typing and read receipts do not move the queue; an answer and a closing do.
      visitor.send({ op: 'typing' });
      await reply(conversationId, 'Hola, ¿en qué puedo ayudarle?');
      await queue.waitFor(() => changesOf(conversationId) === 3);
      await operatorCall(`/support/conversations/${conversationId}/close`, {});
      await queue.waitFor(() => changesOf(conversationId) === 4);
    } finally {
      await Promise.all([queue.close(), refused.close(), visitor.close()]);
    }
  });

  it("an answer while the user's chat is closed leaves one inbox message (not one per answer); none while the chat is open", async () => {
    const user = await registerUser(testApp);
    const { id } = (await open({}, user.token)).body.data;
    const supportNotices = async () =>
      (
        await testApp.call<{ list: Array<{ title: string }> }>('/userMessage/getMessage', {
          token: user.token,
          method: 'GET',
          language: 'es',
        })
      ).body.data.list.filter((message) => message.title === 'El soporte le respondió');

    await reply(id, 'Primera respuesta');
    await reply(id, 'Segunda respuesta, antes de que lea la primera');
    expect(await supportNotices()).toHaveLength(1);

    const chat = await connectSupport(socketUrl);
    try {
      await chat.join({ token: user.token });
      chat.send({ op: 'read', upToId: chat.messages().at(-1)?.id });
      await chat.waitFor((events) => events.some((event) => event.type === 'read' && event.author === 'user'));
      await reply(id, 'Con el chat abierto');
      await chat.waitFor((events) => events.some((event) => event.type === 'message' && event.message.text === 'Con el chat abierto'));
      expect(await supportNotices()).toHaveLength(1);
    } finally {
      await chat.close();
    }
  });
  it("an agent's image goes through the uploads module to the conversation's own user or device, and to nobody else", async () => {
    const device = newDevice();
    const { id } = (await open({ deviceToken: device })).body.data;
    const visitor = await connectSupport(socketUrl);
    try {
      await visitor.join({ deviceToken: device });
      const boundary = `----support${Date.now().toString(16)}`;
      const sent = await testApp.app.inject({
        method: 'POST',
        url: `/admin/api/support/conversations/${id}/image`,
        headers: { authorization: agent, 'content-type': `multipart/form-data; boundary=${boundary}`, languages: 'en' },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pasos.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          tinyPng,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      const message = (sent.json() as { code: number; data: { id: string; imageUrl: string; text: string | null; author: string } }).data;
      expect(message).toMatchObject({ author: 'agent', text: null, imageUrl: expect.stringMatching(/^\/web\/file\//) });
      await visitor.waitFor((events) => events.some((event) => event.type === 'message' && event.message.id === message.id));

      const image = (body: object, token?: string) =>
        testApp.app.inject({ method: 'POST', url: '/web/support/image', headers: token ? { authorization: token } : {}, payload: body });
      const shown = await image({ deviceToken: device, messageId: message.id });
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toBe('image/png');
      expect(shown.rawPayload.subarray(0, 8)).toEqual(tinyPng.subarray(0, 8));
      // Another device, a signed-in stranger, and the plain file route (the agent's image is not a user's upload) see nothing.
      expect((await image({ deviceToken: newDevice(), messageId: message.id })).statusCode).not.toBe(200);
      const stranger = await registerUser(testApp);
      expect((await image({ messageId: message.id }, stranger.token)).statusCode).not.toBe(200);
      const plain = await testApp.app.inject({ method: 'GET', url: message.imageUrl, headers: { authorization: stranger.token } });
      expect(plain.statusCode).not.toBe(200);
      // The console shows it through the operators' file route.
      const forAgent = await testApp.app.inject({
        method: 'GET',
        url: message.imageUrl.replace('/web/file/', '/admin/api/file/'),
        headers: { authorization: agent },
      });
      expect(forAgent.statusCode).toBe(200);
    } finally {
      await visitor.close();
    }
  });
});
