import { hash } from '@node-rs/argon2';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import type { OperatorPrincipal } from '../../platform/http/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { createAuditedDecision, operators, requirePermission } from '../../platform/operators/index.ts';
import { sha256Hex } from '../../platform/security/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { UploadsService } from '../uploads/index.ts';
import { operatorSessions } from './admin.tables.ts';

const OPERATOR_IDLE_MS = 30 * 60_000;

export type AdminService = ReturnType<typeof createAdminService>;

/**
 * Operators act only through these audited paths: each decision and its audit row commit together,
 * so there is never an action without its record, nor a record of an action that did not happen.
 */
export function createAdminService(dependencies: {
  db: Database;
  ledger: LedgerService;
  uploads: UploadsService;
  messages: MessagesService;
  mailer: Mailer;
}) {
  const { db, ledger, uploads, messages, mailer } = dependencies;

  /** The message sent is also the audit row's "after". */
  const audited = createAuditedDecision(db);

  return {
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

    /** The proof that every stored balance equals its entries and each currency sums to zero. */
    reconciliation(operator: OperatorPrincipal) {
      requirePermission(operator, 'ledger.reconcile');
      return ledger.reconcile();
    },
    /** The daily reconciliations' reports, newest first, so a difference found overnight is seen. */
    reconciliationRuns(operator: OperatorPrincipal) {
      requirePermission(operator, 'ledger.reconcile');
      return ledger.recentReconciliations();
    },
    /** Any uploaded file: operators review deposit screenshots and identity documents. */
    uploadedFile(operator: OperatorPrincipal, key: string) {
      requirePermission(operator, 'files.read');
      return uploads.readOwned('operator', key);
    },

    sendMessage(
      operator: OperatorPrincipal,
      meta: { ipAddress: string },
      input: { userId?: number | string | undefined; title: string; content: string },
    ) {
      requirePermission(operator, 'messages.send');
      return audited(
        operator,
        meta,
        'message.send',
        { type: 'message', id: input.userId === undefined ? 0 : Number(input.userId) },
        (tx) => messages.send(tx, operator.operatorId, { ...input, userId: input.userId === undefined ? undefined : Number(input.userId) }),
        async () => undefined,
      );
    },

    /** The dev outbox: what would have been mailed without SMTP. */
    outbox(operator: OperatorPrincipal) {
      requirePermission(operator, 'outbox.read');
      return mailer.outbox();
    },
  };
}
