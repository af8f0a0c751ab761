import { bigint, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.ts';

/**
 * A user's acknowledgement of leveraged trading (issue 15 §11): before the first order at leverage above 1,
 * the user answers a short appropriateness check and reads a risk disclosure. One row per user, written
 * once; the answers are kept as given, with the version of the questions they answered.
 */
export const tradingLeverageAcknowledgements = pgTable('trading_leverage_acknowledgements', {
  /** Users live in the identity module, beside this one: no foreign key. */
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  questionsVersion: text('questions_version').notNull(),
  /** Question id to the option chosen, e.g. { "marginLoss": "more_than_margin" }. */
  answers: jsonb('answers').$type<Record<string, string>>().notNull(),
  acknowledgedAt: at('acknowledged_at').notNull().defaultNow(),
});
