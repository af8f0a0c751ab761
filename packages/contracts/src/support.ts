import { z } from 'zod';
import { locales } from './locales.ts';
import { pageOf, pageQueryFields, pathIdSchema } from './paging.ts';
import { optionalTextSchema, textSchema, typeError } from './validation.ts';

/**
 * Support chat (issue 23 §1; spec §1 customer-service chat, §2 customer-service pop-up, §3 `wsUrl`, §6,
 * §7 `/userCenter/apply/service`). A signed-in user has one conversation of their own; a visitor has a
 * general one tied to their device (a random token the app keeps), joined to the user's own at sign-in.
 * Messages travel over the support socket (`supportSocketPath`) and are stored, so a socket that comes
 * back asks for what it missed by the last message id it saw.
 */

export const supportSocketPath = '/web/support/socket';
/** The user record's `wsUrl`: the socket, naming the user's own conversation (the session token decides). */
export const userChatLink = (userId: string | number) => `${supportSocketPath}?chat=user-${userId}`;
/** The general conversation's link for visitors (their device token decides which conversation). */
export const generalChatLink = `${supportSocketPath}?chat=general`;

export const SUPPORT_TEXT_LENGTH_MAX = 2000;
/** Messages a join or an open answers at most; older ones are not shown in the pop-up. */
export const SUPPORT_HISTORY_MAX = 200;

/** A device's random token (the app makes it with crypto.randomUUID and keeps it in local storage). */
export const deviceTokenSchema = z.string({ error: typeError }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'validation.invalidValue' });

export const supportAuthors = ['user', 'agent', 'system'] as const;
export type SupportAuthor = (typeof supportAuthors)[number];
/** System messages: the agent closed the conversation and asks for a rating; the user gave one. */
export const supportSystemEvents = ['closed', 'rated', 'joined'] as const;

