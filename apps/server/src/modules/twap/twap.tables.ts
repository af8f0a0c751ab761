import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, decimal, money, textEnum } from '../../platform/db/columns.ts';

/**
 * Large orders worked over time (issue 19 §3, TWAP). A worked order is a plan; its slices are real
 * orders of the trading module (each with its own ledger journal), placed by the `twap-slices` job
 * under the key `twap:<id>:<slice index>`, so a slice is placed at most once whatever restarts or
 * processes there are. These rows keep the plan, its progress and one row per filled slice.
 */
export const twapOrders = pgTable(
  'twap_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    code: text('code').notNull(),
    source: text('source').notNull(),
    currency: text('currency').notNull(),
    /** Buy 0, Sell 1. */
    direction: integer('direction').notNull(),
    quantity: decimal('quantity').notNull(),
    slices: integer('slices').notNull(),
    intervalSeconds: integer('interval_seconds').notNull(),
    limitPrice: decimal('limit_price'),
    status: textEnum('status', ['working', 'completed', 'cancelled', 'expired', 'stopped']).notNull().default('working'),
    /** Slices placed so far: the index of the next one. */
    slicesDone: integer('slices_done').notNull().default(0),
    filledQuantity: decimal('filled_quantity').notNull().default('0'),
    filledAmount: money('filled_amount').notNull().default('0'),
    fees: money('fees').notNull().default('0'),
    nextSliceAt: at('next_slice_at').notNull(),
    waitReason: text('wait_reason'),
    stopReason: text('stop_reason'),
    startedAt: at('started_at').notNull(),
    endsAt: at('ends_at').notNull(),
    endedAt: at('ended_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('twap_orders_idempotency_key').on(table.userId, table.idempotencyKey),
    index('twap_orders_user_idx').on(table.userId, table.id.desc()),
    index('twap_orders_due_idx').on(table.nextSliceAt).where(sql`status = 'working'`),
    check('twap_orders_progress', sql`slices_done BETWEEN 0 AND slices AND filled_quantity <= quantity`),
  ],
);

/** A placed slice: its trading order (the first, when a Sell closed several positions) and what it filled. */
export const twapSlices = pgTable(
  'twap_slices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    twapId: bigint('twap_id', { mode: 'number' }).notNull(),
    sliceIndex: integer('slice_index').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    quantity: decimal('quantity').notNull(),
    price: decimal('price').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    filledAt: at('filled_at').notNull(),
  },
  (table) => [uniqueIndex('twap_slices_one_per_index').on(table.twapId, table.sliceIndex)],
);
