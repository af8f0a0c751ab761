import { robotLimits } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import type { Database, Executor } from '../../platform/db/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { CandleRow } from '../market/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { TradingService } from '../trading/index.ts';
import type { robotLicences, robotPrices, robotPurchases, robotRuns, robotTemplates } from './robots.tables.ts';

/** What the robots module's parts share: its dependencies, row types, ledger accounts and number formats. */
export type RunRow = typeof robotRuns.$inferSelect;
export type TemplateRow = typeof robotTemplates.$inferSelect;
export type PriceRow = typeof robotPrices.$inferSelect;
export type LicenceRow = typeof robotLicences.$inferSelect;
export type PurchaseRow = typeof robotPurchases.$inferSelect;

export type RobotsDependencies = {
  db: Database;
  now: () => Date;
  ledger: LedgerService;
  trading: TradingService;
  notify: MessagesService['notify'];
  readCandles: (executor: Executor, code: string, interval: '1d', fromMs: number, toMs: number) => Promise<CandleRow[]>;
  emailsByUserId: (userIds: number[]) => Promise<Map<number, string>>;
};

export const HOUR = robotLimits.hourMs;
export const DAY = 86_400_000;
/** Users' money ring-fenced in runs (owed to them), and what robots were sold for. */
export const runsAccount = { system: 'ROBOT_RUNS' as const, currency: 'USD' as const };
export const salesAccount = { system: 'ROBOT_SALES' as const, currency: 'USD' as const };
export const PURCHASE_WALLET = 'BALANCE' as const;

export const money = (value: Decimal.Value) => new Decimal(value).toFixed(2);
export const text = (value: Decimal.Value) => new Decimal(value).toString();
