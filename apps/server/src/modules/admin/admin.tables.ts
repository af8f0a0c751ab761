import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** People who run the platform; separate from users. Roles arrive with the console issue; the first is an admin. */
export const operators = pgTable('operators', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull().default('admin'),
  createdAt: createdAt(),
});

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ipAddress: text('ip_address'),
  },
  (table) => [uniqueIndex('operator_sessions_token_hash_key').on(table.tokenHash)],
);

/** Every operator action: who, what, on what, before and after, when, from where. Append-only (trigger). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (table) => [index('audit_log_target_idx').on(table.targetType, table.targetId), index('audit_log_operator_idx').on(table.operatorId)],
);
