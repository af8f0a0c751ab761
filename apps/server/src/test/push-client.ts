import type { PushServerMessage } from '@bolsa/contracts';
import WebSocket from 'ws';

/** A push-socket client for tests: collects every message and waits for the ones a test expects. */
export async function connectPush(url: string) {
  const socket = new WebSocket(url);
  const messages: PushServerMessage[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw)) as PushServerMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    messages,
    send(message: unknown) {
      socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    },
    quotes(code?: string) {
      return messages.flatMap((message) => (message.type === 'quote' && (!code || message.data.code === code) ? [message.data] : []));
    },
    async waitFor(predicate: (messages: PushServerMessage[]) => boolean, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(messages)) {
        if (Date.now() > deadline) throw new Error(`push: condition not met in ${timeoutMs} ms; got ${JSON.stringify(messages.slice(-5))}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      if (socket.readyState === socket.CLOSED) return;
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close();
      });
    },
  };
}
