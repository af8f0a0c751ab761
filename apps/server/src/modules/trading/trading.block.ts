import { currencyOfWallet, type Order, type OrderType, openCloseKinds, orderStatuses, orderTypes, tradeDirections } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, count, eq } from 'drizzle-orm';
import { afterCommit, type Executor } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { toMoney } from '../ledger/index.ts';
import { closeInTx } from './trading.close.ts';
import { feesOf, house, type TradingContext } from './trading.context.ts';
import * as repository from './trading.repository.ts';
import { feeOf, multiplierOf, tickSizeOf } from './trading.rules.ts';
import { tradingOrders } from './trading.tables.ts';
import { orderView } from './trading.views.ts';

/**
 * A fill's price, quantity and the key that makes its one order: a block at its quoted price (a limit
 * order), or a worked order's slice at the touch (`orderType` market).
 */
export type BlockFillInput = { code: string; quantity: string; price: string; idempotencyKey: string; orderType?: OrderType };

/** The instrument's live bid, ask and mid, and whether it trades now; refuses an unknown or halted one. */
function pricingOf(context: TradingContext, code: string) {
  const instrument = context.instrumentOf(code);
  const rules = context.rulesOf(instrument);
  if (rules.isHalted) throw new AppError('INSTRUMENT_HALTED', { code: instrument.code });
  const tick = context.quotes.latest(instrument.code);
  if (!tick) throw new AppError('QUOTE_UNAVAILABLE');
  const mid = new Decimal(tick.bid).plus(tick.ask).dividedBy(2);
  /** A price on the instrument's tick, rounded down (`up`: up). */
  const onTick = (price: Decimal, isUp = false) => {
    const size = tickSizeOf(instrument, price);
    return price
      .dividedBy(size)
      .toDecimalPlaces(0, isUp ? Decimal.ROUND_UP : Decimal.ROUND_DOWN)
      .times(size);
  };
  return {
    instrument,
    rules,
    mid,
    bid: new Decimal(tick.bid),
    ask: new Decimal(tick.ask),
    onTick,
    isTrading: context.isTrading(instrument, tick),
  };
}

/**
 * Places a block as one Buy order at `price` that fills in full now, in `executor`'s transaction: the
 * wallet pays value + fee in one journal (the house takes the value, the fee account the fee), or the
 * statement refuses (not enough money, trading frozen) and nothing is written. The same key answers
 * the order placed before (`exists`).
 */
async function placeBlock(context: TradingContext, executor: Executor, userId: number, input: BlockFillInput): Promise<Order> {
  const { instrument, rules } = pricingOf(context, input.code);
  context.assertNotExpired(instrument);
  const quantity = new Decimal(input.quantity);
  if (!quantity.mod(instrument.lotSize).isZero()) throw new AppError('QUANTITY_NOT_WHOLE_LOTS', { lot: instrument.lotSize });
  const price = new Decimal(input.price);
  const cost = context.costOf(instrument, rules, price, quantity, 1);
  const { walletType } = rules;
  const at = context.now();
  const draft: repository.NewOrder = {
    userId,
    idempotencyKey: input.idempotencyKey,
    code: instrument.code,
    source: instrument.source,
    walletType,
    direction: tradeDirections.buy,
    orderType: input.orderType ?? orderTypes.limit,
    openClose: openCloseKinds.open,
    status: orderStatuses.entrusted,
    quantity: quantity.toString(),
    limitPrice: input.orderType === orderTypes.market ? null : price.toString(),
    stopPrice: null,
    leverage: 1,
    timeInForce: 'day',
    takeProfit: null,
    stopLoss: null,
    expiresAt: null,
    createdAt: at,
  };
  const legs = [
    { account: { userId, walletType }, amount: cost.total.negated(), requireFunds: true },
    { account: house(walletType, userId), amount: cost.margin },
    { account: feesOf(walletType, userId), amount: cost.fee },
  ].filter((leg) => !new Decimal(leg.amount).isZero());
  const fill: repository.ImmediateFillInput = {
    price: price.toString(),
    amount: cost.amount,
    fee: cost.fee,
    margin: cost.margin,
    at,
    movement: context.ledger.sqlMovement('trade_margin', legs),
  };
  const hold = { currency: currencyOfWallet(walletType), amount: toMoney(cost.total) };
  const placed = await repository.placeOrder(executor, draft, hold, fill);
  if (placed.position) {
    context.announcePosition(executor, placed.position);
    context.announceOrder(executor, placed.order);
    const position = placed.position;
    afterCommit(executor, () => context.positionsChanged([position]));
  }
  return orderView(context, placed.order);
}

const sellableOf = (longs: { closable: Decimal }[]) => longs.reduce((sum, long) => sum.plus(long.closable), new Decimal(0));

/**
 * Sells a block of shares the user holds at `price`, in `executor`'s transaction: the longs in the stock
 * are locked and closed oldest first at that price through the one close path (margin share back,
 * realised P&L, fee), so the position shrinks and the proceeds reach the wallet, or nothing is written
 * (`SELL_EXCEEDS_HOLDING`). The first close carries the key; a retry answers it.
 */
