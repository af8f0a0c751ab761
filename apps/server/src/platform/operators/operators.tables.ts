import { bigint, bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../db/columns.ts';

/**
 * The operators' table and their audit log live in the platform: every module's operator routes act as
 * an operator and audit what they do. The admin module owns the rest (sign-in, sessions, TOTP, roles).
 */
/** People who run the platform; separate from users. Roles arrive with the console issue; the first is an admin. */
export const operators = pgTable('operators', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull().default('admin'),
  createdAt: createdAt(),
  /** The enrolled TOTP secret (base32); null while two-factor sign-in is off. */
  totpSecret: text('totp_secret'),
  /** A secret shown for enrolment, not yet confirmed with a code. */
  totpPendingSecret: text('totp_pending_secret'),
  totpEnabledAt: at('totp_enabled_at'),
  /** The last 30-second step whose code was accepted: no code of it or before works again. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
});

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
  (table) => [
    index('audit_log_target_idx').on(table.targetType, table.targetId),
    index('audit_log_operator_idx').on(table.operatorId),
    // The console's audit search pages newest first, often narrowed by action.
    index('audit_log_created_at_idx').on(table.createdAt),
    index('audit_log_action_idx').on(table.action),
  ],
);
