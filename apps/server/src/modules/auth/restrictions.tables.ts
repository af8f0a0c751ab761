import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, textEnum } from '../../platform/db/columns.ts';
import { users } from './auth.tables.ts';

/**
 * What an operator has frozen on an account, one row per kind while it lasts (lifting deletes it; the
 * audit log keeps the history). Login also sets users.status, which every authenticated request already
 * reads; trading is enforced by a trigger on new opening orders; withdrawals by the withdrawal service.
 */
export const userRestrictions = pgTable(
  'user_restrictions',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: textEnum('kind', ['login', 'trading', 'withdrawals']).notNull(),
    reason: text('reason').notNull(),
    /** The operator who froze it (operators live in the admin module, above this one: no foreign key). */
    operatorId: bigint('operator_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);
