import { currencyOfWallet, type Order, openCloseKinds, orderStatuses, orderTypes, type QuoteTick, tradeDirections } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { createGroupQueue, retryingConflicts } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import { toMoney } from '../ledger/index.ts';
import { type CreateOrderInput, feesOf, house, type TradingContext } from './trading.context.ts';
import * as repository from './trading.repository.ts';
import {
  areExitLevelsOnTheirSides,
  type CreateKind,
  type Instrument,
  isOnTick,
  orderExpiry,
  sourcesOfCreate,
  tickSizeOf,
} from './trading.rules.ts';
import { fillPriceOn } from './trading.triggers.ts';
import { accountShardOf, filledOrderGroupOptions } from './trading.tuning.ts';
import { orderView } from './trading.views.ts';
import type { EffectiveRules } from './trading-settings.ts';

type Cost = ReturnType<TradingContext['costOf']>;

/** Checks of an order against its instrument's rules in force, before anything is written. */
function assertOrderAllowed(instrument: Instrument, rules: EffectiveRules, input: CreateOrderInput, quantity: Decimal) {
  if (rules.isHalted) throw new AppError('INSTRUMENT_HALTED', { code: instrument.code });
  if (quantity.lessThan(rules.minQuantity)) throw new AppError('QUANTITY_BELOW_MINIMUM', { num: rules.minQuantity });
  if (!quantity.mod(instrument.lotSize).isZero()) throw new AppError('QUANTITY_NOT_WHOLE_LOTS', { lot: instrument.lotSize });
  if (input.leverage < rules.leverageMin || input.leverage > rules.leverageMax)
    throw new AppError('LEVERAGE_OUT_OF_RANGE', { min: rules.leverageMin, max: rules.leverageMax });
  for (const value of [input.price, input.stopPrice, input.takeProfit, input.stopLoss]) {
    if (value === undefined) continue;
    const price = new Decimal(value);
    if (!isOnTick(instrument, price)) throw new AppError('PRICE_NOT_ON_TICK', { tick: tickSizeOf(instrument, price).toString() });
  }
}

/**
 * Every check of a new order, in one place, before anything is priced or written: the create call takes
 * the instrument's market, the contract has not expired, and the order keeps to the rules in force. A
 * refusal throws (`AppError`); a retry of an order accepted before still answers that order.
 */
function validateOrder(context: TradingContext, kind: CreateKind, code: string, input: CreateOrderInput) {
  const instrument = context.instrumentOf(code);
  if (!(sourcesOfCreate[kind] as readonly string[]).includes(instrument.source))
    throw new AppError('INSTRUMENT_NOT_TRADABLE', { code: instrument.code });
  const rules = context.rulesOf(instrument);
  context.assertNotExpired(instrument);
  const quantity = new Decimal(input.quantity);
  assertOrderAllowed(instrument, rules, input, quantity);
  return { instrument, rules, quantity };
}

/** What to reserve for an order: the cost at its own price, or at the touch when that is worse. */
function reservePriceOf(input: CreateOrderInput, touch: Decimal, isBuy: boolean): Decimal {
  if (input.type === orderTypes.limit || input.type === orderTypes.stopLimit) {
    const limit = new Decimal(input.price ?? touch);
    return isBuy ? limit : Decimal.max(limit, touch);
  }
  if (input.type === orderTypes.stop) return Decimal.max(new Decimal(input.stopPrice ?? touch), touch);
  return touch;
}

function isSameOrder(row: repository.OrderRow, code: string, input: CreateOrderInput) {
  return (
    row.openClose === openCloseKinds.open &&
    row.code === code &&
    row.direction === input.direction &&
    row.orderType === input.type &&
    new Decimal(row.quantity).equals(input.quantity)
  );
}

/**
 * The fill of an order as it is accepted, when this quote fills it within its reserve; null when it rests.
 * Nothing is held for it: its margin and fee leave the wallet in one journal (the wallet's one entry is the
 * same as a posted hold's: margin + fee, trade_margin).
 */
