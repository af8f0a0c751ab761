import { operatorApi, operatorMessagesApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, operatorRoute, sendError } from '../../platform/http/index.ts';
import { tokenFromHeader } from '../../platform/security/index.ts';
import type { AdminService } from './admin.service.ts';

/**
 * The hook of every operator route (`operatorRoute`), decorated on the /admin/api scope before any
 * module registers its operator routes. A user token never opens it: operator sessions live in their own table.
 */
export function registerOperatorAuthentication(app: FastifyInstance, admin: AdminService) {
  app.decorate('authenticateOperator', async (request, reply) => {
    const operator = await admin.authenticate(tokenFromHeader(request.headers.authorization));
    if (!operator) return sendError(reply, 'UNAUTHORIZED');
    request.operator = operator;
  });
}

/** The admin module's own operator routes: messages, the outbox, reconciliation and uploaded files. */
export function registerAdminRoutes(app: FastifyInstance, admin: AdminService) {
  const tags = ['operator'];
  operatorRoute(
    app,
    operatorMessagesApi.send,
    { summary: 'Write a message to one user, or to everyone', tags },
    ({ operator, body, request }) => admin.sendMessage(operator, { ipAddress: request.ip }, body),
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
}
