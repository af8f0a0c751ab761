import { type BlockInstrument, type BlockOrder, type BlockQuote, blockTradeMarket, pageInfo, tradeDirections } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { type Database, type Executor, inTransaction } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import type { TradingService } from '../trading/index.ts';
import type { BlockPermissions } from './blocktrade.permission.ts';
import { blockInstruments, blockMarkets, blockQuotes } from './blocktrade.tables.ts';

type BlockFills = TradingService['blocks'];
type QuoteRow = typeof blockQuotes.$inferSelect;

export type BlockMarketRule = { source: string; minQuantity: string; bandRate: string };

/** Each block market's size and band: the registry's defaults (spec §5: 10,000 shares; ±1 %) with operators' edits on top. */
export async function marketRulesOf(executor: Executor): Promise<BlockMarketRule[]> {
  const edited = new Map((await executor.select().from(blockMarkets)).map((row) => [row.source, row]));
  return blockTradeMarket.underlyingSources.map((source) => {
    const row = edited.get(source);
    return {
      source,
      minQuantity: row ? new Decimal(row.minQuantity).toString() : String(blockTradeMarket.minQuantity),
      bandRate: row ? new Decimal(row.bandRate).toString() : blockTradeMarket.bandRate,
    };
  });
}

/** The band's ends around a mid, on the instrument's tick and inside the band (low rounded up, high down). */
function bandOf(pricing: ReturnType<BlockFills['pricing']>, mid: Decimal, bandRate: string) {
  const rate = new Decimal(bandRate);
  return { low: pricing.onTick(mid.times(Decimal.sub(1, rate)), true), high: pricing.onTick(mid.times(rate.plus(1))) };
}

export function blockOrderView(row: QuoteRow): BlockOrder {
  const midAtFill = row.midAtFill === null ? null : new Decimal(row.midAtFill);
  return {
    id: String(row.id),
    orderId: row.orderId === null ? null : String(row.orderId),
    code: row.code,
    direction: row.direction,
    quantity: new Decimal(row.quantity).toString(),
    price: new Decimal(row.price).toString(),
    midAtQuote: new Decimal(row.midAtQuote).toString(),
    midAtFill: midAtFill?.toString() ?? null,
    priceVsMid: midAtFill ? new Decimal(row.price).minus(midAtFill).dividedBy(midAtFill).toDecimalPlaces(6).toString() : null,
    bandRate: new Decimal(row.bandRate).toString(),
    amount: row.amount,
    fee: row.fee,
    currency: row.currency,
    status: 'filled',
    quotedAtTimestamp: row.createdAt.getTime(),
    filledAtTimestamp: row.filledAt?.getTime() ?? null,
  };
}

type OrdersDependencies = {
  db: Database;
  now: () => Date;
  blocks: BlockFills;
  permissions: BlockPermissions;
  emailsByUserId: (userIds: number[]) => Promise<Map<number, string>>;
};

/** An eligible instrument's rules: its block size and its market's band; refuses one not on the list. */
async function rulesOf(blocks: BlockFills, executor: Executor, code: string) {
  const [row] = await executor.select().from(blockInstruments).where(eq(blockInstruments.code, code));
  if (!row) throw new AppError('BLOCK_NOT_ELIGIBLE', { code });
  const pricing = blocks.pricing(code);
  const market = (await marketRulesOf(executor)).find((rule) => rule.source === pricing.instrument.source);
  if (!market) throw new AppError('BLOCK_NOT_ELIGIBLE', { code });
  const blockSize = row.blockSize ? new Decimal(row.blockSize).toString() : market.minQuantity;
  return { pricing, blockSize, bandRate: market.bandRate };
}

