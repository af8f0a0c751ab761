import { type AnyPgColumn, bigint, bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, textEnum } from '../../platform/db/columns.ts';

/** An account holder. The email is stored lower-cased, so one address is one account. */
export const users = pgTable('users', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  payPasswordHash: text('pay_password_hash'),
  invitationCode: text('invitation_code').notNull().unique(),
  invitedByUserId: bigint('invited_by_user_id', { mode: 'number' }).references((): AnyPgColumn => users.id),
  status: textEnum('status', ['active', 'frozen']).notNull().default('active'),
  createdAt: createdAt(),
  passwordChangedAt: at('password_changed_at'),
  /** Two-factor sign-in (issue 25 §1): the base32 TOTP secret while on, the one being set up, and the last step accepted. */
  totpSecret: text('totp_secret'),
  totpPendingSecret: text('totp_pending_secret'),
  totpEnabledAt: at('totp_enabled_at'),
  /** A code of this 30-second step or an earlier one is never accepted again. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
});

/** The ten single-use recovery codes given when two-factor is turned on; argon2id hashes only, like passwords. */
export const recoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: at('used_at'),
  },
  (table) => [index('user_recovery_codes_user_idx').on(table.userId)],
);

/** The first step of a sign-in with two-factor on: the password was right; the SHA-256 of a token good for one code step. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
  },
  (table) => [uniqueIndex('login_challenges_token_hash_key').on(table.tokenHash)],
);

/** A login. Only the SHA-256 of the token is kept; revoking sets revoked_at, nothing is deleted before it expires. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [uniqueIndex('sessions_token_hash_key').on(table.tokenHash), index('sessions_user_id_idx').on(table.userId)],
);

/** A 6-digit code mailed for registration or password reset; only its hash is kept. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    purpose: textEnum('purpose', ['register', 'resetPassword']).notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: at('consumed_at'),
  },
  (table) => [index('email_codes_lookup_idx').on(table.email, table.purpose, table.createdAt.desc())],
);

/** Failed logins and pay passwords, per account and per address, for throttling (ASVS 6.3.1). */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scope: text('scope', {
      enum: [
        'login-account',
        'login-address',
        'pay-password',
        'password-change',
        'operator-login-account',
        'operator-login-address',
        'code-mail-email',
        'code-mail-client',
        'login-pair',
        'operator-login-pair',
        'second-factor',
      ],
    }).notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('auth_failures_lookup_idx').on(table.scope, table.subject, table.createdAt.desc())],
);
