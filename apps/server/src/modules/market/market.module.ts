import type { EventBus } from '../../platform/bus/index.ts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { withFairValueFutures } from './fair-value.ts';
import type { TradeSource } from './feed-types.ts';
import { createCatalog, newListingOf } from './instruments.ts';
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

/** The bus topic that tells every process to list the futures contracts of a date. */
export const FUTURES_LISTING_TOPIC = 'market:futures-listing';
type ListingMessage = { date: string };

/** The bus topic that tells every process to add a newly listed stock (issue 18) to its catalog and feed. */
export const NEW_LISTING_TOPIC = 'market:new-listing';
/** A stock listed by a new-share offering: the catalog builds its instrument from these facts. */
export type NewListing = {
  code: string;
  name: string;
  market: string;
  price: number;
  shares: number;
  listedOn: string;
  listedAtMs: number;
};

const dateOf = (instantMs: number) => new Date(instantMs).toISOString().slice(0, 10);

/** Builds the market module: the catalog, this process's feed and the service behind the routes. */
export function createMarketModule(options: MarketModuleOptions) {
  const { config } = options;
  const now = options.now ?? Date.now;
  const catalog = createCatalog(config.marketInstruments, { date: dateOf(now()) });
  const feed = createFeedEngine({
    catalog,
    db: options.db,
    bus: options.bus,
    clock: config.marketClock,
    seed: config.marketSeed,
    tickMs: config.marketTickMs,
    source: options.source ?? withFairValueFutures(createSimulatedSource({ seed: config.marketSeed }), config.marketSeed),
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

  /**
   * Lists the futures contracts the date's front months add (each process keeps its own catalog in
   * memory; the leader's feed starts quoting them). Idempotent: a date already rolled adds nothing.
   */
  async function rollFutures(date: string) {
    const added = catalog.rollTo(date);
    if (added.length === 0) return added;
    options.logger.info({ date, codes: added.map((instrument) => instrument.code) }, 'market: futures contracts listed');
    await feed.addInstruments(added);
    return added;
  }
  /** Adds a newly listed stock to this process's catalog (a known code adds nothing); answers its instrument. */
  function addListing(listing: NewListing) {
    if (!catalog.byCode.has(listing.code)) catalog.add(newListingOf(listing));
    return catalog.byCode.get(listing.code);
  }
  // The feed's part reads the database, so it runs after the publisher's transaction, never inside it.
  options.bus.subscribe(NEW_LISTING_TOPIC, (payload) => {
    const instrument = addListing(payload as NewListing);
    if (!instrument) return;
    feed.addInstruments([instrument]).catch((error: unknown) => options.logger.error({ err: error }, 'market: new listing failed'));
  });

  /** Rolls one after the other, so a test (or a shutdown) can wait for the last one. */
  let rolling: Promise<unknown> = Promise.resolve();
  options.bus.subscribe(FUTURES_LISTING_TOPIC, (payload) => {
    const { date } = payload as ListingMessage;
    rolling = rolling
      .then(() => rollFutures(date))
      .catch((error: unknown) => options.logger.error({ err: error, date }, 'market: futures listing failed'));
  });

  /**
   * The daily listing of futures under the job runner: one process per deployment tells every
   * process, itself included, through the bus to roll its catalog. It only publishes: the roll reads
   * the database outside the job's transaction (on the embedded database a second query inside it
   * would wait for it). It checks every hour so a roll follows an expiry within the hour whenever
   * the process started; a check that finds nothing new costs a few date sums.
   */
  const futuresListingJob: JobDefinition = {
    name: 'market-futures-listing',
    intervalMs: 60 * 60 * 1000,
    async run() {
      await options.bus.publish(FUTURES_LISTING_TOPIC, { date: dateOf(now()) } satisfies ListingMessage);
    },
  };

  return {
    catalog,
    feed,
    service,
    rollFutures,
    futuresListingJob,
    /**
     * Lists a stock on every process: this one's catalog at once (so the caller can trade it as soon as this
     * resolves), the feeds and the other processes through the bus. Idempotent; called again at each start.
     */
    async listStock(listing: NewListing) {
      addListing(listing);
      await options.bus.publish(NEW_LISTING_TOPIC, listing);
    },
    /** Resolves when the rolls asked for so far are done (the feed quoting the new contracts). */
    futuresRolled: () => rolling.then(() => undefined),
  };
}
export type MarketModule = ReturnType<typeof createMarketModule>;
