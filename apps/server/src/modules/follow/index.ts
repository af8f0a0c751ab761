import type { Executor } from '../../platform/db/index.ts';
import { defineModule } from '../../platform/module.ts';
import { auth, findUsers } from '../auth/index.ts';
import { ledger } from '../ledger/index.ts';
import { market } from '../market/index.ts';
import { messages } from '../messages/index.ts';
import { trading } from '../trading/index.ts';
import { seedDemoInstitutions } from './follow.demo.ts';
import { createFollowOperations, registerFollowOperatorRoutes } from './follow.operator.ts';
import { registerFollowRoutes } from './follow.routes.ts';
import { createFollowService } from './follow.service.ts';

export { passesLossLimit, settlementOf, unitsFor } from './follow.fees.ts';
export { maxDrawdownOf, medianOf, navOf, quantitiesFor, volatilityOf } from './follow.nav.ts';
export { createFollowService, type FollowService } from './follow.service.ts';

async function emailsOf(executor: Executor, userIds: number[]) {
  const found = await Promise.all(
    userIds.map(
      async (userId) => (await findUsers(executor, { userId, text: '', pattern: '', alsoUserIds: [], limit: 1, offset: 0 })).rows[0],
    ),
  );
  return new Map(found.flatMap((account) => (account ? [[Number(account.id), account.email] as const] : [])));
}

/**
 * Follow-invest (issue 20 §1): institutions as model portfolios valued on the live feed every minute,
 * follows held → bought into units at the next cut-off → locked → settled at NAV with fees, on the ledger.
 */
export const follow = defineModule({
  name: 'follow',
  needs: [auth, messages, ledger, market, trading],
  create({ platform: { database, logger, now }, needs }) {
    const { catalog } = needs.market;
    const dependencies = {
      db: database.db,
      ledger: needs.ledger,
      notify: needs.messages.notify,
      priceOf: (code: string) => needs.trading.quotes.latest(code)?.price,
      nameOf: (code: string) => catalog.byCode.get(code)?.name ?? code,
      isHoldable: (code: string) => {
        const instrument = catalog.byCode.get(code);
        return instrument?.classify === 'US' && instrument.currency === 'USD';
      },
      now,
      logger,
    };
    const service = createFollowService(dependencies);
    return { service, operations: createFollowOperations(dependencies, emailsOf) };
  },
  userRoutes: (web, { service }) => registerFollowRoutes(web, service),
  operatorRoutes: (operatorApi, { operations }) => registerFollowOperatorRoutes(operatorApi, operations),
  jobs: ({ service }) => [service.navJob],
  async start(_services, { platform: { config, database, logger, now }, needs }) {
    if (!config.isDemoDataEnabled) return;
    // In the background: the record is read from the market's stored daily candles, written as the feed starts.
    const { feed } = needs.market;
    void feed
      .historyStored()
      .then(() => seedDemoInstitutions(database.db, (code, interval, from, to) => feed.history(code, interval, from, to), now))
      .catch((error: unknown) => logger.error({ err: error }, 'follow: demo institutions not seeded'));
  },
});
