import { type SupportMessage, type SupportSocketServerMessage, supportSocketPath } from '@bolsa/contracts';

/** What the chat panel shows: the stored messages, those still on their way, and the other side's signals. */
export type ChatState = {
  connection: 'connecting' | 'open' | 'offline';
  conversationId: string | null;
  /** Stored messages in id order, then the caller's messages not yet confirmed (id ''). */
  messages: SupportMessage[];
  agentReadUpTo: string | null;
  isAgentTyping: boolean;
  status: 'open' | 'closed';
  isRatingAsked: boolean;
  /** The last refusal the server sent (already translated), until the next message is sent. */
  error: string | null;
};

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
};

export type ChatConnectionOptions = {
  token: string | null;
  deviceToken: string;
  onChange: (state: ChatState) => void;
  /** What the HTTP open answered: shown at once, and the socket asks only for what came after. */
  initial?: {
    conversationId: string;
    messages: SupportMessage[];
    agentReadUpTo: string | null;
    status: 'open' | 'closed';
    isRatingAsked: boolean;
  };
  /** The conversation's link (`wsUrl`, a path on this host), else the socket's general path. */
  url?: string;
  createSocket?: (url: string) => SocketLike;
  newClientKey?: () => string;
};

const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000];
const TYPING_SHOWN_MS = 4_000;
const TYPING_SENT_EVERY_MS = 2_500;
const OPEN = 1;

