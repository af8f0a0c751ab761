import type { OperatorPermission } from '@bolsa/contracts';
import type { Database, Executor } from '../db/index.ts';
import type { OperatorPrincipal } from '../http/index.ts';
import { type AuditMeta, createAuditedDecision, requirePermission } from '../operators/index.ts';

/**
 * What a domain supplies to have its requests reviewed by operators: the queue, and the two decisions,
 * each run in the review's transaction (where the domain also tells the user, through its notifier).
 */
export type ReviewSubject<Filter, Queue, Decided extends object> = {
  /** The permission every decision of this review needs (and reading its queue, unless `queuePermission`). */
  permission: OperatorPermission;
  queuePermission?: OperatorPermission;
  /** The audit row's target type and actions (`kyc`, `kyc.approve`, `kyc.reject`). */
  targetType: string;
  actions: { approve: string; reject: string };
  queue(filter: Filter): Promise<Queue>;
  approve(executor: Executor, operatorId: number, id: number): Promise<Decided>;
  reject(executor: Executor, operatorId: number, id: number, reason: string): Promise<Decided>;
  /** The request's state before the decision, read in its transaction for the audit row. */
  before(executor: Executor, id: number): Promise<object | undefined>;
};

export type Review<Filter, Queue, Decided extends object> = ReturnType<typeof createReview<Filter, Queue, Decided>>;

/**
 * One review of pending requests (identity verifications, deposits, withdrawals): the queue, and an
 * approval or a refusal with a reason, each checked against the permission first and committed in one
 * transaction with its audit row (before and after).
 */
export function createReview<Filter, Queue, Decided extends object>(db: Database, subject: ReviewSubject<Filter, Queue, Decided>) {
  const audited = createAuditedDecision(db);
  const target = (id: number) => ({ type: subject.targetType, id });
  const before = (id: number) => (executor: Executor) => subject.before(executor, id);
  return {
    queue(operator: OperatorPrincipal, filter: Filter) {
      requirePermission(operator, subject.queuePermission ?? subject.permission);
      return subject.queue(filter);
    },
    approve(operator: OperatorPrincipal, meta: AuditMeta, id: number) {
      requirePermission(operator, subject.permission);
      return audited(operator, meta, subject.actions.approve, target(id), (tx) => subject.approve(tx, operator.operatorId, id), before(id));
    },
    reject(operator: OperatorPrincipal, meta: AuditMeta, id: number, reason: string) {
      requirePermission(operator, subject.permission);
      return audited(
        operator,
        meta,
        subject.actions.reject,
        target(id),
        (tx) => subject.reject(tx, operator.operatorId, id, reason),
        before(id),
      );
    },
  };
}
