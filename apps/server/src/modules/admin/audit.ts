import { type Database, type Executor, inTransaction } from '../../platform/db/index.ts';
import type { OperatorPrincipal } from '../../platform/http/index.ts';
import { auditLog } from './admin.tables.ts';

export type AuditMeta = { ipAddress: string };
export type Audited = ReturnType<typeof createAudited>;

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
      await tx.insert(auditLog).values({
        operatorId: operator.operatorId,
        action,
        targetType: target.type,
        targetId: String(target.id),
        before: previous ?? null,
        after,
        ipAddress: meta.ipAddress,
      });
      return result;
    });
  };
}