async function sellBlock(context: TradingContext, executor: Executor, userId: number, input: BlockFillInput): Promise<Order> {
  const { instrument } = pricingOf(context, input.code);
  context.assertNotExpired(instrument);
  const quantity = new Decimal(input.quantity);
  if (!quantity.mod(instrument.lotSize).isZero()) throw new AppError('QUANTITY_NOT_WHOLE_LOTS', { lot: instrument.lotSize });
  const earlier = await repository.orderByKey(executor, userId, input.idempotencyKey);
  if (earlier) return orderView(context, earlier);
  const longs = await repository.openLongsOf(executor, userId, instrument.code, { forUpdate: true, now: context.now() });
  const held = sellableOf(longs);
  if (quantity.greaterThan(held)) throw new AppError('SELL_EXCEEDS_HOLDING', { held: held.toString(), code: instrument.code });
  const latest = context.quotes.latest(instrument.code);
  if (!latest) throw new AppError('QUOTE_UNAVAILABLE');
  const tick = { ...latest, bid: input.price, ask: input.price };
  const changed: repository.PositionRow[] = [];
  let left = quantity;
  let first: repository.OrderRow | undefined;
  for (const long of longs) {
    const part = Decimal.min(left, long.closable);
    if (part.isZero()) continue;
    const idempotencyKey = first ? `${input.idempotencyKey}:${long.row.id}` : input.idempotencyKey;
    const order = await closeInTx(context, executor, long.row, { quantity: part, idempotencyKey, tick, closeReason: 'user' }, changed);
    first ??= order;
    left = left.minus(part);
    if (left.isZero()) break;
  }
  if (!first) throw new Error('a block sell closed nothing');
  afterCommit(executor, () => context.positionsChanged(changed));
  return orderView(context, first);
}

/**
 * What trading offers modules that fill orders in their own transaction (issue 19): the live mid, bid
 * and ask and the cost of a quantity at a price, and a Buy that fills in full at its price with its
 * ledger journal (`trading_place_order`, ADR 0007) or a Sell of shares held, in the caller's
 * transaction, or not at all. Block trades fill at their quoted price; a worked order's slices (the
 * twap module) at the touch, as market orders.
 */
export function createBlockFills(context: TradingContext) {
  const pricing = (code: string) => pricingOf(context, code);
  /** The traded value and commission of a block at a price (leverage 1: the whole value is paid), in the wallet's currency. */
  function costOf(code: string, price: Decimal, quantity: Decimal) {
    const { instrument, rules } = pricing(code);
    const cost = context.costOf(instrument, rules, price, quantity, 1);
    return {
      amount: cost.amount,
      fee: cost.fee,
      total: toMoney(cost.total),
      walletType: rules.walletType,
      currency: currencyOfWallet(rules.walletType),
    };
  }

  /**
   * What a block Sell of `quantity` at `price` brings in: its value, and the fee of each close it makes
   * (the longs oldest first, each close charged on its own, minimum included), in the wallet's currency.
   * Refuses more than the user holds and may sell now.
   */
  async function sellCostOf(executor: Executor, userId: number, code: string, price: Decimal, quantity: Decimal) {
    const { instrument, rules } = pricing(code);
    const longs = await repository.openLongsOf(executor, userId, instrument.code, { forUpdate: false, now: context.now() });
    const held = sellableOf(longs);
    if (quantity.greaterThan(held)) throw new AppError('SELL_EXCEEDS_HOLDING', { held: held.toString(), code: instrument.code });
    const valueAt = (part: Decimal) => context.toWallet(instrument, price.times(part).times(multiplierOf(instrument)), rules.walletType);
    let left = quantity;
    let fee = new Decimal(0);
    for (const long of longs) {
      const part = Decimal.min(left, long.closable);
      if (part.isZero()) continue;
      fee = fee.plus(feeOf(rules, valueAt(part)));
      left = left.minus(part);
    }
    const amount = new Decimal(toMoney(valueAt(quantity)));
    return {
      amount: amount.toFixed(2),
      fee: fee.toFixed(2),
      total: amount.minus(fee).toFixed(2),
      walletType: rules.walletType,
      currency: currencyOfWallet(rules.walletType),
    };
  }

  /** How many of the user's orders have filled: the trading experience block trading asks for. */
  async function filledOrderCount(userId: number): Promise<number> {
    const [row] = await context.db
      .select({ value: count() })
      .from(tradingOrders)
      .where(and(eq(tradingOrders.userId, userId), eq(tradingOrders.status, orderStatuses.success)));
    return Number(row?.value ?? 0);
  }

  return {
    pricing,
    costOf,
    sellCostOf,
    place: (executor: Executor, userId: number, input: BlockFillInput) => placeBlock(context, executor, userId, input),
    /** How many shares of a stock the user holds and may sell now (less closes queued for the open). */
    sellable: async (executor: Executor, userId: number, code: string) =>
      sellableOf(await repository.openLongsOf(executor, userId, code, { forUpdate: false, now: context.now() })),
    /** A block Sell of shares held, at its price, in the caller's transaction. */
    sell: (executor: Executor, userId: number, input: BlockFillInput) => sellBlock(context, executor, userId, input),
    filledOrderCount,
  };
}
