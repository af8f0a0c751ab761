import { type OperatorRole, pageInfo, rolePermissions, TOTP_ISSUER } from '@bolsa/contracts';
import { hash, verify } from '@node-rs/argon2';
import { and, count, desc, eq, gte, like, lte, type SQL } from 'drizzle-orm';
import { type Database, type Executor, inTransaction, uniqueViolationConstraint } from '../../platform/db/index.ts';
import { AppError, type OperatorPrincipal } from '../../platform/http/index.ts';
import { auditLog, operators, type AuditMeta as RequestMeta, recordAudit, requirePermission } from '../../platform/operators/index.ts';
import { matchTotp, newSessionToken, newTotpSecret, otpauthUri, sha256Hex } from '../../platform/security/index.ts';
import type { AuthService } from '../auth/index.ts';
import { operatorSessions } from './admin.tables.ts';

const OPERATOR_SESSION_MS = 12 * 60 * 60_000;

type OperatorRow = typeof operators.$inferSelect;

export type AuditSearch = {
  operatorId?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  pageNum: number;
  pageSize: number;
};

function profileOf(row: OperatorRow) {
  const role = row.role as OperatorRole;
  return {
    id: String(row.id),
    email: row.email,
    role,
    permissions: [...(rolePermissions[role] ?? [])],
    isTotpEnabled: row.totpSecret !== null,
  };
}

function recordOf(row: OperatorRow) {
  return {
    id: String(row.id),
    email: row.email,
    role: row.role as OperatorRole,
    isTotpEnabled: row.totpSecret !== null,
    createdAtTimestamp: row.createdAt.getTime(),
  };
}

/** Escapes LIKE's wildcards so a searched action is taken literally. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The operator's row, locked for the rest of the transaction. */
async function lockedOperator(executor: Executor, operatorId: number): Promise<OperatorRow> {
  const rows = await executor.select().from(operators).where(eq(operators.id, operatorId)).for('update');
  const row = rows[0];
  if (!row) throw new AppError('UNAUTHORIZED');
  return row;
}

