import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, decimal, money, textEnum } from '../../platform/db/columns.ts';

/**
 * Orders, positions and fills. Their money moves only through the ledger (holds at acceptance,
 * postings at the fill or close); these rows say what was traded, at what price and why.
 * Quantities and prices keep 8 decimals; money 2, in the currency of the market's wallet.
 */

export const tradingOrders = pgTable(
  'trading_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    code: text('code').notNull(),
    source: text('source').notNull(),
    walletType: text('wallet_type').notNull(),
    /** Buy 0, Sell 1. */
    direction: smallint('direction').notNull(),
    /** Market 0, Limit 1, Stop 2, StopLimit 3. */
    orderType: smallint('order_type').notNull(),
    /** Open 0, Close 1. */
    openClose: smallint('open_close').notNull(),
    /** 0 and 3 in progress, 1 filled, 2 cancelled. */
    status: smallint('status').notNull(),
    quantity: decimal('quantity').notNull(),
    limitPrice: decimal('limit_price'),
    stopPrice: decimal('stop_price'),
    leverage: integer('leverage').notNull(),
    timeInForce: textEnum('time_in_force', ['day', 'gtc']).notNull(),
    takeProfit: decimal('take_profit'),
    stopLoss: decimal('stop_loss'),
    /** The ledger hold of an open order's margin + fee while it waits. */
    holdId: bigint('hold_id', { mode: 'number' }),
    heldAmount: money('held_amount').notNull().default('0'),
    /** The position an open order created, or the one a close order closed. */
    positionId: bigint('position_id', { mode: 'number' }),
    fillPrice: decimal('fill_price'),
    amount: money('amount'),
    fee: money('fee'),
    margin: money('margin'),
    cancelReason: text('cancel_reason'),
    /** Who closed (close orders): the user, the take-profit, the stop-loss or a stop-out. */
    closeReason: textEnum('close_reason', ['user', 'take_profit', 'stop_loss', 'stop_out', 'settlement']),
    /** A day order is cancelled at this instant if still in progress (the close of its trading day). */
    expiresAt: at('expires_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    filledAt: at('filled_at'),
    cancelledAt: at('cancelled_at'),
  },
  (table) => [
    uniqueIndex('trading_orders_idempotency_key').on(table.userId, table.idempotencyKey),
    index('trading_orders_user_idx').on(table.userId, table.id.desc()),
    index('trading_orders_resting_idx').on(table.code).where(sql`status IN (0, 3)`),
    /** Closes queued while the market is shut, per position: their quantity is reserved when closing again. */
    index('trading_orders_queued_close_idx').on(table.positionId).where(sql`open_close = 1 AND status IN (0, 3)`),
    check('trading_orders_status', sql`status IN (0, 1, 2, 3)`),
    check('trading_orders_quantity_positive', sql`quantity > 0`),
  ],
);

export const tradingPositions = pgTable(
  'trading_positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    source: text('source').notNull(),
    walletType: text('wallet_type').notNull(),
    direction: smallint('direction').notNull(),
    /** What was opened, and what is still open. */
    openedQuantity: decimal('opened_quantity').notNull(),
    quantity: decimal('quantity').notNull(),
    openPrice: decimal('open_price').notNull(),
    leverage: integer('leverage').notNull(),
    /** Margin still held by the house for the open part. */
    margin: money('margin').notNull(),
    fees: money('fees').notNull(),
    realisedPnl: money('realised_pnl').notNull().default('0'),
    takeProfit: decimal('take_profit'),
    stopLoss: decimal('stop_loss'),
    isOpen: boolean('is_open').notNull().default(true),
    closePrice: decimal('close_price'),
    /** Placed shares (issue 18 §3): the position cannot be closed before this instant (their market date). */
    lockedUntil: at('locked_until'),
    createdAt: at('created_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
  },
  (table) => [
    uniqueIndex('trading_positions_order_key').on(table.orderId),
    index('trading_positions_user_idx').on(table.userId, table.isOpen, table.id.desc()),
    index('trading_positions_open_idx').on(table.code).where(sql`is_open`),
    check('trading_positions_quantity', sql`quantity >= 0 AND quantity <= opened_quantity AND margin >= 0`),
  ],
);

export const tradingFills = pgTable(
  'trading_fills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** One fill per order: an order fills whole, exactly once. */
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    positionId: bigint('position_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    quantity: decimal('quantity').notNull(),
    price: decimal('price').notNull(),
    fee: money('fee').notNull(),
    margin: money('margin').notNull(),
    realisedPnl: money('realised_pnl'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('trading_fills_order_key').on(table.orderId), index('trading_fills_position_idx').on(table.positionId)],
);
