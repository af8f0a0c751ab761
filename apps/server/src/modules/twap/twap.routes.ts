import { operatorTwapApi, twapApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { operatorRoute, userRoute } from '../../platform/http/index.ts';
import type { TwapService } from './twap.service.ts';

/** The user's worked-order calls under /web (issue 19 §3). */
export function registerTwapRoutes(app: FastifyInstance, twap: TwapService) {
  const tags = ['twap'];
  userRoute(
    app,
    twapApi.create,
    { summary: 'Work a large stock order as equal market slices over a period, with an optional limit', tags },
    ({ principal, body }) => twap.create(principal, body),
  );
  userRoute(app, twapApi.orders, { summary: 'Worked orders with their progress and filled slices', tags }, ({ principal, body }) =>
    twap.orders(principal, body),
  );
  userRoute(app, twapApi.cancel, { summary: 'Cancel a worked order; what it filled stays filled', tags }, ({ principal, body }) =>
    twap.cancel(principal, body),
  );
}

/** The operators' read of every worked order under /admin/api. */
export function registerTwapOperatorRoutes(app: FastifyInstance, twap: TwapService) {
  operatorRoute(
    app,
    operatorTwapApi.orders,
    { summary: 'Worked orders of every user', tags: ['operator'] },
    ({ operator, query, request }) => twap.operatorOrders(operator, query, request.locale),
  );
}
