import {
  adjustmentReview,
  operatorAdjustmentsApi,
  operatorDepositApi,
  operatorReceivingAccountsApi,
  operatorWithdrawalAccountApi,
  operatorWithdrawalApi,
} from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/index.ts';
import type { OperatorPrincipal } from '../../platform/http/index.ts';
import { operatorRoute } from '../../platform/http/index.ts';
import { type AuditMeta, createAudited, requirePermission } from '../../platform/operators/index.ts';
import { createReview, registerReviewRoutes } from '../../platform/review/index.ts';
import type { AdjustmentsService } from './adjustments.service.ts';
import type { DepositsService } from './deposits.service.ts';
import type { ReceivingAccountsService } from './receiving-accounts.service.ts';
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

export type AccountReveal = ReturnType<typeof createAccountReveal>;

/**
 * The full account a withdrawal pays to, for the operator who pays it (issue 15 §5): only with the withdrawal
 * review permission, and each reveal is audited (who, which withdrawal, from where; the audit row names the
 * fields shown, never their values, so the log stays masked).
 */
export function createAccountReveal(db: Database, withdrawals: WithdrawalsService) {
  const audited = createAudited(db);
  return (operator: OperatorPrincipal, meta: AuditMeta, id: number) => {
    requirePermission(operator, 'reviews.withdrawals');
    return audited(operator, meta, 'withdrawal.reveal_account', { type: 'withdrawal', id }, async (tx) => {
      const result = await withdrawals.destinationDetails(tx, id);
      return { result, after: { method: result.method, fields: Object.keys(result.details) } };
    });
  };
}

/** The deposit and withdrawal reviews and the four-eyes balance adjustments under /admin/api. */
export function registerFundingOperatorRoutes(
  app: FastifyInstance,
  reviews: FundingReviews,
  adjustments: AdjustmentsService,
  receivingAccounts: ReceivingAccountsService,
  revealAccount: AccountReveal,
) {
  const tags = ['operator'];
  registerReviewRoutes(app, operatorDepositApi, reviews.deposits, {
    queue: 'Deposits to review',
    approve: 'Approve a deposit: the user is credited',
    reject: 'Reject a deposit with a reason',
  });
  registerReviewRoutes(app, operatorWithdrawalApi, reviews.withdrawals, {
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
  operatorRoute(
    app,
    operatorWithdrawalAccountApi.revealAccount,
    { summary: 'The full account a withdrawal pays to (audited)', tags },
    ({ operator, params, request }) => revealAccount(operator, { ipAddress: request.ip }, params.id),
  );
  operatorRoute(app, operatorReceivingAccountsApi.list, { summary: 'The bank accounts users send deposits to', tags }, ({ operator }) =>
    receivingAccounts.list(operator),
  );
  operatorRoute(
    app,
    operatorReceivingAccountsApi.create,
    { summary: 'Add a receiving bank account (audited)', tags },
    ({ operator, body, request }) => receivingAccounts.create(operator, { ipAddress: request.ip }, body),
  );
  operatorRoute(
    app,
    operatorReceivingAccountsApi.update,
    { summary: 'Edit or deactivate a receiving bank account (audited)', tags },
    ({ operator, params, body, request }) => receivingAccounts.update(operator, { ipAddress: request.ip }, params.id, body),
  );
}