/** Newest first. Filters combine; an action ending in "." matches every action under it. */
async function searchAuditLog(db: Database, search: AuditSearch) {
  const conditions: SQL[] = [];
  if (search.operatorId !== undefined) conditions.push(eq(auditLog.operatorId, Number(search.operatorId)));
  if (search.action !== undefined) {
    conditions.push(search.action.endsWith('.') ? like(auditLog.action, likePrefix(search.action)) : eq(auditLog.action, search.action));
  }
  if (search.targetType !== undefined) conditions.push(eq(auditLog.targetType, search.targetType));
  if (search.targetId !== undefined) conditions.push(eq(auditLog.targetId, search.targetId));
  if (search.from !== undefined) conditions.push(gte(auditLog.createdAt, new Date(search.from)));
  if (search.to !== undefined) conditions.push(lte(auditLog.createdAt, new Date(search.to)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select({ entry: auditLog, operatorEmail: operators.email })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(search.pageSize)
    .offset((search.pageNum - 1) * search.pageSize);
  const total = Number(totalRow?.total ?? 0);
  return {
    list: rows.map(({ entry, operatorEmail }) => ({
      id: String(entry.id),
      operatorId: entry.operatorId === null ? null : String(entry.operatorId),
      operatorEmail,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before,
      after: entry.after,
      ipAddress: entry.ipAddress,
      createdAtTimestamp: entry.createdAt.getTime(),
    })),
    ...pageInfo(total, search.pageNum, search.pageSize),
  };
}

/** Two-factor enrolment: start (a secret to scan), confirm with a code from it, and disable with a current code. */
function totpEnrolment(db: Database, now: () => Date) {
  return {
    /** A new secret to scan; it takes effect only when a code from it is confirmed. */
    async startTotp(operator: OperatorPrincipal) {
      requirePermission(operator, 'account.security');
      return inTransaction(db, async (tx) => {
        const row = await lockedOperator(tx, operator.operatorId);
        if (row.totpSecret !== null) throw new AppError('OPERATOR_TOTP_ALREADY_ENABLED');
        const secret = newTotpSecret();
        await tx.update(operators).set({ totpPendingSecret: secret }).where(eq(operators.id, row.id));
        return { secret, otpauthUri: otpauthUri(secret, row.email, TOTP_ISSUER) };
      });
    },

    async confirmTotp(operator: OperatorPrincipal, meta: RequestMeta, code: string) {
      requirePermission(operator, 'account.security');
      return inTransaction(db, async (tx) => {
        const row = await lockedOperator(tx, operator.operatorId);
        if (row.totpSecret !== null) throw new AppError('OPERATOR_TOTP_ALREADY_ENABLED');
        if (row.totpPendingSecret === null) throw new AppError('OPERATOR_TOTP_NOT_STARTED');
        const step = matchTotp(row.totpPendingSecret, code, now().getTime(), null);
        if (step === undefined) throw new AppError('OPERATOR_TOTP_INVALID');
        const [updated] = await tx
          .update(operators)
          .set({ totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: now(), totpLastStep: step })
          .where(eq(operators.id, row.id))
          .returning();
        if (!updated) throw new AppError('UNAUTHORIZED');
        // The secret never enters the audit log: only that two-factor sign-in went on.
        await recordAudit(tx, operator, meta, {
          action: 'operator.totp.enable',
          targetType: 'operator',
          targetId: row.id,
          before: { isTotpEnabled: false },
          after: { isTotpEnabled: true },
        });
        return profileOf(updated);
      });
    },

    /** Turning the second factor off needs a current code too: a stolen session alone cannot. */
    async disableTotp(operator: OperatorPrincipal, meta: RequestMeta, code: string) {
      requirePermission(operator, 'account.security');
      return inTransaction(db, async (tx) => {
        const row = await lockedOperator(tx, operator.operatorId);
        if (row.totpSecret === null) throw new AppError('OPERATOR_TOTP_NOT_ENABLED');
        const step = matchTotp(row.totpSecret, code, now().getTime(), row.totpLastStep);
        if (step === undefined) throw new AppError('OPERATOR_TOTP_INVALID');
        const [updated] = await tx
          .update(operators)
          .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
          .where(eq(operators.id, row.id))
          .returning();
        if (!updated) throw new AppError('UNAUTHORIZED');
        await recordAudit(tx, operator, meta, {
          action: 'operator.totp.disable',
          targetType: 'operator',
          targetId: row.id,
          before: { isTotpEnabled: true },
          after: { isTotpEnabled: false },
        });
        return profileOf(updated);
      });
    },
  };
}

/** What admins do with operators (`operators.manage`) and the audit search (`audit.read`). */
function operatorDirectory(db: Database) {
  return {
    async listOperators(operator: OperatorPrincipal) {
      requirePermission(operator, 'operators.manage');
      const rows = await db.select().from(operators).orderBy(operators.id);
      return rows.map(recordOf);
    },

    async createOperator(operator: OperatorPrincipal, meta: RequestMeta, input: { email: string; password: string; role: OperatorRole }) {
      requirePermission(operator, 'operators.manage');
      const passwordHash = await hash(input.password);
      try {
        return await inTransaction(db, async (tx) => {
          const [created] = await tx.insert(operators).values({ email: input.email, passwordHash, role: input.role }).returning();
          if (!created) throw new Error('The insert returned no operator');
          await recordAudit(tx, operator, meta, {
            action: 'operator.create',
            targetType: 'operator',
            targetId: created.id,
            after: { email: created.email, role: created.role },
          });
          return recordOf(created);
        });
      } catch (error) {
        if (uniqueViolationConstraint(error) !== undefined) throw new AppError('OPERATOR_EMAIL_TAKEN');
        throw error;
      }
    },

    /** Newest first. Filters combine; an action ending in "." matches every action under it. */
    async searchAudit(operator: OperatorPrincipal, search: AuditSearch) {
      requirePermission(operator, 'audit.read');
      return searchAuditLog(db, search);
    },
  };
}

export type OperatorAccountsService = ReturnType<typeof createOperatorAccountsService>;

/**
 * Operators' own accounts (sign-in with a second factor, sign-out, TOTP enrolment), the operator list
 * an admin manages, and the audit-log search. Every changing action commits with its audit row.
 */
export function createOperatorAccountsService(dependencies: {
  db: Database;
  loginThrottle: AuthService['loginThrottle'];
  now?: (() => Date) | undefined;
}) {
  const { db, loginThrottle } = dependencies;
  const now = dependencies.now ?? (() => new Date());

  const isWrongSecret = (error: unknown) =>
    error instanceof AppError && (error.result === 'OPERATOR_LOGIN_FAILED' || error.result === 'OPERATOR_TOTP_INVALID');

  /** The second factor, then the session, under a row lock: a TOTP code is accepted once. */
  async function openOperatorSession(operatorId: number, totpCode: string | undefined, meta: RequestMeta) {
    return inTransaction(db, async (tx) => {
      const operator = await lockedOperator(tx, operatorId);
      if (operator.totpSecret !== null) {
        if (!totpCode) throw new AppError('OPERATOR_TOTP_REQUIRED');
        const step = matchTotp(operator.totpSecret, totpCode, now().getTime(), operator.totpLastStep);
        if (step === undefined) throw new AppError('OPERATOR_TOTP_INVALID');
        await tx.update(operators).set({ totpLastStep: step }).where(eq(operators.id, operator.id));
      }
      const token = newSessionToken();
      await tx.insert(operatorSessions).values({
        operatorId: operator.id,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(now().getTime() + OPERATOR_SESSION_MS),
        ipAddress: meta.ipAddress,
      });
      return { token, operator: profileOf(operator) };
    });
  }

  return {
    /**
     * Email and password, then — once the operator has enrolled — the current TOTP code. A code is
     * accepted once: its step is remembered under a row lock, so two sign-ins racing with one code
     * cannot both pass. A refusal writes nothing.
     */
    async login(input: { email: string; password: string; totpCode?: string | undefined }, meta: RequestMeta) {
      // Wrong passwords and wrong codes count alike, per account and per address, as for users; the
      // attempt is reserved before either is verified, so guesses sent at once are judged up to the limit.
      const subjects = { account: input.email, ipAddress: meta.ipAddress };
      return loginThrottle.judged('operator', subjects, isWrongSecret, async () => {
        const rows = await db.select().from(operators).where(eq(operators.email, input.email));
        const found = rows[0];
        if (!found || !(await verify(found.passwordHash, input.password))) throw new AppError('OPERATOR_LOGIN_FAILED');
        return openOperatorSession(found.id, input.totpCode, meta);
      });
    },

    async logout(operator: OperatorPrincipal) {
      requirePermission(operator, 'account.security');
      await db.update(operatorSessions).set({ revokedAt: now() }).where(eq(operatorSessions.id, operator.sessionId));
      return null;
    },

    async profile(operator: OperatorPrincipal) {
      requirePermission(operator, 'account.security');
      const rows = await db.select().from(operators).where(eq(operators.id, operator.operatorId));
      const row = rows[0];
      if (!row) throw new AppError('UNAUTHORIZED');
      return profileOf(row);
    },

    ...totpEnrolment(db, now),

    ...operatorDirectory(db),
  };
}