export const supportMessageSchema = z.object({
  id: z.string(),
  author: z.enum(supportAuthors),
  /** An agent's display name, shown with the verified badge; null for users and system messages. */
  agentName: z.string().nullable(),
  text: z.string().nullable(),
  /** An image uploaded through the uploads module (its URL, served to its owner and operators). */
  imageUrl: z.string().nullable(),
  systemEvent: z.enum(supportSystemEvents).nullable(),
  /** The sender's own key, so the sender recognises its message when it comes back over the socket. */
  clientKey: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportConversationStatuses = ['open', 'closed'] as const;

export const supportConversationSchema = z.object({
  id: z.string(),
  /** The user's own chat link when signed in, the general one for a visitor (spec §6). */
  wsUrl: z.string(),
  status: z.enum(supportConversationStatuses),
  messages: z.array(supportMessageSchema),
  /** The last message the agent has read (read receipts), and the user. */
  agentReadUpTo: z.string().nullable(),
  userReadUpTo: z.string().nullable(),
  /** Agent messages after `userReadUpTo`: the badge on the chat button. */
  unread: z.number().int(),
  /** Closed by an agent and not rated yet: the pop-up asks for a rating. */
  isRatingAsked: z.boolean(),
  rating: z.number().int().nullable(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

const callerFields = { deviceToken: deviceTokenSchema.optional() };

export const supportOpenBody = z.object(callerFields);
export const supportRateBody = z.object({
  ...callerFields,
  rating: z.number({ error: typeError }).int({ error: 'validation.invalidValue' }).min(1, { error: 'validation.invalidValue' }).max(5, {
    error: 'validation.invalidValue',
  }),
});

/** An image in the caller's conversation (an agent's, served to the conversation's user or device only). */
export const supportImageBody = z.object({
  ...callerFields,
  messageId: z.string({ error: typeError }).regex(/^\d{1,16}$/, { error: 'validation.invalidValue' }),
});
/** POST: answers the image's bytes (not an envelope), like GET /file/{key} does for the owner's uploads. */
export const supportImagePath = '/support/image';
/** POST multipart (field `file`) under the console's API: an agent sends an image into a conversation. */
export const operatorSupportImagePath = '/support/conversations/:id/image';

export const supportApi = {
  /** Opens (or finds) the caller's conversation with its latest messages; a visitor's is joined to the user's at sign-in. */
  open: { method: 'POST', path: '/userCenter/apply/service', body: supportOpenBody, data: supportConversationSchema },
  /** How many agent messages the caller has not read (the chat button's badge). */
  unread: { method: 'POST', path: '/support/unread', body: supportOpenBody, data: z.object({ unread: z.number().int() }) },
  rate: { method: 'POST', path: '/support/rate', body: supportRateBody, data: supportConversationSchema },
} as const;

/** What a client sends on the support socket. */
export const supportSocketClientMessageSchema = z.discriminatedUnion('op', [
  /** The user's session token, or a visitor's device token; `afterId`: the last message this client saw. */
  z.object({
    op: z.literal('join'),
    token: z.string().max(200).nullable(),
    deviceToken: deviceTokenSchema.nullable(),
    afterId: z
      .string()
      .regex(/^\d{1,16}$/)
      .nullable(),
  }),
  /** An agent's console follows one conversation (the operator's session token). */
  z.object({
    op: z.literal('watch'),
    operatorToken: z.string().max(200),
    conversationId: z.string().regex(/^\d{1,16}$/),
    afterId: z
      .string()
      .regex(/^\d{1,16}$/)
      .nullable(),
  }),
  z.object({
    op: z.literal('send'),
    clientKey: z.string().min(8).max(64),
    text: optionalTextSchema(SUPPORT_TEXT_LENGTH_MAX),
    imageUrl: z.string().max(300).optional(),
  }),
  /**
   * The chat button of a visitor whose chat is closed: follows the device's conversation (never creates
   * one) and hears only agents' answers, for its unread badge. Signed-in users hear them on the push socket.
   */
  z.object({ op: z.literal('listen'), deviceToken: deviceTokenSchema }),
  /** The console's queue: hears which conversations changed (a new one, a new message, assigned, closed). */
  z.object({ op: z.literal('watchQueue'), operatorToken: z.string().max(200) }),
  z.object({ op: z.literal('typing') }),
  z.object({ op: z.literal('read'), upToId: z.string().regex(/^\d{1,16}$/) }),
  z.object({ op: z.literal('ping') }),
]);
export type SupportSocketClientMessage = z.infer<typeof supportSocketClientMessageSchema>;

export type SupportSocketServerMessage =
  | {
      type: 'joined';
      conversationId: string;
      /** Messages after the client's `afterId` (or the latest ones), oldest first. */
      messages: SupportMessage[];
      agentReadUpTo: string | null;
      userReadUpTo: string | null;
      status: 'open' | 'closed';
      isRatingAsked: boolean;
    }
  | { type: 'message'; message: SupportMessage }
  | { type: 'typing'; author: 'user' | 'agent' }
  | { type: 'read'; author: 'user' | 'agent'; upToId: string }
  | { type: 'status'; status: 'open' | 'closed'; isRatingAsked: boolean }
  /** The queue changed: these conversations were created, written in, assigned, closed or rated. */
  | { type: 'queue'; conversationIds: string[] }
  | { type: 'pong'; timestamp: number }
  | { type: 'error'; message: string };

/* ---------------------------------------------------------------- the agent console */

export const supportQueueItemSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  status: z.enum(supportConversationStatuses),
  language: z.string(),
  assignedOperatorId: z.string().nullable(),
  assignedOperatorEmail: z.string().nullable(),
  /** Since when the user waits for an answer (their first unanswered message); null when answered. */
  waitingSinceTimestamp: z.number().int().nullable(),
  lastMessageText: z.string().nullable(),
  lastMessageTimestamp: z.number().int().nullable(),
  rating: z.number().int().nullable(),
});
export type SupportQueueItem = z.infer<typeof supportQueueItemSchema>;

export const supportQueueQuery = z.object({
  status: z.enum([...supportConversationStatuses, 'all'], { error: 'validation.invalidValue' }).default('open'),
  ...pageQueryFields,
});

export const supportNoteSchema = z.object({
  id: z.string(),
  operatorEmail: z.string(),
  text: z.string(),
  createTimeTimestamp: z.number().int(),
});

/** The user beside the chat (read only): identity state, recent deposits and withdrawals, open orders. */
export const supportContextSchema = z.object({
  identity: z.object({ status: z.string(), name: z.string().nullable() }),
  deposits: z.array(
    z.object({ id: z.string(), amount: z.string(), currency: z.string(), status: z.string(), createTimeTimestamp: z.number() }),
  ),
  withdrawals: z.array(
    z.object({ id: z.string(), amount: z.string(), currency: z.string(), status: z.string(), createTimeTimestamp: z.number() }),
  ),
  openOrders: z.array(
    z.object({ id: z.string(), code: z.string(), quantity: z.string(), status: z.string(), createTimeTimestamp: z.number() }),
  ),
});
export type SupportContext = z.infer<typeof supportContextSchema>;

export const supportConversationDetailSchema = z.object({
  conversation: supportQueueItemSchema,
  messages: z.array(supportMessageSchema),
  notes: z.array(supportNoteSchema),
  userReadUpTo: z.string().nullable(),
  agentReadUpTo: z.string().nullable(),
  /** Null for a visitor, who has no account to look at. */
  context: supportContextSchema.nullable(),
});

export const supportCannedReplySchema = z.object({
  id: z.string(),
  language: z.enum(locales),
  title: z.string(),
  text: z.string(),
});
export type SupportCannedReply = z.infer<typeof supportCannedReplySchema>;

export const supportReplyBody = z.object({ text: textSchema(SUPPORT_TEXT_LENGTH_MAX), clientKey: z.string().min(8).max(64) });
export const supportNoteBody = z.object({ text: textSchema(SUPPORT_TEXT_LENGTH_MAX) });
export const supportReadBody = z.object({ upToId: z.string().regex(/^\d{1,16}$/, { error: 'validation.invalidValue' }) });
export const supportCannedBody = z.object({
  /** Absent: a new reply; present: that reply edited. */
  id: z
    .string()
    .regex(/^\d{1,16}$/, { error: 'validation.invalidValue' })
    .optional(),
  language: z.enum(locales, { error: 'validation.invalidValue' }),
  title: textSchema(60),
  text: textSchema(SUPPORT_TEXT_LENGTH_MAX),
});
export const supportConversationParams = z.object({ id: pathIdSchema });

const conversationPath = '/support/conversations/:id';
export const operatorSupportApi = {
  queue: {
    method: 'GET',
    path: '/support/conversations',
    permission: 'support.chat',
    query: supportQueueQuery,
    data: pageOf(supportQueueItemSchema),
  },
  detail: {
    method: 'GET',
    path: conversationPath,
    permission: 'support.chat',
    params: supportConversationParams,
    data: supportConversationDetailSchema,
  },
  assign: {
    method: 'POST',
    path: `${conversationPath}/assign`,
    permission: 'support.chat',
    params: supportConversationParams,
    data: supportQueueItemSchema,
  },
  reply: {
    method: 'POST',
    path: `${conversationPath}/reply`,
    permission: 'support.chat',
    params: supportConversationParams,
    body: supportReplyBody,
    data: supportMessageSchema,
  },
  note: {
    method: 'POST',
    path: `${conversationPath}/note`,
    permission: 'support.chat',
    params: supportConversationParams,
    body: supportNoteBody,
    data: supportNoteSchema,
  },
  read: {
    method: 'POST',
    path: `${conversationPath}/read`,
    permission: 'support.chat',
    params: supportConversationParams,
    body: supportReadBody,
    data: z.object({ agentReadUpTo: z.string() }),
  },
  close: {
    method: 'POST',
    path: `${conversationPath}/close`,
    permission: 'support.chat',
    params: supportConversationParams,
    data: supportQueueItemSchema,
  },
  cannedReplies: { method: 'GET', path: '/support/canned-replies', permission: 'support.chat', data: z.array(supportCannedReplySchema) },
  saveCannedReply: {
    method: 'POST',
    path: '/support/canned-replies',
    permission: 'support.replies',
    body: supportCannedBody,
    data: supportCannedReplySchema,
  },
} as const;
