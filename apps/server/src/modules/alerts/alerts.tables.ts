import { priceAlertKinds, priceAlertStatuses } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, decimal, textEnum } from '../../platform/db/columns.ts';

/**
 * Price alerts (issue 17 §4). An armed alert waits in every process's in-memory index; the process that
 * fires it does so by the guarded update `status = 'armed' → 'fired'`, so across processes exactly one
 * fires it, writes its inbox message and has it announced. A fired row keeps the quote that fired it.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    kind: textEnum('kind', priceAlertKinds).notNull(),
    /** A price (above, below) or a percentage of the day's change (change). */
    threshold: decimal('threshold').notNull(),
    status: textEnum('status', priceAlertStatuses).notNull().default('armed'),
    firedAt: at('fired_at'),
    firedPrice: decimal('fired_price'),
    firedChangeRatio: decimal('fired_change_ratio'),
    createdAt: createdAt(),
  },
  (table) => [
    index('price_alerts_user_idx').on(table.userId, table.id.desc()),
    index('price_alerts_armed_idx').on(table.code).where(sql`status = 'armed'`),
    check('price_alerts_fired_state', sql`(status = 'fired') = (fired_at IS NOT NULL)`),
    check('price_alerts_threshold_positive', sql`threshold > 0`),
  ],
);
