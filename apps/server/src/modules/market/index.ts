export { type ClockMode, calendars, sessionsOf, statusAt } from './calendars.ts';
export type { CandleRow, MarketFeed, Trade, TradeSource } from './feed-types.ts';
export { contractExpiry, isExpiredAt } from './futures-terms.ts';
export { createMarketModule, type MarketModule, type MarketModuleOptions } from './market.module.ts';
export { readCandles } from './market.repository.ts';
export { registerMarketRoutes } from './market.routes.ts';
export type { MarketService } from './market.service.ts';
export { createReplaySource } from './replay.ts';
