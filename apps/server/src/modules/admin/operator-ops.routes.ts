import { operatorUsersApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { operatorRoute } from '../../platform/http/index.ts';
import type { AdminUsersService } from './admin-users.service.ts';

/** Operator operations on users under /admin/api: the user read model, freezes and sessions. */
export function registerOperatorOpsRoutes(app: FastifyInstance, services: { users: AdminUsersService }) {
  const { users } = services;
  const tags = ['operator'];
  const metaOf = (request: { ip: string }) => ({ ipAddress: request.ip });

  operatorRoute(app, operatorUsersApi.search, { summary: 'Search users by email, id or name', tags }, ({ operator, query }) =>
    users.search(operator, query),
  );
  operatorRoute(
    app,
    operatorUsersApi.detail,
    { summary: "A user's wallets, identity, freezes, sessions and devices", tags },
    ({ operator, params }) => users.detail(operator, params.id),
  );
  operatorRoute(app, operatorUsersApi.statement, { summary: "A user's ledger statement", tags }, ({ operator, params, query }) =>
    users.statement(operator, params.id, query),
  );
  operatorRoute(app, operatorUsersApi.orders, { summary: "A user's orders", tags }, ({ operator, params, query }) =>
    users.orders(operator, params.id, query),
  );
  operatorRoute(app, operatorUsersApi.positions, { summary: "A user's positions", tags }, ({ operator, params, query }) =>
    users.positions(operator, params.id, query),
  );
  operatorRoute(
    app,
    operatorUsersApi.freeze,
    { summary: 'Freeze login, trading or withdrawals with a reason', tags },
    ({ operator, params, body, request }) => users.freeze(operator, metaOf(request), params.id, body),
  );
  operatorRoute(app, operatorUsersApi.unfreeze, { summary: 'Lift a freeze', tags }, ({ operator, params, body, request }) =>
    users.unfreeze(operator, metaOf(request), params.id, body),
  );
  operatorRoute(
    app,
    operatorUsersApi.revokeSessions,
    { summary: 'End every session of a user', tags },
    ({ operator, params, body, request }) => users.revokeSessions(operator, metaOf(request), params.id, body),
  );
}