async function instruments({ db, blocks }: OrdersDependencies): Promise<BlockInstrument[]> {
  const rows = await db.select().from(blockInstruments).orderBy(blockInstruments.code);
  const markets = await marketRulesOf(db);
  const list: BlockInstrument[] = [];
  for (const row of rows) {
    let pricing: ReturnType<BlockFills['pricing']> | null = null;
    try {
      pricing = blocks.pricing(row.code);
    } catch (error) {
      // Halted, unknown to today's catalogue or without a quote: listed without a band, or left out when unknown.
      if (!(error instanceof AppError) || error.result === 'INSTRUMENT_UNKNOWN') continue;
    }
    const instrument = pricing?.instrument;
    const market = markets.find((rule) => rule.source === instrument?.source);
    if (!instrument || !market || !pricing) continue;
    const band = bandOf(pricing, pricing.mid, market.bandRate);
    list.push({
      code: row.code,
      name: instrument.name,
      source: instrument.source,
      currency: instrument.currency,
      blockSize: row.blockSize ? new Decimal(row.blockSize).toString() : market.minQuantity,
      bandRate: market.bandRate,
      mid: pricing.mid.toDecimalPlaces(4).toString(),
      bandLow: band.low.toString(),
      bandHigh: band.high.toString(),
    });
  }
  return list;
}

/** A quote held for `quoteSeconds`: at the proposed price (inside the band) or at the mid on the tick; nothing is held yet. */
async function quote(
  { db, now, blocks, permissions }: OrdersDependencies,
  principal: Principal,
  body: { stockCode: string; quantity: string; price?: string | undefined; direction: 0 | 1 },
): Promise<BlockQuote> {
  const userId = Number(principal.userId);
  await permissions.assertActive(db, userId);
  const { pricing, blockSize, bandRate } = await rulesOf(blocks, db, body.stockCode);
  const quantity = new Decimal(body.quantity);
  if (quantity.lessThan(blockSize)) throw new AppError('BLOCK_BELOW_MINIMUM', { num: blockSize });
  if (!pricing.isTrading) throw new AppError('MARKET_CLOSED');
  const band = bandOf(pricing, pricing.mid, bandRate);
  const price = body.price === undefined ? pricing.onTick(pricing.mid) : new Decimal(body.price);
  if (price.lessThan(band.low) || price.greaterThan(band.high))
    throw new AppError('BLOCK_OUTSIDE_BAND', { low: band.low.toString(), high: band.high.toString() });
  // A Buy pays value + fee; a Sell of shares held brings in value − the fee of each close it makes.
  const cost =
    body.direction === tradeDirections.sell
      ? await blocks.sellCostOf(db, userId, pricing.instrument.code, price, quantity)
      : blocks.costOf(pricing.instrument.code, price, quantity);
  const at = now();
  const [row] = await db
    .insert(blockQuotes)
    .values({
      userId,
      code: pricing.instrument.code,
      direction: body.direction,
      quantity: quantity.toString(),
      price: price.toString(),
      midAtQuote: pricing.mid.toDecimalPlaces(8).toString(),
      bandRate,
      amount: cost.amount,
      fee: cost.fee,
      currency: cost.currency,
      walletType: cost.walletType,
      expiresAt: new Date(at.getTime() + blockTradeMarket.quoteSeconds * 1000),
      createdAt: at,
    })
    .returning();
  if (!row) throw new Error('block quote not stored');
  return {
    id: String(row.id),
    code: row.code,
    direction: row.direction,
    quantity: quantity.toString(),
    price: price.toString(),
    mid: pricing.mid.toDecimalPlaces(4).toString(),
    bandRate,
    bandLow: band.low.toString(),
    bandHigh: band.high.toString(),
    amount: cost.amount,
    fee: cost.fee,
    total: cost.total,
    currency: cost.currency,
    walletType: cost.walletType,
    expiresAtTimestamp: row.expiresAt.getTime(),
  };
}

/**
 * Accepts a quote: in one transaction the quote is locked, checked (the caller's, not expired, the
 * permission active, the price still inside the band around the live mid), its one order filled at the
 * quoted price with its journal (a Sell: the shares held closed at that price, the proceeds credited),
 * and the quote marked filled. A second acceptance, from any process,
 * waits for the lock and answers the block already filled; a refusal rolls everything back.
 */
