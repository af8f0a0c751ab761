import type { OperatorPermission, ReviewFilter, rejectBody, reviewIdParams, reviewQuery } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database, Executor } from '../db/index.ts';
import { type OperatorPrincipal, operatorRoute } from '../http/index.ts';
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

/** The three route contracts `reviewApi` (packages/contracts/src/review.ts) makes for one review. */
export type ReviewContract = {
  queue: { method: 'GET'; path: string; permission: OperatorPermission; query: typeof reviewQuery; data: z.ZodType };
  approve: { method: 'POST'; path: string; permission: OperatorPermission; params: typeof reviewIdParams; data: z.ZodType };
  reject: {
    method: 'POST';
    path: string;
    permission: OperatorPermission;
    params: typeof reviewIdParams;
    body: typeof rejectBody;
    data: z.ZodType;
  };
};

/** What answers a review's routes: a `createReview` review, or a domain's wrapper of one (adjustments add the user's email). */
export type ReviewHandlers<C extends ReviewContract> = {
  queue(operator: OperatorPrincipal, filter: ReviewFilter): Promise<z.input<C['queue']['data']>>;
  approve(operator: OperatorPrincipal, meta: AuditMeta, id: number): Promise<z.input<C['approve']['data']>>;
  reject(operator: OperatorPrincipal, meta: AuditMeta, id: number, reason: string): Promise<z.input<C['reject']['data']>>;
};

/**
 * Registers a review's operator routes from its contract: the queue, approve, and reject with a reason.
 * The summaries are the OpenAPI document's words for each.
 */
export function registerReviewRoutes<C extends ReviewContract>(
  app: FastifyInstance,
  contract: C,
  review: ReviewHandlers<C>,
  summaries: { queue: string; approve: string; reject: string },
) {
  const tags = ['operator'];
  operatorRoute(app, contract.queue, { summary: summaries.queue, tags }, ({ operator, query }) => review.queue(operator, query));
  operatorRoute(app, contract.approve, { summary: summaries.approve, tags }, ({ operator, params, request }) =>
    review.approve(operator, { ipAddress: request.ip }, params.id),
  );
  operatorRoute(app, contract.reject, { summary: summaries.reject, tags }, ({ operator, params, body, request }) =>
    review.reject(operator, { ipAddress: request.ip }, params.id, body.reason),
  );
}
