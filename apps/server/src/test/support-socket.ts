import type { SupportMessage, SupportSocketServerMessage } from '@bolsa/contracts';
import WebSocket from 'ws';

/** A support-socket client for tests: collects every event and waits for the ones a test expects. */
export async function connectSupport(url: string) {
  const socket = new WebSocket(url);
  const events: SupportSocketServerMessage[] = [];
  socket.on('message', (raw) => events.push(JSON.parse(String(raw)) as SupportSocketServerMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const client = {
    socket,
    events,
    send(message: unknown) {
      socket.send(JSON.stringify(message));
    },
    /** Every message this socket has seen, joined or live, once each, in id order. */
    messages(): SupportMessage[] {
      const byId = new Map<string, SupportMessage>();
      for (const event of events) {
        if (event.type === 'joined') for (const message of event.messages) byId.set(message.id, message);
        if (event.type === 'message') byId.set(event.message.id, event.message);
      }
      return [...byId.values()].sort((left, right) => Number(left.id) - Number(right.id));
    },
    async waitFor(predicate: (events: SupportSocketServerMessage[]) => boolean, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(events)) {
        if (Date.now() > deadline)
          throw new Error(`support: condition not met in ${timeoutMs} ms; got ${JSON.stringify(events.slice(-5))}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async join(message: { token?: string | null; deviceToken?: string | null; afterId?: string | null }) {
      const before = events.filter((event) => event.type === 'joined').length;
      client.send({ op: 'join', token: message.token ?? null, deviceToken: message.deviceToken ?? null, afterId: message.afterId ?? null });
      await client.waitFor(
        (seen) => seen.filter((event) => event.type === 'joined').length > before || seen.some((event) => event.type === 'error'),
      );
      const joined = events.filter((event) => event.type === 'joined').at(-1);
      if (joined?.type !== 'joined') throw new Error(`support: join refused: ${JSON.stringify(events.at(-1))}`);
      return joined;
    },
    async close() {
      if (socket.readyState === socket.CLOSED) return;
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close();
      });
    },
  };
  return client;
}
