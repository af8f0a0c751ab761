import { priceAlertApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { userRoute } from '../../platform/http/index.ts';
import type { AlertsService } from './alerts.service.ts';

/** The user's price alerts under /web (issue 17 §4). */
export function registerAlertsRoutes(app: FastifyInstance, alerts: AlertsService) {
  const tags = ['alerts'];
  userRoute(
    app,
    priceAlertApi.list,
    { summary: 'Armed and recently fired price alerts, of one instrument or all', tags },
    ({ principal, query }) => alerts.list(Number(principal.userId), query.code),
  );
  userRoute(
    app,
    priceAlertApi.create,
    { summary: 'Arm a price alert: price above, price below, or day change beyond a percent', tags },
    ({ principal, body }) => alerts.create(Number(principal.userId), body),
  );
  userRoute(app, priceAlertApi.delete, { summary: 'Delete one of the caller’s alerts, armed or fired', tags }, ({ principal, params }) =>
    alerts.remove(Number(principal.userId), params.id),
  );
}
