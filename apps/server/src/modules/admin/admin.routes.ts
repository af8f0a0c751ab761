import { operatorOutboxApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { operatorRoute, sendError } from '../../platform/http/index.ts';
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

/** The admin module's own operator route besides operator accounts: the dev outbox. */
export function registerAdminRoutes(app: FastifyInstance, admin: AdminService) {
  const tags = ['operator'];
  operatorRoute(
    app,
    operatorOutboxApi.outbox,
    { summary: 'The dev outbox (mails not sent without SMTP_URL)', tags },
    async ({ operator }) => admin.outbox(operator),
  );
}
