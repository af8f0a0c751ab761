import type { Executor } from '../../platform/db/index.ts';
import type { OperatorPrincipal } from '../../platform/http/index.ts';
import { auditLog } from './admin.tables.ts';

export type RequestMeta = { ipAddress: string };

/**
 * Writes one audit row in the caller's transaction, so the action and its record commit together.
 * The table refuses updates and deletes (trigger): the log only grows.
 */
export async function recordAudit(
  executor: Executor,
  operator: OperatorPrincipal,
  meta: RequestMeta,
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
