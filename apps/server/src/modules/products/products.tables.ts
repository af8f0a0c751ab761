import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, decimal, money, textEnum } from '../../platform/db/columns.ts';
import { operators } from '../../platform/operators/operators.tables.ts';

/**
 * The subscription kernel (issue 18): an offering, its applications (each holding its money on the
 * ledger through one hold) and the allotment that resolves every hold in one transaction. `kind` names
 * the product line (IPO today); the rows and their states are the same for each.
 */
export const productOfferings = pgTable(
  'product_offerings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: textEnum('kind', ['ipo', 'placing', 'rights']).notNull(),
    status: textEnum('status', ['pending', 'published', 'allotted', 'listed', 'rejected']).notNull().default('pending'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    exchangeCode: text('exchange_code').notNull(),
    prospectusDate: date('prospectus_date', { mode: 'string' }).notNull(),
    prospectusUrl: text('prospectus_url').notNull().default(''),
    fundRaising: money('fund_raising').notNull(),
    priceLow: decimal('price_low').notNull(),
    priceHigh: decimal('price_high').notNull(),
    price: decimal('price').notNull(),
    lotSize: integer('lot_size').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    maxQuantity: integer('max_quantity').notNull(),
    sharesOffered: bigint('shares_offered', { mode: 'number' }).notNull(),
    feeRate: decimal('fee_rate').notNull(),
    walletType: text('wallet_type').notNull().default('SUBSCRIPTION'),
    allocationRule: textEnum('allocation_rule', ['ballot_one_lot_priority', 'pro_rata']).notNull(),
    opensAt: at('opens_at').notNull(),
    closesAt: at('closes_at').notNull(),
    allotsAt: at('allots_at').notNull(),
    listsAt: at('lists_at').notNull(),
    /** Placings: from when the placed shares can be sold (they are delivered at lists_at, locked until then). */
    marketDate: at('market_date'),
    /** Placings: the reason announced, and the stock's last close at publication (the discount is shown against it). */
    reason: text('reason').notNull().default(''),
    referenceClose: decimal('reference_close'),
    /** Rights issues: new shares per share held on the record date, the date, and when the rights were credited. */
    rightsRatio: decimal('rights_ratio'),
    recordDate: at('record_date'),
    entitledAt: at('entitled_at'),
    /** The ballot's secret seed, drawn at publication; only its sha256 is shown until the draw has run. */
    seed: text('seed'),
    seedHash: text('seed_hash'),
    /** Filled by the allotment: lots demanded and applications, and how many received at least one lot. */
    demandLots: bigint('demand_lots', { mode: 'number' }),
    applicationCount: integer('application_count'),
    winnerCount: integer('winner_count'),
    createdByOperatorId: bigint('created_by_operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    publishedByOperatorId: bigint('published_by_operator_id', { mode: 'number' }).references(() => operators.id),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    allottedAt: at('allotted_at'),
    listedAt: at('listed_at'),
  },
  (table) => [
    // One IPO per code; placings are of stocks already listed, and a stock may place shares again.
    uniqueIndex('product_offerings_code_key').on(table.code).where(sql`status <> 'rejected' AND kind = 'ipo'`),
    index('product_offerings_status_idx').on(table.status, table.opensAt),
    check(
      'product_offerings_four_eyes',
      sql`${table.publishedByOperatorId} IS NULL OR ${table.publishedByOperatorId} <> ${table.createdByOperatorId}`,
    ),
    check(
      'product_offerings_shape',
      sql`lot_size > 0 AND min_quantity > 0 AND max_quantity >= min_quantity AND shares_offered > 0 AND price > 0 AND opens_at < closes_at AND closes_at <= allots_at AND allots_at <= lists_at`,
    ),
    check('product_offerings_market_date', sql`kind <> 'placing' OR (market_date IS NOT NULL AND market_date >= lists_at)`),
    check('product_offerings_rights', sql`kind <> 'rights' OR (rights_ratio > 0 AND record_date IS NOT NULL AND record_date <= opens_at)`),
  ],
);

export const productApplications = pgTable(
  'product_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offeringId: bigint('offering_id', { mode: 'number' })
      .notNull()
      .references(() => productOfferings.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The verified identity behind the user (kyc's key: a hash naming the document, not its number). */
    identityKey: text('identity_key').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    lots: integer('lots').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    /** The ledger hold of amount + fee, resolved by the allotment. */
    holdId: bigint('hold_id', { mode: 'number' }).notNull(),
    status: textEnum('status', ['held', 'allotted', 'not_allotted', 'settled']).notNull().default('held'),
    allottedLots: integer('allotted_lots'),
    paid: money('paid'),
    refunded: money('refunded'),
    positionId: bigint('position_id', { mode: 'number' }),
    createdAt: createdAt(),
    allottedAt: at('allotted_at'),
  },
  (table) => [
    /** One application per verified identity and offering, whichever of its accounts applies. */
    uniqueIndex('product_applications_one_per_identity').on(table.offeringId, table.identityKey),
    uniqueIndex('product_applications_one_per_user').on(table.offeringId, table.userId),
    uniqueIndex('product_applications_key').on(table.userId, table.idempotencyKey),
    index('product_applications_user_idx').on(table.userId, table.id.desc()),
    check('product_applications_lots', sql`lots > 0 AND (allotted_lots IS NULL OR (allotted_lots >= 0 AND allotted_lots <= lots))`),
  ],
);

/**
 * Rights issues (issue 18 §4): each holder's rights, credited from the holding on the record date
 * (⌊held × ratio⌋ new shares), exercised through one application of the kernel (its money held, then
 * posted by the allotment), or lapsed when the window closes unexercised.
 */
export const productRights = pgTable(
  'product_rights',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offeringId: bigint('offering_id', { mode: 'number' })
      .notNull()
      .references(() => productOfferings.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    heldQuantity: decimal('held_quantity').notNull(),
    rights: bigint('rights', { mode: 'number' }).notNull(),
    status: textEnum('status', ['credited', 'lapsed']).notNull().default('credited'),
    createdAt: createdAt(),
    lapsedAt: at('lapsed_at'),
  },
  (table) => [
    uniqueIndex('product_rights_holder').on(table.offeringId, table.userId),
    index('product_rights_user_idx').on(table.userId, table.id.desc()),
    check('product_rights_positive', sql`rights > 0`),
  ],
);
