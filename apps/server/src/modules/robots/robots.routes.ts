import { robotApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { userRoute } from '../../platform/http/index.ts';
import type { RobotsService } from './robots.service.ts';

/** The user's robot calls under /web (issue 22). */
export function registerRobotsRoutes(app: FastifyInstance, robots: RobotsService) {
  const tags = ['robots'];
  userRoute(app, robotApi.templates, { summary: 'Robot templates on offer, with their prices and your licence', tags }, ({ principal }) =>
    robots.templates(principal),
  );
  userRoute(app, robotApi.template, { summary: 'One robot template', tags }, ({ principal, body }) => robots.template(principal, body.id));
  userRoute(app, robotApi.energyPacks, { summary: 'Energy packs on offer', tags }, () => robots.energyPacks());
  userRoute(app, robotApi.energy, { summary: 'Your energy and when it ends at the current use', tags }, ({ principal }) =>
    robots.energy(principal),
  );
  userRoute(app, robotApi.buy, { summary: 'Buy a licence or rent a robot', tags }, ({ principal, body }) => robots.buy(principal, body));
  userRoute(app, robotApi.buyEnergy, { summary: 'Buy an energy pack', tags }, ({ principal, body }) => robots.buyEnergy(principal, body));
  userRoute(app, robotApi.purchases, { summary: 'Purchases, rentals and energy packs bought', tags }, ({ principal, body }) =>
    robots.purchases(principal, body),
  );
  userRoute(app, robotApi.licences, { summary: 'Your licences', tags }, ({ principal }) => robots.licences(principal));
  userRoute(app, robotApi.backtest, { summary: 'Hypothetical backtest on stored daily candles', tags }, ({ principal, body }) =>
    robots.backtest(principal, body),
  );
  userRoute(app, robotApi.start, { summary: 'Start a robot run', tags }, ({ principal, body }) => robots.start(principal, body));
  userRoute(app, robotApi.stop, { summary: 'Stop a robot run', tags }, ({ principal, body }) => robots.stop(principal, body));
  userRoute(app, robotApi.runs, { summary: 'Your robot runs', tags }, ({ principal, body }) => robots.runs(principal, body));
  userRoute(app, robotApi.run, { summary: 'A robot run with its orders and daily output', tags }, ({ principal, body }) =>
    robots.run(principal, body),
  );
}
