import { type Database, type Executor, inTransaction } from '../db/index.ts';
import type { OperatorPrincipal } from '../http/index.ts';
import { auditLog } from './operators.tables.ts';

/** Where an operator's request came from, kept in its audit row. */
export type AuditMeta = { ipAddress: string };
export type Audited = ReturnType<typeof createAudited>;

/**
 * Writes one audit row in the caller's transaction, so the action and its record commit together.
 * The table refuses updates and deletes (trigger): the log only grows. Every audit row of the
 * platform is written here.
 */
export async function recordAudit(
  executor: Executor,
  operator: OperatorPrincipal,
  meta: AuditMeta,
  entry: { action: string; targetType: string; targetId: string | number; before?: object | null; after?: object | null },
): Promise<void> {
  await executor.insert(auditLog).values({
    operatorId: operator.operatorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ipAddress: meta.ipAddress,
  });
}

/**
 * Runs an operator action in one transaction with its audit row (who, what, target, before, after,
 * from where): there is never an action without its record, nor a record of an action that did not
 * happen. `before` is read in the same transaction, ahead of the change.
 */
export function createAudited(db: Database) {
  return async function audited<T>(
    operator: OperatorPrincipal,
    meta: AuditMeta,
    action: string,
    target: { type: string; id: string | number },
    run: (executor: Executor, before: object | undefined) => Promise<{ result: T; after: object }>,
    before: (executor: Executor) => Promise<object | undefined> = async () => undefined,
  ): Promise<T> {
    return inTransaction(db, async (tx) => {
      const previous = await before(tx);
      const { result, after } = await run(tx, previous);
      await recordAudit(tx, operator, meta, { action, targetType: target.type, targetId: target.id, before: previous, after });
      return result;
    });
  };
}

/** An audited decision whose answer is also its audit row's "after" (reviews, content edits). */
export type AuditedDecision = <T extends object>(
  operator: OperatorPrincipal,
  meta: AuditMeta,
  action: string,
  target: { type: string; id: number },
  run: (executor: Executor) => Promise<T>,
  before: (executor: Executor) => Promise<object | undefined>,
) => Promise<T>;

/** `createAudited` for decisions that answer what they changed: that answer is recorded as "after". */
export function createAuditedDecision(db: Database): AuditedDecision {
  const audited = createAudited(db);
  return (operator, meta, action, target, run, before) =>
    audited(
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
