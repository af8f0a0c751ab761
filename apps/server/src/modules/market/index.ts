import { defineModule, type ModuleContext } from '../../platform/module.ts';
import { everyoneEventsTopic, userEventsTopic } from '../../platform/notifications.ts';
import { auth, SESSIONS_ENDED_TOPIC } from '../auth/index.ts';
import type { TradeSource } from './feed-types.ts';
import { createMarketModule } from './market.module.ts';
import { registerMarketRoutes } from './market.routes.ts';

export { type ClockMode, calendars, sessionsOf, statusAt } from './calendars.ts';
export type { CandleRow, MarketFeed, Trade, TradeSource } from './feed-types.ts';
export { contractExpiry, isExpiredAt } from './futures-terms.ts';
export { createMarketModule, type MarketModule, type MarketModuleOptions, type NewListing } from './market.module.ts';
export { readCandles } from './market.repository.ts';
export { registerMarketRoutes } from './market.routes.ts';
export type { MarketService } from './market.service.ts';
export { createReplaySource } from './replay.ts';

type MarketOptions = {
  /** Trades from this source instead of the simulated market (tests replay a file). */
  marketSource?: TradeSource;
  /** The market feed's clock instead of the system's (tests replay a file at a chosen date). */
  marketNow?: () => number;
  /** Start the market feed (on by default; tests that do not read quotes leave it off to stay light). */
  shouldStartMarketFeed?: boolean;
};
const needed = [auth] as const;

/** Instruments, the simulated (or replayed) feed, quotes, candles, watchlists and the push socket. */
export const market = defineModule({
  name: 'market',
  needs: needed,
  create: ({ platform: { config, database, bus, logger }, options }: ModuleContext<typeof needed, MarketOptions>) =>
    createMarketModule({
      config,
      db: database.db,
      bus,
      logger,
      ...(options.marketSource ? { source: options.marketSource } : {}),
      ...(options.marketNow ? { now: options.marketNow } : {}),
    }),
  userRoutes: (web, market, { platform: { config, bus }, needs }) =>
    registerMarketRoutes(web, {
      service: market.service,
      feed: market.feed,
      catalog: market.catalog,
      authenticate: (token) => needs.auth.auth.authenticate(token),
      push: {
        updatesPerSecondMax: config.pushUpdatesPerSecond,
        // A signed-in socket hears its own user's topic and the everyone topic, nothing else.
        userEvents: {
          authenticate: (token) => needs.auth.auth.authenticate(token),
          subscribe: (userId, listener) => {
            const stopOwn = bus.subscribe(userEventsTopic(userId), listener);
            const stopEveryone = bus.subscribe(everyoneEventsTopic, listener);
            return () => {
              stopOwn();
              stopEveryone();
            };
          },
          onSessionsEnded: (userId, listener) =>
            bus.subscribe(SESSIONS_ENDED_TOPIC, (payload) => {
              const ended = (payload as { userId?: unknown } | undefined)?.userId;
              if (ended === undefined || String(ended) === userId) listener();
            }),
        },
      },
    }),
  jobs: (market) => [market.futuresListingJob],
  async start(market, { options }) {
    // The feed starts in the background: the server answers at once, market reads say "starting"
    // for the moment it takes to place every instrument where its stored history ends.
    if (options.shouldStartMarketFeed ?? true) await market.feed.start();
  },
  async stop(market) {
    await market.feed.stop();
  },
});
