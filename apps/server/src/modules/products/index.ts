import { defineModule } from '../../platform/module.ts';
import { kyc } from '../kyc/index.ts';
import { ledger } from '../ledger/index.ts';
import { market } from '../market/index.ts';
import { messages } from '../messages/index.ts';
import { trading } from '../trading/index.ts';
import { seedDemoOfferings } from './products.demo.ts';
import { createOfferingsOperator } from './products.operator.ts';
import { registerProductsOperatorRoutes, registerProductsRoutes } from './products.routes.ts';
import { createProductsService } from './products.service.ts';

export { type Applicant, allot, costOf, seedHashOf, settlementOf, ticketRank } from './products.allotment.ts';
export { seedDemoRightsIssue } from './products.demo.ts';
export { createOfferingsOperator, type OfferingsOperator } from './products.operator.ts';
export { createProductsService, type ProductsService } from './products.service.ts';

/**
 * New shares (issue 18): the subscription kernel (offering → held application → allotment → position)
 * and IPO subscriptions on it; its operators create, publish (four eyes) and allot offerings.
 */
export const products = defineModule({
  name: 'products',
  needs: [messages, kyc, ledger, market, trading],
  create({ platform: { database, logger, now }, needs }) {
    const service = createProductsService({
      db: database.db,
      ledger: needs.ledger,
      listStock: (listing) => needs.market.listStock(listing),
      openAllottedPosition: (tx, input) => needs.trading.service.openAllottedPosition(tx, input),
      identityOf: (userId) => needs.kyc.service.verifiedIdentityKey(userId),
      placedHolding: (userId, code) => needs.trading.service.placedHolding(userId, code),
      holdingsAt: (executor, code, at) => needs.trading.service.holdingsAt(executor, code, at),
      notify: needs.messages.notify,
      notifyMany: needs.messages.notifyMany,
      now,
      logger,
    });
    const operator = createOfferingsOperator({
      db: database.db,
      products: service,
      isCodeListed: (code) => needs.market.catalog.byCode.has(code),
      lastCloseOf: (code) => needs.trading.quotes.latest(code)?.prevClose,
      now,
    });
    return { service, operator };
  },
  userRoutes: (web, { service }) => registerProductsRoutes(web, service),
  operatorRoutes: (operatorApi, { operator }) => registerProductsOperatorRoutes(operatorApi, operator),
  jobs: ({ service }) => [service.rightsJob, service.allotmentJob, service.listingJob],
  async start({ service }, { platform: { config, database, now } }) {
    if (config.isDemoDataEnabled) await seedDemoOfferings(database.db, service, now);
    await service.relistListed();
  },
});
