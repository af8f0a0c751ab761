import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, decimal, money, textEnum } from '../../platform/db/columns.ts';

/**
 * Strategy robots (issue 22). Templates and their offers are the operators'; licences, purchases and
 * energy the users'; a run is a strategy on one instrument with money ring-fenced in the ledger's
 * ROBOT_RUNS account (its `cash`), whose orders are trading orders of the user placed by the
 * `robot-runs` job under the keys `robot:<run>:<n>`.
 */
export const robotTemplates = pgTable(
  'robot_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: textEnum('kind', ['grid', 'dca', 'ma-cross', 'rebalance']).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    defaultParameters: jsonb('default_parameters').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('robot_templates_code').on(table.code)],
);

/** A purchase (days null) or rental offer of a template. A change applies to later purchases only. */
export const robotPrices = pgTable(
  'robot_prices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    kind: textEnum('kind', ['purchase', 'rental']).notNull(),
    days: integer('days'),
    price: money('price').notNull(),
    energyIncluded: integer('energy_included').notNull().default(0),
    isEnabled: boolean('is_enabled').notNull().default(true),
  },
  (table) => [
    index('robot_prices_template_idx').on(table.templateId),
    check('robot_prices_shape', sql`price > 0 AND energy_included >= 0 AND ((kind = 'purchase') = (days IS NULL))`),
  ],
);

export const robotEnergyPacks = pgTable(
  'robot_energy_packs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    units: integer('units').notNull(),
    price: money('price').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
  },
  (_table) => [check('robot_energy_packs_shape', sql`units > 0 AND price > 0`)],
);

/** What a user paid (or failed to pay) for a licence, a rental or energy: the history, one row per idempotency key. */
export const robotPurchases = pgTable(
  'robot_purchases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: textEnum('kind', ['purchase', 'rental', 'energy']).notNull(),
    templateId: bigint('template_id', { mode: 'number' }),
    priceId: bigint('price_id', { mode: 'number' }),
    packId: bigint('pack_id', { mode: 'number' }),
    days: integer('days'),
    energyUnits: integer('energy_units').notNull().default(0),
    price: money('price').notNull(),
    status: textEnum('status', ['successful', 'failed']).notNull(),
    failReason: text('fail_reason'),
    expiresAt: at('expires_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('robot_purchases_key').on(table.userId, table.idempotencyKey),
    index('robot_purchases_user_idx').on(table.userId, table.id.desc()),
  ],
);

/** A licence: bought (never expires) or rented (until `expiresAt`). */
export const robotLicences = pgTable(
  'robot_licences',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    purchaseId: bigint('purchase_id', { mode: 'number' }).notNull(),
    kind: textEnum('kind', ['purchase', 'rental']).notNull(),
    startsAt: at('starts_at').notNull(),
    expiresAt: at('expires_at'),
  },
  (table) => [index('robot_licences_user_idx').on(table.userId, table.templateId)],
);

/** A user's energy units: one runs one robot for one hour. */
export const robotEnergy = pgTable(
  'robot_energy',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    units: integer('units').notNull().default(0),
  },
  () => [check('robot_energy_not_negative', sql`units >= 0`)],
);

export const robotRuns = pgTable(
  'robot_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    licenceId: bigint('licence_id', { mode: 'number' }).notNull(),
    kind: textEnum('kind', ['grid', 'dca', 'ma-cross', 'rebalance']).notNull(),
    parameters: jsonb('parameters').notNull(),
    /** What the strategy remembers between rounds (grid cell, samples, next buy…). */
    memory: jsonb('memory').notNull(),
    code: text('code').notNull(),
    walletType: text('wallet_type').notNull(),
    status: textEnum('status', ['in_progress', 'successful', 'failed']).notNull().default('in_progress'),
    endReason: textEnum('end_reason', ['user', 'licence_expired', 'energy', 'killed', 'trading']),
    failCode: text('fail_code'),
    allocated: money('allocated').notNull(),
    cash: money('cash').notNull(),
    quantity: decimal('quantity').notNull().default('0'),
    /** Cost of the shares held, fees excluded (average cost × quantity). */
    costBasis: money('cost_basis').notNull().default('0'),
    income: money('income').notNull().default('0'),
    fees: money('fees').notNull().default('0'),
    tradesCount: integer('trades_count').notNull().default(0),
    startPrice: decimal('start_price'),
    lastPrice: decimal('last_price'),
    peakValue: money('peak_value').notNull(),
    /** Largest fall from a high, in basis points of that high. */
    maxDrawdownBps: integer('max_drawdown_bps').notNull().default(0),
    energyUsed: integer('energy_used').notNull().default(0),
    billedUntil: at('billed_until').notNull(),
    startedAt: at('started_at').notNull(),
    endedAt: at('ended_at'),
  },
  (table) => [
    uniqueIndex('robot_runs_key').on(table.userId, table.idempotencyKey),
    index('robot_runs_user_idx').on(table.userId, table.id.desc()),
    index('robot_runs_running_idx').on(table.id).where(sql`status = 'in_progress'`),
    check('robot_runs_money', sql`allocated > 0 AND cash >= 0 AND quantity >= 0 AND fees >= 0`),
  ],
);

/** One filled order of a run (its first trading order when a Sell closed several positions). */
export const robotRunOrders = pgTable(
  'robot_run_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    sequence: integer('sequence').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    direction: integer('direction').notNull(),
    quantity: decimal('quantity').notNull(),
    price: decimal('price').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    realised: money('realised').notNull(),
    filledAt: at('filled_at').notNull(),
  },
  (table) => [uniqueIndex('robot_run_orders_sequence').on(table.runId, table.sequence)],
);

/** A run's UTC day: realised P&L net of the day's fees (its output), the fees and the trades. */
export const robotRunDays = pgTable(
  'robot_run_days',
  {
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    date: text('date').notNull(),
    output: money('output').notNull().default('0'),
    fees: money('fees').notNull().default('0'),
    trades: integer('trades').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.runId, table.date] })],
);