function socketUrl(path: string): string {
  if (/^wss?:/.test(path)) return path;
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${path}`;
}

/** Stored messages by id, then the pending ones in the order they were written. */
function merged(stored: Map<string, SupportMessage>, pending: Map<string, SupportMessage>): SupportMessage[] {
  const byId = [...stored.values()].sort((left, right) => Number(left.id) - Number(right.id));
  return [...byId, ...pending.values()];
}

/** What the chat shows, and how each server event changes it (apart from the socket, so it reads alone). */
function createChatModel(options: Pick<ChatConnectionOptions, 'initial' | 'onChange'>) {
  const stored = new Map<string, SupportMessage>();
  const pending = new Map<string, SupportMessage>();
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  let state: ChatState = {
    connection: 'connecting',
    conversationId: null,
    messages: [],
    agentReadUpTo: null,
    isAgentTyping: false,
    status: 'open',
    isRatingAsked: false,
    error: null,
  };
  if (options.initial) {
    for (const message of options.initial.messages) stored.set(message.id, message);
    const { conversationId, agentReadUpTo, status, isRatingAsked } = options.initial;
    state = { ...state, conversationId, agentReadUpTo, status, isRatingAsked, messages: merged(stored, pending) };
  }
  const update = (change: Partial<ChatState>) => {
    state = { ...state, ...change, messages: merged(stored, pending) };
    options.onChange(state);
  };
  return {
    stored,
    pending,
    update,
    lastStoredId: () =>
      [...stored.keys()].reduce<string | null>((last, id) => (last === null || Number(id) > Number(last) ? id : last), null),
    stopTyping: () => typingTimer && clearTimeout(typingTimer),
    receive(event: SupportSocketServerMessage) {
      if (event.type === 'joined') {
        for (const message of event.messages) stored.set(message.id, message);
        const { conversationId, agentReadUpTo, status, isRatingAsked } = event;
        return update({ connection: 'open', conversationId, agentReadUpTo, status, isRatingAsked });
      }
      if (event.type === 'message') {
        stored.set(event.message.id, event.message);
        if (event.message.clientKey) pending.delete(event.message.clientKey);
        return update(event.message.author === 'agent' ? { isAgentTyping: false } : {});
      }
      if (event.type === 'typing') {
        if (event.author !== 'agent') return;
        if (typingTimer) clearTimeout(typingTimer);
        typingTimer = setTimeout(() => update({ isAgentTyping: false }), TYPING_SHOWN_MS);
        return update({ isAgentTyping: true });
      }
      if (event.type === 'read') return event.author === 'agent' ? update({ agentReadUpTo: event.upToId }) : undefined;
      if (event.type === 'status') return update({ status: event.status, isRatingAsked: event.isRatingAsked });
      if (event.type === 'error') return update({ error: event.message });
    },
  };
}

/**
 * The chat's socket: joins the caller's conversation (session token, else the device token), resyncs by
 * the last stored id after every reconnect, keeps unsent messages and sends them again with the same
 * key once joined (the server stores each key once), and reports every change as one state.
 */
export function createChatConnection(options: ChatConnectionOptions) {
  const model = createChatModel(options);
  // The first state at once (what the HTTP open answered), so the chat can be written in before the socket joins.
  model.update({});
  let socket: SocketLike | undefined;
  let isJoined = false;
  let isClosed = false;
  let attempts = 0;
  let lastTypingSentAt = 0;
  /** The newest agent message the user has seen: sent now, or once joined. */
  let readUpTo: string | null = null;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const write = (message: unknown) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };
  const sendMessage = (message: SupportMessage) =>
    write({ op: 'send', clientKey: message.clientKey, text: message.text ?? undefined, imageUrl: message.imageUrl ?? undefined });

  function receive(event: SupportSocketServerMessage) {
    if (event.type === 'joined') {
      isJoined = true;
      attempts = 0;
      for (const message of model.pending.values()) sendMessage(message);
      if (readUpTo !== null) write({ op: 'read', upToId: readUpTo });
    }
    model.receive(event);
  }

  function connect() {
    if (isClosed) return;
    const created = (options.createSocket ?? ((url) => new WebSocket(url)))(socketUrl(options.url ?? supportSocketPath));
    socket = created;
    created.onopen = () => write({ op: 'join', token: options.token, deviceToken: options.deviceToken, afterId: model.lastStoredId() });
    created.onmessage = (message) => {
      try {
        receive(JSON.parse(String(message.data)) as SupportSocketServerMessage);
      } catch {
        // A frame that is not JSON is not ours to show.
      }
    };
    created.onclose = () => {
      if (socket !== created || isClosed) return;
      isJoined = false;
      model.update({ connection: 'offline' });
      const delay = RECONNECT_DELAYS_MS[Math.min(attempts, RECONNECT_DELAYS_MS.length - 1)] ?? 8_000;
      attempts += 1;
      const timer = setTimeout(() => {
        timers.delete(timer);
        connect();
      }, delay);
      timers.add(timer);
    };
  }
  connect();

  return {
    /** A text or an image: shown at once as sending, stored once by its key however often it is sent again. */
    send(input: { text?: string; imageUrl?: string }) {
      const clientKey = (options.newClientKey ?? (() => crypto.randomUUID()))();
      const message: SupportMessage = {
        id: '',
        author: 'user',
        agentName: null,
        text: input.text ?? null,
        imageUrl: input.imageUrl ?? null,
        systemEvent: null,
        clientKey,
        createTimeTimestamp: Date.now(),
      };
      model.pending.set(clientKey, message);
      if (isJoined) sendMessage(message);
      model.update({ error: null });
    },
    /** Tells the agent the user is typing, at most every few seconds. */
    typing() {
      if (!isJoined || Date.now() - lastTypingSentAt < TYPING_SENT_EVERY_MS) return;
      lastTypingSentAt = Date.now();
      write({ op: 'typing' });
    },
    /** The user has seen every stored message: a read receipt for the newest agent message. */
    markRead(upToId: string) {
      readUpTo = upToId;
      if (isJoined) write({ op: 'read', upToId });
    },
    close() {
      isClosed = true;
      for (const timer of timers) clearTimeout(timer);
      model.stopTyping();
      socket?.close();
    },
  };
}

export type ChatConnection = ReturnType<typeof createChatConnection>;
