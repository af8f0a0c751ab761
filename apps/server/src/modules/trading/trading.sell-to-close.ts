import {
  type Holding,
  type OpenCloseKind,
  type Order,
  type OrderType,
  orderTypes,
  stockOrderKinds,
  type TradeDirection,
  tradeDirections,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, asc, eq, like, or } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import { assertUnlocked } from './trading.allotment.ts';
import * as repository from './trading.repository.ts';
import type { CreateKind, Instrument } from './trading.rules.ts';
import { tradingOrders } from './trading.tables.ts';

/** The fields of a new order this rule reads. */
type SellInput = {
  code: string;
  direction: TradeDirection;
  type: OrderType;
  quantity: string;
  idempotencyKey: string;
  /** Stocks: Open 0 (an explicit short), Close 1; absent, a Sell closes what is held. */
  openClose?: OpenCloseKind | undefined;
};

/** A Sell of a stock (US, Argentine or Taiwan): the one kind of order this rule reads. */
export function isStockSell(kind: CreateKind, input: { direction: TradeDirection }): boolean {
  return stockOrderKinds.includes(kind) && input.direction === tradeDirections.sell;
}

type Dependencies = {
  db: Database;
  catalog: { byCode: ReadonlyMap<string, Instrument> };
  now: () => Date;
  /** The service's close of all or part of a position at the market (queued while the market is shut). */
  closePosition(principal: Principal, input: { id: number; quantity?: string | undefined; idempotencyKey: string }): Promise<Order>;
};

/**
 * Whether a short may be opened: futures and forex always; stocks only the US large caps of the S&P 500
 * (listed on NASDAQ or NYSE here), which a broker can borrow; Argentine, Taiwan and AMEX listings never.
 */
export function isShortable(instrument: Pick<Instrument, 'classify' | 'market'>): boolean {
  if (instrument.classify === 'FUTURE' || instrument.classify === 'FOREX') return true;
  return instrument.classify === 'US' && (instrument.market === 'NASDAQ' || instrument.market === 'NYSE');
}

/**
 * Sell sells what you hold (issue 15 §2). On a stock a Sell closes against the long positions held, oldest
 * first, through the service's own close (so its money moves exactly as a close by hand); selling more than
 * is held is refused. Opening a short is the explicit `openClose: 0`, refused where the stock is not shortable.
 */
export function createSellToClose(dependencies: Dependencies) {
  const { db, catalog } = dependencies;

  /** The user's open longs in a code, oldest first, each with what is still closable (less queued closes, none while locked). */
  async function longsOf(userId: number, code: string) {
    const longs = await repository.openLongsOf(db, userId, code, { forUpdate: false, now: dependencies.now() });
    return longs.map(({ row, closable, lockedUntil }) => ({ id: row.id, held: new Decimal(row.quantity), closable, lockedUntil }));
  }

  /** Closes `quantity` against the longs, oldest first; the first close carries the order's own key. */
  async function closeAgainst(principal: Principal, longs: Awaited<ReturnType<typeof longsOf>>, input: SellInput): Promise<Order> {
    let left = new Decimal(input.quantity);
    let first: Order | undefined;
    for (const long of longs) {
      if (left.isZero()) break;
      const part = Decimal.min(left, long.closable);
      if (part.isZero()) continue;
      const idempotencyKey = first ? `${input.idempotencyKey}:${long.id}` : input.idempotencyKey;
      const order = await dependencies.closePosition(principal, { id: long.id, quantity: part.toString(), idempotencyKey });
      first ??= order;
      left = left.minus(part);
    }
    if (!first) throw new Error('a sell to close closed nothing');
    return first;
  }

  return {
    /**
     * Runs before a new order is checked: answers the Sell of a stock by closing what is held (or refuses
     * it), refuses an explicit short where it is not allowed, and answers undefined for every other order.
     */
    async intercept(principal: Principal, kind: CreateKind, input: SellInput): Promise<Order | undefined> {
      if (!isStockSell(kind, input)) return undefined;
      const code = input.code.toUpperCase();
      const instrument = catalog.byCode.get(code);
      if (!instrument) return undefined;
      if (input.openClose === 0) {
        if (!isShortable(instrument)) throw new AppError('SHORT_NOT_ALLOWED', { code });
        return undefined;
      }
      const userId = Number(principal.userId);
      // A retried Sell answers the close it made the first time (the service's close replays its key).
      const earlier = await repository.orderByKey(db, userId, input.idempotencyKey);
      if (earlier?.openClose === 1 && earlier.positionId !== null)
        return dependencies.closePosition(principal, { id: earlier.positionId, idempotencyKey: input.idempotencyKey });
      if (earlier) return undefined;
      const longs = await longsOf(userId, code);
      const sellable = longs.reduce((sum, long) => sum.plus(long.closable), new Decimal(0));
      if (new Decimal(input.quantity).greaterThan(sellable)) {
        const locked = longs.find((long) => long.lockedUntil);
        if (locked) assertUnlocked(locked, dependencies.now());
        throw new AppError('SELL_EXCEEDS_HOLDING', { held: sellable.toString(), code });
      }
      if (input.type !== orderTypes.market) throw new AppError('SELL_AT_MARKET_ONLY');
      return closeAgainst(principal, longs, input);
    },

    /** What the ticket shows on Sell: the quantity held and sellable, and whether a short is offered. */
    async holding(principal: Principal, code: string): Promise<Holding> {
      const stockCode = code.toUpperCase();
      const instrument = catalog.byCode.get(stockCode);
      if (!instrument) throw new AppError('INSTRUMENT_UNKNOWN', { code: stockCode });
      const longs = await longsOf(Number(principal.userId), stockCode);
      return {
        stockCode,
        heldQuantity: longs.reduce((sum, long) => sum.plus(long.held), new Decimal(0)).toString(),
        sellableQuantity: longs.reduce((sum, long) => sum.plus(long.closable), new Decimal(0)).toString(),
        canSellShort: isShortable(instrument),
      };
    },
  };
}

/**
 * The orders one Sell made under a key: its own and, when it closed several longs, the further closes
 * keyed `<key>:<position id>` (`closeAgainst`); any other order's key is the key alone.
 */
export async function ordersOfKey(executor: Executor, userId: number, idempotencyKey: string) {
  const escaped = idempotencyKey.replace(/[\\%_]/g, (character) => `\\${character}`);
  return executor
    .select()
    .from(tradingOrders)
    .where(
      and(
        eq(tradingOrders.userId, userId),
        or(eq(tradingOrders.idempotencyKey, idempotencyKey), like(tradingOrders.idempotencyKey, `${escaped}:%`)),
      ),
    )
    .orderBy(asc(tradingOrders.id));
}