function immediateFillOf(
  context: TradingContext,
  checked: ReturnType<typeof validateOrder>,
  order: { draft: repository.NewOrder; held: string; reservePrice: Decimal; reserve: Cost; leverage: number; at: Date },
  tick: QuoteTick,
): repository.ImmediateFillInput | null {
  const { instrument, rules, quantity } = checked;
  const { draft, held, reservePrice, reserve } = order;
  if (!context.isTrading(instrument, tick)) return null;
  const { price } = fillPriceOn({ ...draft, heldAmount: held } as repository.OrderRow, tick);
  // At the quote the reserve was taken on, the fill never costs more than the reserve (the reserve
  // price is the touch or worse). Should it ever, the order rests and the engine fills it, checking the wallet.
  // A market order fills at the touch its reserve was priced at: the same cost, worked out once.
  const cost = price ? (price.equals(reservePrice) ? reserve : context.costOf(instrument, rules, price, quantity, order.leverage)) : null;
  if (!price || !cost || cost.total.greaterThan(held)) return null;
  const { walletType } = rules;
  const { userId } = draft;
  const legs = [
    { account: { userId, walletType }, amount: cost.total.negated(), requireFunds: true },
    { account: house(walletType, userId), amount: cost.margin },
    { account: feesOf(walletType, userId), amount: cost.fee },
  ].filter((leg) => !new Decimal(leg.amount).isZero());
  return {
    price: price.toString(),
    amount: cost.amount,
    fee: cost.fee,
    margin: cost.margin,
    at: order.at,
    movement: context.ledger.sqlMovement('trade_margin', legs),
  };
}

/** The checks of a new order and what accepting it writes: the row, the hold, and the fill when it fills at once. */
function prepareOrder(context: TradingContext, userId: number, code: string, kind: CreateKind, input: CreateOrderInput) {
  const checked = validateOrder(context, kind, code, input);
  const { instrument, rules, quantity } = checked;
  const tick = context.quotes.latest(code);
  if (!tick) throw new AppError('QUOTE_UNAVAILABLE');
  const isBuy = input.direction === tradeDirections.buy;
  const touch = new Decimal(isBuy ? tick.ask : tick.bid);
  // The position opens at the order's own price (a resting order's limit or stop, else the touch): its
  // take-profit and stop-loss must lie on their own sides of it, as for a position already open.
  const openPrice = new Decimal(input.price ?? input.stopPrice ?? touch);
  if (!areExitLevelsOnTheirSides(isBuy, openPrice, input))
    throw new AppError('TAKE_PROFIT_STOP_LOSS_INVALID', { price: openPrice.toString() });
  const reservePrice = reservePriceOf(input, touch, isBuy);
  const reserve = context.costOf(instrument, rules, reservePrice, quantity, input.leverage);
  const held = toMoney(reserve.total);
  const at = context.now();
  const draft: repository.NewOrder = {
    userId,
    idempotencyKey: input.idempotencyKey,
    code,
    source: instrument.source,
    walletType: rules.walletType,
    direction: input.direction,
    orderType: input.type,
    openClose: openCloseKinds.open,
    status: orderStatuses.entrusted,
    quantity: quantity.toString(),
    limitPrice: input.price ?? null,
    stopPrice: input.stopPrice ?? null,
    leverage: input.leverage,
    timeInForce: input.timeInForce,
    takeProfit: input.takeProfit ?? null,
    stopLoss: input.stopLoss ?? null,
    expiresAt: orderExpiry(instrument, input.timeInForce, at.getTime(), context.clock),
    createdAt: at,
  };
  const fill = immediateFillOf(context, checked, { draft, held, reservePrice, reserve, leverage: input.leverage, at }, tick);
  return { draft, hold: { currency: currencyOfWallet(rules.walletType), amount: held }, fill };
}

/**
 * Orders that fill as they are accepted share commits (ADR 0011): while the groups in flight are busy,
 * new ones queue and go together in one statement (`trading_place_filled_orders`); a group in which any
 * would be refused or was placed before writes nothing, and each of its orders is then placed alone.
 * Every caller is answered only after its order's commit.
 */
