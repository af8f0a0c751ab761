import { operatorAdjustmentsApi, operatorInstrumentsApi, operatorUsersApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { operatorRoute } from '../../platform/http/index.ts';
import type { AdjustmentsService } from './adjustments.service.ts';
import type { AdminUsersService } from './admin-users.service.ts';
import type { InstrumentsAdminService } from './instruments-admin.service.ts';

/** Operator operations under /admin/api: users, four-eyes adjustments, instruments. Registered after the admin routes (their hook). */
export function registerOperatorOpsRoutes(
  app: FastifyInstance,
  services: { users: AdminUsersService; adjustments: AdjustmentsService; instruments: InstrumentsAdminService },
) {
  const { users, adjustments, instruments } = services;
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

  operatorRoute(app, operatorAdjustmentsApi.list, { summary: 'Balance adjustments, pending first', tags }, ({ operator, query }) =>
    adjustments.list(operator, query),
  );
  operatorRoute(
    app,
    operatorAdjustmentsApi.request,
    { summary: 'Request a balance adjustment (moves nothing until a second operator approves)', tags },
    ({ operator, body, request }) => adjustments.request(operator, metaOf(request), body),
  );
  operatorRoute(
    app,
    operatorAdjustmentsApi.approve,
    { summary: "Approve another operator's adjustment: the ledger moves", tags },
    ({ operator, params, request }) => adjustments.approve(operator, metaOf(request), params.id),
  );
  operatorRoute(
    app,
    operatorAdjustmentsApi.reject,
    { summary: "Reject another operator's adjustment", tags },
    ({ operator, params, body, request }) => adjustments.reject(operator, metaOf(request), params.id, body.reason),
  );

  operatorRoute(
    app,
    operatorInstrumentsApi.search,
    { summary: 'Search instruments with their trading settings', tags },
    ({ operator, query }) => instruments.search(operator, query),
  );
  operatorRoute(app, operatorInstrumentsApi.markets, { summary: 'Trading settings per market', tags }, ({ operator }) =>
    instruments.markets(operator),
  );
  operatorRoute(
    app,
    operatorInstrumentsApi.halt,
    { summary: 'Halt new orders on an instrument', tags },
    ({ operator, params, body, request }) => instruments.halt(operator, metaOf(request), params.code, body.reason),
  );
  operatorRoute(app, operatorInstrumentsApi.resume, { summary: 'Resume trading an instrument', tags }, ({ operator, params, request }) =>
    instruments.resume(operator, metaOf(request), params.code),
  );
  operatorRoute(
    app,
    operatorInstrumentsApi.editInstrument,
    { summary: "Edit an instrument's fee, leverage limits or minimum quantity", tags },
    ({ operator, params, body, request }) => instruments.editInstrument(operator, metaOf(request), params.code, body),
  );
  operatorRoute(
    app,
    operatorInstrumentsApi.editMarket,
    { summary: "Edit a market's fee or leverage limits", tags },
    ({ operator, params, body, request }) => instruments.editMarket(operator, metaOf(request), params.source, body),
  );
}
