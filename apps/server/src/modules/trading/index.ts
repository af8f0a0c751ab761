export { createExecutionEngine, type ExecutionEngine } from './trading.engine.ts';
export { createHoldingsValuation, type HoldingValue } from './trading.holdings.ts';
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
