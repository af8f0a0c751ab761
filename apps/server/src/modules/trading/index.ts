import { defineModule, type ModuleContext } from '../../platform/module.ts';
import { ledger } from '../ledger/index.ts';
import { market } from '../market/index.ts';
import { messages } from '../messages/index.ts';
import { registerInstrumentsOperatorRoutes } from './instruments-admin.routes.ts';
import { createInstrumentsAdminService } from './instruments-admin.service.ts';
import { createExecutionEngine } from './trading.engine.ts';
import { createPopular, registerPopularRoute } from './trading.popular.ts';
import { registerTradingRoutes } from './trading.routes.ts';
import { createTradingService, type QuoteSource } from './trading.service.ts';
import { createTradingSettings } from './trading-settings.ts';

export { createInstrumentsAdminService, type InstrumentsAdminService } from './instruments-admin.service.ts';
export type { AllottedShares } from './trading.allotment.ts';
export { createExecutionEngine, type ExecutionEngine } from './trading.engine.ts';
export { createHoldingsValuation, type HoldingValue, type PortfolioSource, type PositionFigures } from './trading.holdings.ts';
export { registerTradingRoutes } from './trading.routes.ts';
export { marketRules } from './trading.rules.ts';
export { createTradingService, type QuoteSource, type TradingService } from './trading.service.ts';
export { type StatementOrder, statementOrdersOf } from './trading.statement.ts';
export {
  createTradingSettings,
  type EffectiveRules,
  type SettingsOverride,
  type SettingsPatch,
  type TradingSettings,
} from './trading-settings.ts';

type TradingOptions = {
  /** Where trading reads quotes instead of the market feed (tests script exact bids and asks). */
  quoteSource?: QuoteSource;
  /** Start the trading execution engine (on by default). */
  shouldStartTradingEngine?: boolean;
};
const needed = [ledger, market, messages] as const;

/** Orders, positions and their settlement, the execution engine that fills resting orders, and trading settings (with their operators' routes). */
export const trading = defineModule({
  name: 'trading',
  needs: needed,
  async create({ platform, needs, options }: ModuleContext<typeof needed, TradingOptions>) {
    const { config, database, bus, logger, now } = platform;
    const { market } = needs;
    const quotes = options.quoteSource ?? market.feed;
    const settings = createTradingSettings({ db: database.db, bus, logger });
    await settings.load();
    const service = createTradingService({
      settings,
      db: database.db,
      ledger: needs.ledger,
      catalog: market.catalog,
      quotes,
      convert: (amount, from, to, decimals) => market.service.convert(amount, from, to, decimals),
      clock: config.marketClock,
      now,
      onResting: (order) => engine.resting(order),
      onOrderCancelled: (order) => engine.cancelled(order),
      onPositionChanged: (position) => engine.positionChanged(position),
      logger,
      notify: needs.messages.notify,
      notifyMany: needs.messages.notifyMany,
      bus,
    });
    const engine = createExecutionEngine({ service, quotes, bus, logger });
    const instruments = createInstrumentsAdminService({ db: database.db, catalog: market.catalog, settings });
    const popular = createPopular({ db: database.db, market: market.service, now });
    return { service, engine, settings, instruments, quotes, popular };
  },
  userRoutes: (web, { service, popular }) => {
    registerTradingRoutes(web, service);
    registerPopularRoute(web, popular);
  },
  operatorRoutes: (operatorApi, { instruments }) => registerInstrumentsOperatorRoutes(operatorApi, instruments),
  jobs: ({ service }) => [service.dayOrderExpiryJob, service.futuresSettlementJob],
  async start({ engine }, { options }) {
    if (options.shouldStartTradingEngine ?? true) await engine.start();
  },
  async stop({ engine }) {
    await engine.stop();
  },
});
