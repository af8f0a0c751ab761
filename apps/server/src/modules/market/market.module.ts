import type { EventBus } from '../../platform/bus/index.ts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/index.ts';
import type { TradeSource } from './feed-types.ts';
import { createCatalog } from './instruments.ts';
import { createMarketService } from './market.service.ts';
import { createFeedEngine, createLeadership } from './market-feed.ts';
import { createSimulatedSource } from './simulator.ts';

export type MarketModuleOptions = {
  config: Pick<Config, 'marketClock' | 'marketSeed' | 'marketInstruments' | 'marketTickMs' | 'databaseUrl'>;
  db: Database;
  bus: EventBus;
  logger: { info(object: object, message: string): void; error(object: object, message: string): void };
  /** Another source of trades than the simulator (tests replay a file). */
  source?: TradeSource;
  now?: () => number;
};

/** Builds the market module: the catalog, this process's feed and the service behind the routes. */
export function createMarketModule(options: MarketModuleOptions) {
  const { config } = options;
  const catalog = createCatalog(config.marketInstruments);
  const feed = createFeedEngine({
    catalog,
    db: options.db,
    bus: options.bus,
    clock: config.marketClock,
    seed: config.marketSeed,
    tickMs: config.marketTickMs,
    source: options.source ?? createSimulatedSource({ seed: config.marketSeed }),
    leadership: createLeadership(config.databaseUrl, options.logger),
    logger: options.logger,
    ...(options.now ? { now: options.now } : {}),
  });
  const service = createMarketService({
    db: options.db,
    catalog,
    feed,
    clock: config.marketClock,
    ...(options.now ? { now: options.now } : {}),
  });
  return { catalog, feed, service };
}
export type MarketModule = ReturnType<typeof createMarketModule>;
