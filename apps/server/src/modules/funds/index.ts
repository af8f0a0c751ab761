import type { Executor } from '../../platform/db/index.ts';
import { defineModule } from '../../platform/module.ts';
import { auth, findUsers } from '../auth/index.ts';
import { ledger } from '../ledger/index.ts';
import { messages } from '../messages/index.ts';
import { createFundsOperations, registerFundsOperatorRoutes } from './funds.operator.ts';
import { registerFundsRoutes } from './funds.routes.ts';
import { seedDemoFundRates, seedFundProducts } from './funds.seed.ts';
import { createFundsService } from './funds.service.ts';

export type { FundsOperations } from './funds.operator.ts';
export { createFundsService, type FundsService } from './funds.service.ts';

async function emailOf(executor: Executor, userId: number) {
  return (await findUsers(executor, { userId, text: '', pattern: '', alsoUserIds: [], limit: 1, offset: 0 })).rows[0]?.email;
}

/**
 * Funds (issue 20 §2): a current fund earning a rate published per day and posted each morning, period
 * products paid at maturity, regular investment plans, redemptions within a daily instant cap; operators
 * keep products and rates and read the income job's report with its ledger reconciliation.
 */
export const funds = defineModule({
  name: 'funds',
  needs: [auth, messages, ledger],
  create({ platform: { database, now }, needs }) {
    const service = createFundsService({ db: database.db, ledger: needs.ledger, notify: needs.messages.notify, now });
    const operations = createFundsOperations(service.dependencies, async (executor, userIds) => {
      const emails = await Promise.all(userIds.map(async (userId) => [userId, (await emailOf(executor, userId)) ?? ''] as const));
      return new Map(emails);
    });
    return { service, operations };
  },
  userRoutes: (web, { service }) => registerFundsRoutes(web, service),
  operatorRoutes: (operatorApi, { operations }) => registerFundsOperatorRoutes(operatorApi, operations),
  jobs: ({ service }) => [service.dailyJob],
  async seed(_services, { platform: { config, database, now } }) {
    await seedFundProducts(database.db);
    if (config.isDemoDataEnabled) await seedDemoFundRates(database.db, now());
  },
});
