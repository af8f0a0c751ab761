import { hash } from '@node-rs/argon2';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/index.ts';
import type { OperatorPrincipal } from '../../platform/http/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { type AuditMeta, createAudited, operators, requirePermission } from '../../platform/operators/index.ts';
import { sha256Hex } from '../../platform/security/index.ts';
import type { ContentService } from '../content/index.ts';
import type { DepositsService, WithdrawalsService } from '../funding/index.ts';
import type { KycService } from '../kyc/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { UploadsService } from '../uploads/index.ts';
import { operatorSessions } from './admin.tables.ts';
import { createContentOperations } from './content-operations.ts';

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
  kyc: KycService;
  messages: MessagesService;
  content: ContentService;
  mailer: Mailer;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
}) {
  const { db, ledger, uploads, kyc, messages, content, mailer, deposits, withdrawals } = dependencies;

  const auditedAction = createAudited(db);
  /** The decisions below answer what they changed, and that answer is also the audit row's "after". */
  function audited<T extends object>(
    operator: OperatorPrincipal,
    meta: AuditMeta,
    action: string,
    target: { type: string; id: number },
    run: (executor: Executor) => Promise<T>,
    before: (executor: Executor) => Promise<object | undefined>,
  ): Promise<T> {
    return auditedAction(
      operator,
      meta,
      action,
      target,
      async (tx) => {
        const result = await run(tx);
        return { result, after: result };
      },
      before,
    );
  }

  const depositBefore = (id: number) => async (executor: Executor) =>
    (await executor.execute(sql`SELECT status, amount::text, reason FROM deposits WHERE id = ${id}`)).rows[0];
  const kycBefore = (id: number) => async (executor: Executor) =>
    (await executor.execute(sql`SELECT status, reason FROM kyc_submissions WHERE id = ${id}`)).rows[0];
  const withdrawalBefore = (id: number) => async (executor: Executor) =>
    (await executor.execute(sql`SELECT status, amount::text, reason FROM withdrawals WHERE id = ${id}`)).rows[0];

  const contentOperations = createContentOperations({ content, audited });

  return {
    ...contentOperations,
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

    publishAppVersion(
      operator: OperatorPrincipal,
      meta: { ipAddress: string },
      input: { version: string; notes?: string | undefined; downloadUrl?: string | undefined },
    ) {
      requirePermission(operator, 'content.edit');
      return audited(
        operator,
        meta,
        'app-version.publish',
        { type: 'app-version', id: 0 },
        (tx) => content.publishAppVersion(tx, input),
        async () => undefined,
      );
    },
    /** The dev outbox: what would have been mailed without SMTP. */
    outbox(operator: OperatorPrincipal) {
      requirePermission(operator, 'outbox.read');
      return mailer.outbox();
    },

    kycQueue(operator: OperatorPrincipal, filter: Parameters<KycService['reviewQueue']>[0]) {
      requirePermission(operator, 'reviews.kyc');
      return kyc.reviewQueue(filter);
    },
    approveKyc(operator: OperatorPrincipal, meta: { ipAddress: string }, id: number) {
      requirePermission(operator, 'reviews.kyc');
      return audited(operator, meta, 'kyc.approve', { type: 'kyc', id }, (tx) => kyc.approve(tx, operator.operatorId, id), kycBefore(id));
    },
    rejectKyc(operator: OperatorPrincipal, meta: { ipAddress: string }, id: number, reason: string) {
      requirePermission(operator, 'reviews.kyc');
      return audited(
        operator,
        meta,
        'kyc.reject',
        { type: 'kyc', id },
        (tx) => kyc.reject(tx, operator.operatorId, id, reason),
        kycBefore(id),
      );
    },

    depositQueue(operator: OperatorPrincipal, filter: Parameters<DepositsService['reviewQueue']>[0]) {
      requirePermission(operator, 'reviews.deposits');
      return deposits.reviewQueue(filter);
    },
    withdrawalQueue(operator: OperatorPrincipal, filter: Parameters<WithdrawalsService['reviewQueue']>[0]) {
      requirePermission(operator, 'reviews.withdrawals');
      return withdrawals.reviewQueue(filter);
    },

    approveDeposit(operator: OperatorPrincipal, meta: { ipAddress: string }, id: number) {
      requirePermission(operator, 'reviews.deposits');
      return audited(
        operator,
        meta,
        'deposit.approve',
        { type: 'deposit', id },
        (tx) => deposits.approve(tx, operator.operatorId, id),
        depositBefore(id),
      );
    },
    rejectDeposit(operator: OperatorPrincipal, meta: { ipAddress: string }, id: number, reason: string) {
      requirePermission(operator, 'reviews.deposits');
      return audited(
        operator,
        meta,
        'deposit.reject',
        { type: 'deposit', id },
        (tx) => deposits.reject(tx, operator.operatorId, id, reason),
        depositBefore(id),
      );
    },
    payWithdrawal(operator: OperatorPrincipal, meta: { ipAddress: string }, id: number) {
      requirePermission(operator, 'reviews.withdrawals');
      return audited(
        operator,
        meta,
        'withdrawal.pay',
        { type: 'withdrawal', id },
        (tx) => withdrawals.markPaid(tx, operator.operatorId, id),
        withdrawalBefore(id),
      );
    },
    rejectWithdrawal(operator: OperatorPrincipal, meta: { ipAddress: string }, id: number, reason: string) {
      requirePermission(operator, 'reviews.withdrawals');
      return audited(
        operator,
        meta,
        'withdrawal.reject',
        { type: 'withdrawal', id },
        (tx) => withdrawals.reject(tx, operator.operatorId, id, reason),
        withdrawalBefore(id),
      );
    },
  };
}
