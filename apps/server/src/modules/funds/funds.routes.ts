import { fundApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { userRoute } from '../../platform/http/index.ts';
import type { FundsService } from './funds.service.ts';

export function registerFundsRoutes(app: FastifyInstance, funds: FundsService) {
  const tags = ['funds'];
  userRoute(app, fundApi.stat, { summary: 'Fund totals: held, income, plans, redemptions on their way', tags }, ({ principal }) =>
    funds.stat(principal),
  );
  userRoute(app, fundApi.productPage, { summary: 'Fund products with their published rates and posted 7-day yield', tags }, ({ body }) =>
    funds.productPage(body),
  );
  userRoute(app, fundApi.create, { summary: 'Buy a fund from the general balance (idempotent)', tags }, ({ principal, body }) =>
    funds.create(principal, body),
  );
  userRoute(app, fundApi.page, { summary: 'Fund orders: purchases, redemptions, maturities', tags }, ({ principal, body }) =>
    funds.page(principal, body),
  );
  userRoute(app, fundApi.holdings, { summary: 'Open fund holdings with their income', tags }, ({ principal }) => funds.holdings(principal));
  userRoute(
    app,
    fundApi.redeemQuote,
    { summary: 'What a redemption pays now, later (and when), and its fee', tags },
    ({ principal, body }) => funds.redeemQuote(principal, body),
  );
  userRoute(
    app,
    fundApi.redeem,
    { summary: 'Redeem: instantly up to the daily cap, the rest the next business day', tags },
    ({ principal, body }) => funds.redeem(principal, body),
  );
  userRoute(app, fundApi.plans, { summary: 'Regular investment plans', tags }, ({ principal }) => funds.plans(principal));
  userRoute(app, fundApi.planCreate, { summary: 'Set up a regular investment plan', tags }, ({ principal, body }) =>
    funds.planCreate(principal, body),
  );
  userRoute(app, fundApi.planUpdate, { summary: "Change a plan's amount, frequency or day", tags }, ({ principal, body }) =>
    funds.planUpdate(principal, body),
  );
  userRoute(app, fundApi.planPause, { summary: 'Pause a plan', tags }, ({ principal, body }) => funds.planPause(principal, body));
  userRoute(app, fundApi.planResume, { summary: 'Resume a paused plan', tags }, ({ principal, body }) => funds.planResume(principal, body));
  userRoute(app, fundApi.planEnd, { summary: 'End a plan', tags }, ({ principal, body }) => funds.planEnd(principal, body));
}
