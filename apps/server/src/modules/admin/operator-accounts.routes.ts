import { operatorAccountApi, operatorsApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { operatorRoute, publicRoute } from '../../platform/http/index.ts';
import type { OperatorAccountsService } from './operator-accounts.service.ts';

/** Sign-in with two-factor, the operator's own security, the operator list and the audit search. */
export function registerOperatorAccountRoutes(app: FastifyInstance, accounts: OperatorAccountsService) {
  const tags = ['operator'];
  publicRoute(
    app,
    operatorAccountApi.login,
    { summary: 'Operator sign-in (password, then the TOTP code once enrolled)', tags },
    ({ body, request }) => accounts.login(body, { ipAddress: request.ip }),
  );
  operatorRoute(app, operatorAccountApi.logout, { summary: "End the operator's session", tags }, ({ operator }) =>
    accounts.logout(operator),
  );
  operatorRoute(app, operatorAccountApi.me, { summary: 'The signed-in operator, role and permissions', tags }, ({ operator }) =>
    accounts.profile(operator),
  );
  operatorRoute(app, operatorAccountApi.startTotp, { summary: 'Start two-factor enrolment: a new secret to scan', tags }, ({ operator }) =>
    accounts.startTotp(operator),
  );
  operatorRoute(
    app,
    operatorAccountApi.confirmTotp,
    { summary: 'Confirm two-factor enrolment with a code', tags },
    ({ operator, body, request }) => accounts.confirmTotp(operator, { ipAddress: request.ip }, body.code),
  );
  operatorRoute(
    app,
    operatorAccountApi.disableTotp,
    { summary: 'Turn two-factor sign-in off with a current code', tags },
    ({ operator, body, request }) => accounts.disableTotp(operator, { ipAddress: request.ip }, body.code),
  );
  operatorRoute(app, operatorsApi.list, { summary: 'Operators', tags }, ({ operator }) => accounts.listOperators(operator));
  operatorRoute(app, operatorsApi.create, { summary: 'Create an operator with a role', tags }, ({ operator, body, request }) =>
    accounts.createOperator(operator, { ipAddress: request.ip }, body),
  );
  operatorRoute(app, operatorsApi.audit, { summary: 'Search the audit log', tags }, ({ operator, query }) =>
    accounts.searchAudit(operator, query),
  );
}
