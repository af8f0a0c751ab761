import { adjustmentReview, depositReview, operatorAdjustmentsApi, withdrawalReview } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/index.ts';
import { operatorRoute } from '../../platform/http/index.ts';
import { createReview, registerReviewRoutes } from '../../platform/review/index.ts';
import type { AdjustmentsService } from './adjustments.service.ts';
import type { DepositsService } from './deposits.service.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

export type FundingReviews = ReturnType<typeof createFundingReviews>;

/** Operators credit or refuse deposits (`reviews.deposits`) and pay or refuse withdrawals (`reviews.withdrawals`). */
export function createFundingReviews(db: Database, services: { deposits: DepositsService; withdrawals: WithdrawalsService }) {
  const { deposits, withdrawals } = services;
  return {
    deposits: createReview(db, {
      permission: 'reviews.deposits',
      targetType: 'deposit',
      actions: { approve: 'deposit.approve', reject: 'deposit.reject' },
      queue: (filter: Parameters<DepositsService['reviewQueue']>[0]) => deposits.reviewQueue(filter),
      approve: (executor, operatorId, id) => deposits.approve(executor, operatorId, id),
      reject: (executor, operatorId, id, reason) => deposits.reject(executor, operatorId, id, reason),
      before: async (executor, id) =>
        (await executor.execute(sql`SELECT status, amount::text, reason FROM deposits WHERE id = ${id}`)).rows[0],
    }),
    withdrawals: createReview(db, {
      permission: 'reviews.withdrawals',
      targetType: 'withdrawal',
      actions: { approve: 'withdrawal.pay', reject: 'withdrawal.reject' },
      queue: (filter: Parameters<WithdrawalsService['reviewQueue']>[0]) => withdrawals.reviewQueue(filter),
      approve: (executor, operatorId, id) => withdrawals.markPaid(executor, operatorId, id),
      reject: (executor, operatorId, id, reason) => withdrawals.reject(executor, operatorId, id, reason),
      before: async (executor, id) =>
        (await executor.execute(sql`SELECT status, amount::text, reason FROM withdrawals WHERE id = ${id}`)).rows[0],
    }),
  };
}

/** The deposit and withdrawal reviews and the four-eyes balance adjustments under /admin/api. */
export function registerFundingOperatorRoutes(app: FastifyInstance, reviews: FundingReviews, adjustments: AdjustmentsService) {
  registerReviewRoutes(app, depositReview, reviews.deposits, {
    queue: 'Deposits to review',
    approve: 'Approve a deposit: the user is credited',
    reject: 'Reject a deposit with a reason',
  });
  registerReviewRoutes(app, withdrawalReview, reviews.withdrawals, {
    queue: 'Withdrawals to review',
    approve: 'Mark a withdrawal paid: the hold is posted',
    reject: 'Reject a withdrawal with a reason: the hold is voided',
  });
  registerReviewRoutes(
    app,
    adjustmentReview,
    { queue: adjustments.list, approve: adjustments.approve, reject: adjustments.reject },
    {
      queue: 'Balance adjustments, pending first',
      approve: "Approve another operator's adjustment: the ledger moves",
      reject: "Reject another operator's adjustment",
    },
  );
  operatorRoute(
    app,
    operatorAdjustmentsApi.request,
    { summary: 'Request a balance adjustment (moves nothing until a second operator approves)', tags: ['operator'] },
    ({ operator, body, request }) => adjustments.request(operator, { ipAddress: request.ip }, body),
  );
}