async function create(
  { db, now, blocks, permissions }: OrdersDependencies,
  principal: Principal,
  body: { quoteId: number },
): Promise<BlockOrder> {
  const userId = Number(principal.userId);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(blockQuotes)
      .where(and(eq(blockQuotes.id, body.quoteId), eq(blockQuotes.userId, userId)))
      .for('update');
    if (!row) throw new AppError('BLOCK_QUOTE_EXPIRED');
    if (row.status === 'filled') return blockOrderView(row);
    await permissions.assertActive(tx, userId);
    if (row.expiresAt.getTime() <= now().getTime()) throw new AppError('BLOCK_QUOTE_EXPIRED');
    const pricing = blocks.pricing(row.code);
    if (!pricing.isTrading) throw new AppError('MARKET_CLOSED');
    const band = bandOf(pricing, pricing.mid, row.bandRate);
    const price = new Decimal(row.price);
    if (price.lessThan(band.low) || price.greaterThan(band.high))
      throw new AppError('BLOCK_OUTSIDE_BAND', { low: band.low.toString(), high: band.high.toString() });
    const place = row.direction === tradeDirections.sell ? blocks.sell : blocks.place;
    const order = await place(tx, userId, {
      code: row.code,
      quantity: row.quantity,
      price: row.price,
      idempotencyKey: `block-quote-${row.id}`,
    });
    const [filled] = await tx
      .update(blockQuotes)
      .set({ status: 'filled', orderId: Number(order.id), midAtFill: pricing.mid.toDecimalPlaces(8).toString(), filledAt: now() })
      .where(eq(blockQuotes.id, row.id))
      .returning();
    if (!filled) throw new Error('block quote vanished');
    return blockOrderView(filled);
  });
}

async function pageOfOrders(db: Database, userId: number | null, filter: { pageNum: number; pageSize: number }) {
  const where = and(eq(blockQuotes.status, 'filled'), userId === null ? undefined : eq(blockQuotes.userId, userId));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(blockQuotes)
      .where(where)
      .orderBy(desc(blockQuotes.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ total: count() }).from(blockQuotes).where(where),
  ]);
  return { rows, info: pageInfo(totals[0]?.total ?? 0, filter.pageNum, filter.pageSize) };
}

async function orders(db: Database, principal: Principal, filter: { pageNum: number; pageSize: number }) {
  const { rows, info } = await pageOfOrders(db, Number(principal.userId), filter);
  return { list: rows.map(blockOrderView), ...info };
}

async function operatorOrders(dependencies: OrdersDependencies, filter: { pageNum: number; pageSize: number }) {
  const { rows, info } = await pageOfOrders(dependencies.db, null, filter);
  const emails = await dependencies.emailsByUserId([...new Set(rows.map((row) => row.userId))]);
  return {
    list: rows.map((row) => ({ ...blockOrderView(row), userId: String(row.userId), userEmail: emails.get(row.userId) ?? '' })),
    ...info,
  };
}

/** Eligible codes among `codes` (the demo seeding and the console read it). */
async function eligibleAmong(db: Database, codes: string[]) {
  if (codes.length === 0) return [];
  return (await db.select({ code: blockInstruments.code }).from(blockInstruments).where(inArray(blockInstruments.code, codes))).map(
    (row) => row.code,
  );
}

/**
 * Block orders (issue 19 §2): the eligible instruments with their block size and today's band, a quote
 * held for a few seconds at a price inside the band around the live mid, and its acceptance, which fills
 * the whole block once, at that price, in one transaction with its ledger journal, or writes nothing.
 */
export function createBlockOrders(dependencies: OrdersDependencies) {
  const { db } = dependencies;
  return {
    instruments: () => instruments(dependencies),
    quote: (principal: Principal, body: Parameters<typeof quote>[2]) => quote(dependencies, principal, body),
    create: (principal: Principal, body: { quoteId: number }) => create(dependencies, principal, body),
    orders: (principal: Principal, filter: { pageNum: number; pageSize: number }) => orders(db, principal, filter),
    operatorOrders: (filter: { pageNum: number; pageSize: number }) => operatorOrders(dependencies, filter),
    eligibleAmong: (codes: string[]) => eligibleAmong(db, codes),
  };
}

export type BlockOrders = ReturnType<typeof createBlockOrders>;
