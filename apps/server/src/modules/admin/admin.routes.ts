import { operatorApi, operatorKycApi, operatorMessagesApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, operatorRoute, sendError } from '../../platform/http/index.ts';
import { tokenFromHeader } from '../../platform/security/index.ts';
import type { AdminService } from './admin.service.ts';
import { registerContentOperatorRoutes } from './content.routes.ts';

/** The operator API under /admin/api. A user token never opens it: operator sessions live in their own table. */
export function registerAdminRoutes(app: FastifyInstance, admin: AdminService) {
  app.decorate('authenticateOperator', async (request, reply) => {
    const operator = await admin.authenticate(tokenFromHeader(request.headers.authorization));
    if (!operator) return sendError(reply, 'UNAUTHORIZED');
    request.operator = operator;
  });
  const tags = ['operator'];
  operatorRoute(app, operatorApi.deposits, { summary: 'Deposits to review', tags }, ({ operator, query }) =>
    admin.depositQueue(operator, query),
  );
  operatorRoute(
    app,
    operatorApi.approveDeposit,
    { summary: 'Approve a deposit: the user is credited', tags },
    ({ operator, params, request }) => admin.approveDeposit(operator, { ipAddress: request.ip }, params.id),
  );
  operatorRoute(
    app,
    operatorApi.rejectDeposit,
    { summary: 'Reject a deposit with a reason', tags },
    ({ operator, params, body, request }) => admin.rejectDeposit(operator, { ipAddress: request.ip }, params.id, body.reason),
  );
  operatorRoute(
    app,
    operatorMessagesApi.send,
    { summary: 'Write a message to one user, or to everyone', tags },
    ({ operator, body, request }) => admin.sendMessage(operator, { ipAddress: request.ip }, body),
  );
  operatorRoute(app, operatorKycApi.queue, { summary: 'Identity verifications to review', tags }, ({ operator, query }) =>
    admin.kycQueue(operator, query),
  );
  operatorRoute(app, operatorKycApi.approve, { summary: 'Verify an identity', tags }, ({ operator, params, request }) =>
    admin.approveKyc(operator, { ipAddress: request.ip }, params.id),
  );
  operatorRoute(
    app,
    operatorKycApi.reject,
    { summary: 'Refuse an identity verification with a reason', tags },
    ({ operator, params, body, request }) => admin.rejectKyc(operator, { ipAddress: request.ip }, params.id, body.reason),
  );
  operatorRoute(app, operatorApi.publishAppVersion, { summary: 'Publish an app version', tags }, ({ operator, body, request }) =>
    admin.publishAppVersion(operator, { ipAddress: request.ip }, body),
  );
  operatorRoute(app, operatorApi.outbox, { summary: 'The dev outbox (mails not sent without SMTP_URL)', tags }, async ({ operator }) =>
    admin.outbox(operator),
  );
  operatorRoute(app, operatorApi.reconciliation, { summary: 'Ledger reconciliation, on demand', tags }, ({ operator }) =>
    admin.reconciliation(operator),
  );
  operatorRoute(app, operatorApi.reconciliationRuns, { summary: 'The daily ledger reconciliations, newest first', tags }, ({ operator }) =>
    admin.reconciliationRuns(operator),
  );
  app.get(
    '/file/:key',
    {
      onRequest: app.authenticateOperator,
      config: { permission: 'files.read' },
      schema: { summary: 'An uploaded file, to operators', tags, params: z.object({ key: z.string().max(100) }) },
    },
    async (request, reply) => {
      if (!request.operator) throw new AppError('UNAUTHORIZED');
      const file = await admin.uploadedFile(request.operator, (request.params as { key: string }).key);
      if (!file) return sendError(reply, 'NOT_FOUND');
      return reply.header('content-type', file.contentType).header('content-security-policy', "default-src 'none'").send(file.bytes);
    },
  );
  operatorRoute(app, operatorApi.withdrawals, { summary: 'Withdrawals to review', tags }, ({ operator, query }) =>
    admin.withdrawalQueue(operator, query),
  );
  operatorRoute(
    app,
    operatorApi.approveWithdrawal,
    { summary: 'Mark a withdrawal paid: the hold is posted', tags },
    ({ operator, params, request }) => admin.payWithdrawal(operator, { ipAddress: request.ip }, params.id),
  );
  operatorRoute(
    app,
    operatorApi.rejectWithdrawal,
    { summary: 'Reject a withdrawal with a reason: the hold is voided', tags },
    ({ operator, params, body, request }) => admin.rejectWithdrawal(operator, { ipAddress: request.ip }, params.id, body.reason),
  );
  registerContentOperatorRoutes(app, admin);
}