function createFilledOrderQueue(context: TradingContext) {
  const { db } = context;
  /** An order that fills as it is accepted, placed alone (`trading_place_order`) with its own outcome or refusal. */
  const placeFilledAlone = (input: repository.FilledOrderInput) =>
    retryingConflicts(() => repository.placeOrder(db, input.order, input.hold, input.fill));
  const filledOrders =
    context.groupCommit === false
      ? undefined
      : createGroupQueue<repository.FilledOrderInput, Awaited<ReturnType<typeof repository.placeOrder>>>(
          context.groupCommit ?? filledOrderGroupOptions,
          {
            keyOf: (input) => `${input.order.userId}:${input.order.idempotencyKey}`,
            // A group locks its users' house and fee shards until it commits; lanes by shard keep the
            // groups in flight on disjoint shards (the shards are a multiple of the lanes: assertTradingTuning).
            laneOf: (input) => accountShardOf(input.order.userId),
            sendGroup: (inputs) => retryingConflicts(() => repository.placeFilledOrders(db, inputs)),
            sendAlone: placeFilledAlone,
          },
        );
  return {
    place: (input: repository.FilledOrderInput) => (filledOrders ? filledOrders.submit(input) : placeFilledAlone(input)),
    stats: () => filledOrders?.stats(),
  };
}

/** Placing orders: checks, the reserve, and the fill when an order fills as it is accepted. */
export function createOrderPlacement(context: TradingContext) {
  const { db } = context;
  const filledOrders = createFilledOrderQueue(context);

  /** The first order sent with this idempotency key, when it is the same order; refuses a key reused for another. */
  async function replayOf(userId: number, code: string, input: CreateOrderInput): Promise<Order | undefined> {
    const existing = await repository.orderByKey(db, userId, input.idempotencyKey);
    if (!existing) return undefined;
    if (!isSameOrder(existing, code, input)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return orderView(context, existing);
  }

  /**
   * Accepts an order: checks, reserves margin + fee, and fills at once when it can (a market order in
   * session, a crossed limit). Everything is decided here first; the writes are one statement
   * (`trading_place_order`, ADR 0007, shared by a group of orders that fill at once, ADR 0011), which also
   * answers the first order of a retried idempotency key.
   */
  async function create(principal: Principal, kind: CreateKind, input: CreateOrderInput): Promise<Order> {
    const userId = context.userIdOf(principal);
    const code = input.code.toUpperCase();
    let prepared: ReturnType<typeof prepareOrder>;
    try {
      prepared = prepareOrder(context, userId, code, kind, input);
      // A first leveraged order waits for the check and the risk disclosure; from memory once acknowledged.
      await context.leverageAcknowledgements.assertMayTrade(userId, input.leverage);
    } catch (error) {
      // A retry of an order accepted before answers that order, even if it would be refused now.
      if (error instanceof AppError) {
        const replay = await replayOf(userId, code, input);
        if (replay) return replay;
      }
      throw error;
    }
    const { draft, hold, fill } = prepared;
    const placed = fill
      ? await filledOrders.place({ order: draft, hold, fill })
      : await retryingConflicts(() => repository.placeOrder(db, draft, hold, null));
    if (placed.outcome === 'exists') {
      if (!isSameOrder(placed.order, code, input)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return orderView(context, placed.order);
    }
    // One statement committed on its own: what it wrote is visible to everyone now. A fill is announced
    // to the owner's other screens; an order that rests is only what the ticket answers.
    if (placed.position) {
      context.announcePosition(db, placed.position);
      context.announceOrder(db, placed.order);
      context.onPositionChanged?.(placed.position);
    }
    if (placed.order.status === orderStatuses.entrusted || placed.order.status === orderStatuses.triggered)
      context.onResting?.(placed.order);
    return orderView(context, placed.order);
  }

  return {
    create,
    /** How orders that filled as they were accepted were grouped (groups, items, largest, fallbacks): what tests and benchmarks read. */
    filledOrderGroupStats: filledOrders.stats,
  };
}
