import { type SupportSocketServerMessage, supportSocketPath } from '@bolsa/contracts';

const RECONNECT_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

type SocketLike = Pick<WebSocket, 'send' | 'close'> & {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
};

/**
 * A visitor's chat button while the chat is closed (signed-in users hear answers on the push socket):
 * listens on the support socket to the device's conversation and calls `onAnswer` for each agent message,
 * so the badge counts up live. After a reconnect `onReconnect` lets the button read the count again.
 * A device without a conversation is refused once and not asked again. Answers the function that stops.
 */
export function listenForAnswers(options: {
  deviceToken: string;
  onAnswer: (messageId: string) => void;
  onReconnect: () => void;
  createSocket?: (url: string) => SocketLike;
}): () => void {
  let isStopped = false;
  let attempts = 0;
  let socket: SocketLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const { protocol, host } = window.location;
  const url = `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${supportSocketPath}`;
  const connect = () => {
    const created = (options.createSocket ?? ((target) => new WebSocket(target)))(url);
    socket = created;
    created.onopen = () => created.send(JSON.stringify({ op: 'listen', deviceToken: options.deviceToken }));
    created.onmessage = (raw) => {
      const event = JSON.parse(String(raw.data)) as SupportSocketServerMessage;
      if (event.type === 'joined') {
        if (attempts > 0) options.onReconnect();
        attempts = 0;
      } else if (event.type === 'message' && event.message.author === 'agent') options.onAnswer(event.message.id);
      else if (event.type === 'error') {
        isStopped = true;
        created.close();
      }
    };
    created.onclose = () => {
      if (isStopped) return;
      const delay = RECONNECT_DELAYS_MS[Math.min(attempts, RECONNECT_DELAYS_MS.length - 1)] ?? 16_000;
      attempts += 1;
      timer = setTimeout(connect, delay);
    };
  };
  connect();
  return () => {
    isStopped = true;
    if (timer) clearTimeout(timer);
    socket?.close();
  };
}
