import { bigint, boolean, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, textEnum } from '../../platform/db/columns.ts';

/**
 * What operators changed of the trading rules, per market (a source) or per instrument (a code). A
 * null column means "as the level above": an instrument falls back to its market, a market to the
 * constants of trading.rules.ts, a minimum quantity to the reference data. No row, no change.
 */
export const tradingSettings = pgTable(
  'trading_settings',
  {
    scope: textEnum('scope', ['market', 'instrument']).notNull(),
    key: text('key').notNull(),
    feeRate: numeric('fee_rate'),
    feeMinimum: numeric('fee_minimum'),
    leverageMin: integer('leverage_min'),
    leverageMax: integer('leverage_max'),
    minQuantity: numeric('min_quantity'),
    isHalted: boolean('is_halted').notNull().default(false),
    haltReason: text('halt_reason'),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** Operators live in the admin module, above this one: no foreign key. */
    updatedByOperatorId: bigint('updated_by_operator_id', { mode: 'number' }),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);
