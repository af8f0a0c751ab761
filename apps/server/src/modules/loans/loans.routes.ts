import { loanApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { userRoute } from '../../platform/http/index.ts';
import type { LoansService } from './loans.service.ts';

export function registerLoansRoutes(app: FastifyInstance, loans: LoansService) {
  const tags = ['loans'];
  userRoute(
    app,
    loanApi.rates,
    { summary: 'Loan products, the credit score and limit, and the terms of an amount', tags },
    ({ principal, query }) => loans.rates(principal, query),
  );
  userRoute(app, loanApi.userLoans, { summary: 'Loans pending or in use, with what each owes', tags }, ({ principal }) =>
    loans.userLoans(principal),
  );
  userRoute(app, loanApi.apply, { summary: 'Apply for a loan on the confirmed terms (idempotent)', tags }, ({ principal, body }) =>
    loans.apply(principal, body),
  );
  userRoute(app, loanApi.page, { summary: 'Every loan of the user, newest first', tags }, ({ principal, body }) =>
    loans.page(principal, body),
  );
  userRoute(
    app,
    loanApi.repay,
    { summary: 'Repay all or part of a loan: interest, then penalty, then principal (idempotent)', tags },
    ({ principal, body }) => loans.repay(principal, body),
  );
}
