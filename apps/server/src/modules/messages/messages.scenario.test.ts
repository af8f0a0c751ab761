import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorToken, registerUser, startTestApp, type TestApp, tinyPng, upload, withOperator } from '../../test/test-app.ts';

type Message = { id: string; kind: string; title: string; content: string; isRead: boolean };
type Inbox = { list: Message[]; total: number; unreadCount: number };

describe('messages: the system tells the user what happened, operators can write, nobody reads another user’s', () => {
  let testApp: TestApp;
  let operator: string;

  const inbox = async (token: string, language = 'ar') =>
    (await testApp.call<Inbox>('/userMessage/getMessage', { token, method: 'GET', language })).body.data;

  async function approvedDeposit(token: string, amount: string) {
    const uploaded = await upload(testApp, token, tinyPng);
    const deposit = await testApp.call<{ id: string }>('/recharge/create', {
      token,
      body: { method: 'fiat', walletType: 'BALANCE', amount, screenshotUrl: uploaded.body.data?.url },
    });
    await testApp.call(`/deposits/${deposit.body.data.id}/approve`, { isOperatorApi: true, token: operator });
    return deposit.body.data.id;
  }

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator });
    operator = await operatorToken(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('writes a message when a deposit is credited, rendered in the language of whoever reads it', async () => {
    const user = await registerUser(testApp);
    await approvedDeposit(user.token, '120.50');
    const spanish = await inbox(user.token);
    expect(spanish.unreadCount).toBe(1);
    expect(spanish.list[0]).toMatchObject({
      kind: 'system',
      title: 'Depósito acreditado',
      content: 'Su depósito de 120.50 USD se acreditó en su billetera.',
      isRead: false,
    });
    const english = await inbox(user.token, 'en');
    expect(english.list[0]?.title).toBe('Deposit credited');
  });

  it('tells the user a refused deposit with the reviewer’s reason', async () => {
    const user = await registerUser(testApp);
    const uploaded = await upload(testApp, user.token, tinyPng);
    const deposit = await testApp.call<{ id: string }>('/recharge/create', {
      token: user.token,
      body: { method: 'fiat', walletType: 'BALANCE', amount: '30.00', screenshotUrl: uploaded.body.data?.url },
    });
    await testApp.call(`/deposits/${deposit.body.data.id}/reject`, {
      isOperatorApi: true,
      token: operator,
      body: { reason: 'El comprobante no es legible' },
    });
    expect((await inbox(user.token)).list[0]?.content).toBe('Su depósito de 30.00 USD no se acreditó: El comprobante no es legible');
  });

  it('marks a message read when opened, or all at once, and keeps the unread count right', async () => {
    const user = await registerUser(testApp);
    await approvedDeposit(user.token, '10.00');
    await approvedDeposit(user.token, '20.00');
    const before = await inbox(user.token);
    expect(before.unreadCount).toBe(2);
    const opened = await testApp.call<Message>(`/userMessage/${before.list[0]?.id}`, { token: user.token, method: 'GET' });
    expect(opened.body.data.isRead).toBe(true);
    expect((await inbox(user.token)).unreadCount).toBe(1);
    const all = await testApp.call<{ unreadCount: number }>('/userMessage/updateRead', { token: user.token, body: { all: true } });
    expect(all.body.data.unreadCount).toBe(0);
    expect((await inbox(user.token)).list.every((message) => message.isRead)).toBe(true);
  });

  it('marks the messages named by id read, and only those', async () => {
    const user = await registerUser(testApp);
    for (const amount of ['1.00', '2.00', '3.00']) await approvedDeposit(user.token, amount);
    const [newest, middle] = (await inbox(user.token)).list;
    const marked = await testApp.call<{ unreadCount: number }>('/userMessage/updateRead', {
      token: user.token,
      body: { ids: [newest?.id, Number(middle?.id)] },
    });
    expect(marked.body).toMatchObject({ code: 200, data: { unreadCount: 1 } });
    expect((await inbox(user.token)).list.map((message) => message.isRead)).toEqual([true, true, false]);
  });

  it('never shows one user’s message to another', async () => {
    const owner = await registerUser(testApp);
    const stranger = await registerUser(testApp);
    await approvedDeposit(owner.token, '5.00');
    const id = (await inbox(owner.token)).list[0]?.id;
    const peek = await testApp.call(`/userMessage/${id}`, { token: stranger.token, method: 'GET' });
    expect(peek.body.code).toBe(4013);
    await testApp.call('/userMessage/updateRead', { token: stranger.token, body: { ids: [Number(id)] } });
    expect((await inbox(owner.token)).unreadCount).toBe(1);
    expect((await inbox(stranger.token)).list).toEqual([]);
  });

  it('delivers an operator message to one user, and a broadcast to everyone already registered', async () => {
    const first = await registerUser(testApp);
    const second = await registerUser(testApp);
    await testApp.call('/messages', {
      isOperatorApi: true,
      token: operator,
      body: { userId: first.user.id, title: 'Hola', content: 'Su cuenta está lista.' },
    });
    await testApp.call('/messages', {
      isOperatorApi: true,
      token: operator,
      body: { title: 'Mantenimiento', content: 'El domingo de 2 a 3 h.' },
    });
    expect((await inbox(first.token)).list.map((message) => message.title)).toEqual(['Mantenimiento', 'Hola']);
    expect((await inbox(second.token)).list.map((message) => message.title)).toEqual(['Mantenimiento']);
    const later = await registerUser(testApp);
    expect((await inbox(later.token)).list).toEqual([]);
  });
});
