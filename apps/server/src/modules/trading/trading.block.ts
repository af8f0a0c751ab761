import { currencyOfWallet, type Order, openCloseKinds, orderStatuses, orderTypes, tradeDirections } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, count, eq } from 'drizzle-orm';
import { afterCommit, type Executor } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { toMoney } from '../ledger/index.ts';
import { feesOf, house, type TradingContext } from './trading.context.ts';
import * as repository from './trading.repository.ts';
import { tickSizeOf } from './trading.rules.ts';
import { tradingOrders } from './trading.tables.ts';
import { orderView } from './trading.views.ts';

/** A block's price, quantity and the key that makes its one order. */
export type BlockFillInput = { code: string; quantity: string; price: string; idempotencyKey: string };

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
  return { instrument, rules, mid, onTick, isTrading: context.isTrading(instrument, tick) };
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
    orderType: orderTypes.limit,
    openClose: openCloseKinds.open,
    status: orderStatuses.entrusted,
    quantity: quantity.toString(),
    limitPrice: price.toString(),
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

/**
 * What trading offers the block-trade module (issue 19): the live mid and the cost of a block at a
 * price, and the placement of a block as one Buy order that fills in full at its price in the caller's
 * transaction, with its ledger journal (`trading_place_order`, ADR 0007), or not at all.
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
    place: (executor: Executor, userId: number, input: BlockFillInput) => placeBlock(context, executor, userId, input),
    filledOrderCount,
  };
}
