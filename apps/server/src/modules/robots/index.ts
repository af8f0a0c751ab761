import { defineModule } from '../../platform/module.ts';
import { auth } from '../auth/index.ts';
import { ledger } from '../ledger/index.ts';
import { market, readCandles } from '../market/index.ts';
import { messages } from '../messages/index.ts';
import { trading } from '../trading/index.ts';
import { createRunsJob } from './robots.job.ts';
import { createRobotsOperations, registerRobotsOperatorRoutes } from './robots.operator.ts';
import { registerRobotsRoutes } from './robots.routes.ts';
import { seedRobots } from './robots.seed.ts';
import { createRobotsService } from './robots.service.ts';

export type { RobotsOperations } from './robots.operator.ts';
export { createRobotsService, type RobotsService, simulate } from './robots.service.ts';

/**
 * Strategy robots (issue 22): templates bought or rented, energy, runs that trade the user's own money
 * through the trading module on the live engine, hypothetical backtests through the same strategy code,
 * and the console's templates, prices, packs, runs and kill switch.
 */
export const robots = defineModule({
  name: 'robots',
  needs: [auth, ledger, market, messages, trading],
  create({ platform: { database, now }, needs }) {
    const service = createRobotsService({
      db: database.db,
      now,
      ledger: needs.ledger,
      trading: needs.trading.service,
      notify: needs.messages.notify,
      readCandles,
      emailsByUserId: (userIds: number[]) => needs.auth.auth.emailsByUserId(userIds),
    });
    return {
      service,
      operations: createRobotsOperations(service),
      runsJob: createRunsJob(service.dependencies, { isOneConnection: database.kind === 'embedded' }),
    };
  },
  userRoutes: (web, { service }) => registerRobotsRoutes(web, service),
  operatorRoutes: (operatorApi, { operations }) => registerRobotsOperatorRoutes(operatorApi, operations),
  jobs: ({ runsJob }) => [runsJob],
  async seed(_services, { platform: { database } }) {
    await seedRobots(database.db);
  },
});
