import { supportAuthors, supportConversationStatuses, supportSystemEvents } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, textEnum } from '../../platform/db/columns.ts';

/**
 * One conversation per signed-in user (`user_id`), or per visitor's device (`device_token_hash`, the
 * sha256 of the token the app keeps, so a copy of the table cannot speak for the device). A visitor's
 * conversation is joined to the user's at sign-in: its messages move over and it is deleted, or, when
 * the user had none, it simply becomes the user's. Closing does not end it: the user's next message
 * opens it again, so a user always has one thread.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }),
    deviceTokenHash: text('device_token_hash'),
    status: textEnum('status', supportConversationStatuses).notNull().default('open'),
    /** The language the user writes in (the app's), so agents pick canned replies in it. */
    language: text('language').notNull(),
    assignedOperatorId: bigint('assigned_operator_id', { mode: 'number' }),
    /** The first user message no agent has answered yet; null when the user waits for nobody. */
    waitingSince: at('waiting_since'),
    userReadUpTo: bigint('user_read_up_to', { mode: 'number' }),
    agentReadUpTo: bigint('agent_read_up_to', { mode: 'number' }),
    lastMessageAt: at('last_message_at'),
    /** Set when an agent closes; cleared when the user rates or writes again. */
    isRatingAsked: boolean('is_rating_asked').notNull().default(false),
    rating: integer('rating'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('support_conversations_user_key').on(table.userId),
    uniqueIndex('support_conversations_device_key').on(table.deviceTokenHash),
    index('support_conversations_queue').on(table.status, table.waitingSince),
    check('support_conversations_owner', sql`(${table.userId} IS NULL) <> (${table.deviceTokenHash} IS NULL)`),
    check('support_conversations_rating', sql`${table.rating} IS NULL OR ${table.rating} BETWEEN 1 AND 5`),
  ],
);

/** Every message of a conversation, in id order; an agent's carries the operator who wrote it. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' }).notNull(),
    author: textEnum('author', supportAuthors).notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }),
    text: text('text'),
    imageUrl: text('image_url'),
    systemEvent: textEnum('system_event', supportSystemEvents),
    /** The sender's key: a message sent twice (a retry after a reconnect) is stored once. */
    clientKey: text('client_key'),
    createdAt: createdAt(),
  },
  (table) => [
    index('support_messages_conversation').on(table.conversationId, table.id),
    uniqueIndex('support_messages_client_key').on(table.conversationId, table.clientKey),
    check('support_messages_agent', sql`(${table.author} = 'agent') = (${table.operatorId} IS NOT NULL)`),
  ],
);

/** Agents' internal notes on a conversation: never shown to the user. */
export const supportNotes = pgTable(
  'support_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' }).notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('support_notes_conversation').on(table.conversationId, table.id)],
);

/** Replies agents pick from, per language; kept by operators with `support.replies`. */
export const supportCannedReplies = pgTable(
  'support_canned_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('support_canned_replies_title_key').on(table.language, table.title)],
);
