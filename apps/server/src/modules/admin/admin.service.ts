import { hash } from '@node-rs/argon2';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import type { OperatorPrincipal } from '../../platform/http/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { operators, requirePermission } from '../../platform/operators/index.ts';
import { sha256Hex } from '../../platform/security/index.ts';
import { operatorSessions } from './admin.tables.ts';

const OPERATOR_IDLE_MS = 30 * 60_000;

export type AdminService = ReturnType<typeof createAdminService>;

/** Operators themselves: the bootstrap operator, the sign-in check of every operator route, and the dev outbox. */
export function createAdminService(dependencies: { db: Database; mailer: Mailer }) {
  const { db, mailer } = dependencies;

  return {
    /** The operator signing in with this email, if there is one (the demo seed acts as the bootstrap operator). */
    async operatorOf(email: string): Promise<{ operatorId: number; role: string } | undefined> {
      const rows = await db
        .select({ operatorId: operators.id, role: operators.role })
        .from(operators)
        .where(eq(operators.email, email.toLowerCase()));
      return rows[0];
    },

    /** The first operator, from ADMIN_EMAIL / ADMIN_PASSWORD, created once. */
    async ensureBootstrapOperator(email: string, password: string) {
      const existing = await db.select({ id: operators.id }).from(operators).where(eq(operators.email, email.toLowerCase()));
      if (existing.length > 0) return;
      await db
        .insert(operators)
        .values({ email: email.toLowerCase(), passwordHash: await hash(password), role: 'admin' })
        .onConflictDoNothing();
    },

    async authenticate(token: string | undefined): Promise<OperatorPrincipal | undefined> {
      if (!token || token.length > 200) return undefined;
      const rows = await db
        .select({ sessionId: operatorSessions.id, operatorId: operators.id, role: operators.role })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(
          and(
            eq(operatorSessions.tokenHash, sha256Hex(token)),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, new Date()),
            gt(operatorSessions.lastSeenAt, new Date(Date.now() - OPERATOR_IDLE_MS)),
          ),
        );
      const row = rows[0];
      if (!row) return undefined;
      await db.update(operatorSessions).set({ lastSeenAt: new Date() }).where(eq(operatorSessions.id, row.sessionId));
      return row;
    },

    /** The dev outbox: what would have been mailed without SMTP. */
    outbox(operator: OperatorPrincipal) {
      requirePermission(operator, 'outbox.read');
      return mailer.outbox();
    },
  };
}
