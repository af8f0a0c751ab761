import {
  type Currency,
  currencyOfWallet,
  type MessageTemplate,
  type Order,
  orderStatuses,
  orderTypes,
  type Position,
  pageInfo,
  type QuoteTick,
  type TimeInForce,
  type TradableSource,
  type UserOrderEvent,
  type UserPositionEvent,
  type WalletType,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import type { EventBus } from '../../platform/bus/index.ts';
import {
  afterCommit,
  createGroupQueue,
  type Database,
  type Executor,
  type GroupQueueOptions,
  inTransaction,
  retryingConflicts,
} from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { type BulkNotifier, type Notice, type Notifier, silentNotifier, userEventsTopic } from '../../platform/notifications.ts';
import { type LedgerService, SYSTEM_ACCOUNT_SHARDS, toMoney } from '../ledger/index.ts';
import { type ClockMode, calendars, readCandles, statusAt } from '../market/index.ts';
import * as repository from './trading.repository.ts';
import {
  areExitLevelsOnTheirSides,
  type CreateKind,
  contractExpiry,
  feeOf,
  type Instrument,
  isExpiredAt,
  isOnTick,
  MAINTENANCE_MARGIN_RATIO,
  type MarketRules,
  marginOf,
  multiplierOf,
  orderExpiry,
  sourcesOfCreate,
  tickSizeOf,
} from './trading.rules.ts';
import type { EffectiveRules, TradingSettings } from './trading-settings.ts';

/** Where trading reads prices: the market feed, or a scripted one in tests. */
export type QuoteSource = {
  latest(code: string): QuoteTick | undefined;
  subscribe(code: string, handler: (tick: QuoteTick) => void): () => void;
};

export type CreateOrderInput = {
  code: string;
  direction: 0 | 1;
  type: 0 | 1 | 2 | 3;
  quantity: string;
  price?: string | undefined;
  stopPrice?: string | undefined;
  leverage: number;
  timeInForce: TimeInForce;
  takeProfit?: string | undefined;
  stopLoss?: string | undefined;
  idempotencyKey: string;
};

type Dependencies = {
  db: Database;
  ledger: LedgerService;
  catalog: { byCode: ReadonlyMap<string, Instrument> };
  quotes: QuoteSource;
  /** Currency conversion at the live rates (the market service's). */
  convert: (amount: string, from: string, to: string, decimals: number) => string;
  clock: ClockMode;
  /** The fees, leverage limits, minimum quantities and halts in force (operators edit them). */
  settings: TradingSettings;
  now?: () => Date;
  /** Told after a commit that an order now rests (the execution engine indexes it). */
  onResting?: (order: repository.OrderRow) => void;
  /** Told after a commit that an order in progress was cancelled (the execution engine forgets it). */
  onOrderCancelled?: (order: repository.OrderRow) => void;
  /** Told after a commit that a position opened, changed or closed (the engine watches its triggers). */
  onPositionChanged?: (position: repository.PositionRow) => void;
  logger?: { error(object: object, message: string): void };
  /** Writes the user's system messages (a resting order filled, a position closed by itself) in the event's transaction. */
  notify?: Notifier;
  /** The same for several messages in one write (the fills of one quote); `notify` one by one when absent. */
  notifyMany?: BulkNotifier;
  /** Where order and position changes are announced to their owner (`user:<id>`) after commit; absent in tests that need none. */
  bus?: EventBus;
  /** How orders that fill as they are accepted are grouped into shared commits (ADR 0011); `false` places each alone. */
  groupCommit?: GroupQueueOptions | false;
};

export type FillOutcome = 'filled' | 'cancelled' | 'waiting' | 'gone';

export type CloseReason = 'user' | 'take_profit' | 'stop_loss' | 'stop_out' | 'settlement';
/** The reasons a position closes by itself on a quote. */
type TriggerReason = Extract<CloseReason, 'take_profit' | 'stop_loss' | 'stop_out'>;

/** The message a position closed by itself on a quote sends its owner. */
const closeMessageOf = {
  take_profit: 'positionTakeProfit',
  stop_loss: 'positionStopLoss',
  stop_out: 'positionStoppedOut',
} as const satisfies Record<TriggerReason, MessageTemplate>;

/** What the execution engine keeps of an open position to watch its take-profit, stop-loss and stop-out. */
export type PositionSnapshot = Pick<
  repository.PositionRow,
  'id' | 'userId' | 'code' | 'walletType' | 'direction' | 'openPrice' | 'quantity' | 'margin' | 'takeProfit' | 'stopLoss' | 'isOpen'
>;

const BUY = 0;

/**
 * Groups of orders that fill at once (ADR 0011, 0012, 0013), measured on the 2-core reference machine
 * (bench/README.md): two groups of up to 32 side by side, each in its own lane of house and fee shards,
 * placed 8,200-8,600 orders/s through the service with 64 virtual users (16 per group in four lanes:
 * 7,500-7,950/s; 16 in two: 6,800/s). Over HTTP the server process, not the database, is the limit, and
 * each group costs it a round trip's work: a lane sent its next group as soon as its last returned, and
 * groups averaged 12 (0.69-0.74x pgbench). So a lane goes alongside the other's group only with 16 orders
 * and while the event loop was busy under 65 % of the last 100 ms: over HTTP (busy 69-94 %) the lanes
 * mostly take turns, 0.83-0.91x against 0.72-0.75x with two side by side in the same hour; through the
 * service alone (busy 47-70 %) they mostly go together, 1.27-1.47x (one group at a time there: 1.01-1.12x).
 * Nothing waits longer than the other group's flight.
 */
const filledOrderGroupOptions: GroupQueueOptions = {
  maxItems: 32,
  maxGroupsInFlight: 2,
  minItemsAlongside: 16,
  maxUtilizationAlongside: 0.65,
};

/**
 * Fills of users in different lanes move disjoint accounts (their wallets, and the ledger's house and fee
 * shards, picked by user id): they run in parallel transactions that never wait on each other.
 */
const fillLaneOf = (userId: number) => userId % SYSTEM_ACCOUNT_SHARDS;

/** How long after a contract's expiry its settlement waits, so the last minute's candle is stored. */
const SETTLEMENT_DELAY_MS = 2 * 60_000;

/** A quote at one price on both sides: a settlement closes longs and shorts at the same price. */
function settlementTick(code: string, price: string, at: Date): QuoteTick {
  return {
    code,
    price,
    change: '0',
    changeRatio: '0',
    volume: '0',
    open: price,
    high: price,
    low: price,
    prevClose: price,
    bid: price,
    ask: price,
    bidVolume: '0',
    askVolume: '0',
    marketStatus: 'closed',
    fall: false,
    tradeDate: at.toISOString().slice(0, 10),
    timestamp: at.getTime(),
  };
}

function decimalText(value: string | null): string | null {
  return value === null ? null : new Decimal(value).toString();
}

export type TradingService = ReturnType<typeof createTradingService>;

export function createTradingService(dependencies: Dependencies) {
  const { db, ledger, catalog, quotes, convert, clock, settings } = dependencies;
  const now = dependencies.now ?? (() => new Date());
  const userIdOf = (principal: Principal) => Number(principal.userId);
  const notify = dependencies.notify ?? silentNotifier;
  const notifyMany: BulkNotifier =
    dependencies.notifyMany ??
    (async (executor, notices) => {
      for (const notice of notices) await notify(executor, notice.userId, notice.template, notice.values);
    });

  /**
   * Tells the owner's push connections, once the transaction has committed, that an order or a
   * position of theirs changed, so the app refetches what it shows; a rolled-back attempt tells nothing.
   * A lost event (Redis down) loses nothing: the app refetches its lists when it signs in again.
   */
  function announce(
    executor: Executor,
    userId: number,
    event: { type: 'order'; data: UserOrderEvent } | { type: 'position'; data: UserPositionEvent },
  ) {
    const bus = dependencies.bus;
    if (!bus) return;
    afterCommit(executor, () => {
      bus.publish(userEventsTopic(userId), event).catch((error: unknown) => {
        dependencies.logger?.error({ err: error, event }, 'trading: a change could not be announced to its owner');
      });
    });
  }
  const announceOrder = (executor: Executor, order: repository.OrderRow) => {
    announce(executor, order.userId, { type: 'order', data: { id: String(order.id), status: order.status } });
    // A cancelled order leaves the execution engines' indexes once its cancel has committed (it stayed
    // there until a quote crossed it and the fill attempt found it finished).
    const onCancelled = dependencies.onOrderCancelled;
    if (order.status === orderStatuses.cancelled && onCancelled) afterCommit(executor, () => onCancelled(order));
  };
  const announcePosition = (executor: Executor, position: repository.PositionRow) =>
    announce(executor, position.userId, {
      type: 'position',
      data: { id: String(position.id), status: position.isOpen ? 'open' : 'closed' },
    });

  function instrumentOf(code: string): Instrument {
    const instrument = catalog.byCode.get(code);
    if (!instrument) throw new AppError('INSTRUMENT_UNKNOWN', { code });
    return instrument;
  }

  /** The rules in force now, from memory: the constants and reference data with operators' edits on top. */
  function rulesOf(instrument: Instrument): EffectiveRules {
    return settings.rulesOf(instrument);
  }

  /** A value in the instrument's currency, in the wallet's currency. */
  function toWallet(instrument: Instrument, value: Decimal, walletType: WalletType): Decimal {
    const to = currencyOfWallet(walletType);
    if (instrument.currency === to) return value;
    try {
      return new Decimal(convert(value.toFixed(8), instrument.currency, to, 8));
    } catch {
      throw new AppError('QUOTE_UNAVAILABLE');
    }
  }

  /** Trading now: the instrument's calendar says open and so does its latest quote. */
  function isTrading(instrument: Instrument, tick: QuoteTick | undefined): boolean {
    return tick?.marketStatus === 'open' && statusAt(calendars[instrument.calendar], now().getTime(), clock) === 'open';
  }

  /**
   * The settlement price of a futures contract: its last traded price before the expiry, the close of the
   * last one-minute candle stored by then (the last day first, then the week); null when none is known.
   * Read in the caller's transaction: embedded PostgreSQL serves one transaction at a time.
   */
  async function settlementPriceOf(executor: Executor, code: string, expiryMs: number): Promise<string | null> {
    for (const days of [1, 7]) {
      const candles = await readCandles(executor, code, '1m', expiryMs - days * 24 * 60 * 60_000, expiryMs - 1);
      const last = candles[candles.length - 1];
      if (last) return new Decimal(last.close).toString();
    }
    return null;
  }

  /** Refuses orders and closes on a futures contract past its last trading day: its positions settle instead. */
  function assertNotExpired(instrument: Instrument) {
    if (isExpiredAt(instrument, now().getTime()))
      throw new AppError('CONTRACT_EXPIRED', { code: instrument.code, date: instrument.lastTradeDate ?? '' });
  }

  /** Traded value, margin and fee of a quantity at a price, in the wallet's currency. */
  function costOf(instrument: Instrument, rules: MarketRules, price: Decimal, quantity: Decimal, leverage: number) {
    const notional = toWallet(instrument, price.times(quantity).times(multiplierOf(instrument)), rules.walletType);
    const perContract = instrument.margin ? toWallet(instrument, new Decimal(instrument.margin), rules.walletType) : null;
    const margin = marginOf(notional, leverage, quantity, perContract);
    const fee = feeOf(rules, notional);
    return { amount: toMoney(notional), margin, fee, total: new Decimal(margin).plus(fee) };
  }

  /** The price an in-progress order fills at on this quote, or null while it waits. Stop-limits whose stop is hit say so. */
  function fillPriceOn(order: repository.OrderRow, tick: QuoteTick): { price: Decimal | null; isTriggered: boolean } {
    const isBuy = order.direction === BUY;
    const touch = new Decimal(isBuy ? tick.ask : tick.bid);
    const limitCrossed = (limit: string) => (isBuy ? touch.lessThanOrEqualTo(limit) : touch.greaterThanOrEqualTo(limit));
    const stopHit = (stop: string) => (isBuy ? touch.greaterThanOrEqualTo(stop) : touch.lessThanOrEqualTo(stop));
    switch (order.orderType) {
      case orderTypes.market:
        return { price: touch, isTriggered: false };
      case orderTypes.limit:
        return { price: limitCrossed(order.limitPrice ?? '0') ? touch : null, isTriggered: false };
      case orderTypes.stop:
        return { price: stopHit(order.stopPrice ?? '0') ? touch : null, isTriggered: false };
      default: {
        const isTriggered = order.status === orderStatuses.triggered || stopHit(order.stopPrice ?? '0');
        return { price: isTriggered && limitCrossed(order.limitPrice ?? '0') ? touch : null, isTriggered };
      }
    }
  }

  function orderView(row: repository.OrderRow): Order {
    const instrument = catalog.byCode.get(row.code);
    return {
      id: String(row.id),
      stockCode: row.code,
      stockName: instrument?.name ?? row.code,
      source: row.source as TradableSource,
      walletType: row.walletType as WalletType,
      currency: currencyOfWallet(row.walletType as WalletType),
      direction: row.direction,
      type: row.orderType,
      openClose: row.openClose,
      status: row.status,
      quantity: new Decimal(row.quantity).toString(),
      price: decimalText(row.limitPrice),
      stopPrice: decimalText(row.stopPrice),
      fillPrice: decimalText(row.fillPrice),
      amount: row.amount === null ? null : toMoney(row.amount),
      fee: row.fee === null ? null : toMoney(row.fee),
      margin: row.margin === null ? null : toMoney(row.margin),
      heldAmount: toMoney(row.heldAmount),
      leverage: row.leverage,
      timeInForce: row.timeInForce,
      takeProfit: decimalText(row.takeProfit),
      stopLoss: decimalText(row.stopLoss),
      positionId: row.positionId === null ? null : String(row.positionId),
      cancelReason: row.cancelReason,
      closeReason: (row.closeReason as CloseReason | null) ?? null,
      expireTimeTimestamp: row.expiresAt?.getTime() ?? null,
      createTimeTimestamp: row.createdAt.getTime(),
      fillTimeTimestamp: row.filledAt?.getTime() ?? null,
    };
  }

  function positionView(row: repository.PositionRow): Position {
    const instrument = catalog.byCode.get(row.code);
    const walletType = row.walletType as WalletType;
    const quantity = new Decimal(row.quantity);
    const sign = row.direction === BUY ? 1 : -1;
    const tick = quotes.latest(row.code);
    const current = row.isOpen && tick ? new Decimal(row.direction === BUY ? tick.bid : tick.ask) : null;
    const openPrice = new Decimal(row.openPrice);
    let profit = new Decimal(0);
    let zdf = new Decimal(0);
    let walletRate = new Decimal(1);
    if (row.isOpen && instrument && instrument.currency !== currencyOfWallet(walletType)) {
      try {
        walletRate = new Decimal(convert('1', instrument.currency, currencyOfWallet(walletType), 10));
      } catch {
        walletRate = new Decimal(0);
      }
    }
    if (current && instrument) {
      const move = current.minus(openPrice).times(sign);
      try {
        profit = toWallet(instrument, move.times(quantity).times(multiplierOf(instrument)), walletType);
      } catch {
        profit = new Decimal(0);
      }
      zdf = move.div(openPrice).times(100);
    }
    return {
      id: String(row.id),
      positionNum: quantity.toString(),
      isolatedPosition: true,
      zdf: zdf.toFixed(2),
      profit: toMoney(profit),
      sellProfit: toMoney(row.realisedPnl),
      createTimeTimestamp: row.createdAt.getTime(),
      stockCode: row.code,
      stockName: instrument?.name ?? row.code,
      source: row.source as TradableSource,
      walletType,
      currency: currencyOfWallet(walletType),
      direction: row.direction,
      quantity: new Decimal(row.openedQuantity).toString(),
      openPrice: openPrice.toString(),
      currentPrice: current?.toString() ?? null,
      multiplier: instrument ? multiplierOf(instrument).toString() : '1',
      walletRate: walletRate.toString(),
      leverage: row.leverage,
      margin: toMoney(row.margin),
      fees: toMoney(row.fees),
      takeProfit: decimalText(row.takeProfit),
      stopLoss: decimalText(row.stopLoss),
      status: row.isOpen ? 'open' : 'closed',
      closePrice: decimalText(row.closePrice),
      closeTimeTimestamp: row.closedAt?.getTime() ?? null,
    };
  }

  /** The house account; `userId` keeps each user's fills on one of its shards (a leg of that user picks it otherwise). */
  function house(walletType: WalletType, userId?: number) {
    return {
      system: 'HOUSE' as const,
      currency: currencyOfWallet(walletType) as Currency,
      ...(userId === undefined ? {} : { spreadKey: userId }),
    };
  }

  /**
   * What filling an in-progress open order at a price posts and writes, decided here in decimals
   * (`trading_fill_open_order`): its hold posted in one journal to the house (the hold less the fee) and
   * to FEES (the fee), then any difference between the cost and the hold settled with the wallet (a
   * refund, or more taken, which the ledger refuses when the wallet cannot pay: the order is then
   * cancelled instead), then the position and the fill.
   */
  function openFillOf(order: repository.OrderRow, price: Decimal, at: Date): repository.FillInput {
    const instrument = instrumentOf(order.code);
    const cost = costOf(instrument, rulesOf(instrument), price, new Decimal(order.quantity), order.leverage);
    const walletType = order.walletType as WalletType;
    const { userId } = order;
    const held = new Decimal(order.heldAmount);
    const extra = cost.total.minus(held);
    const counters = [
      { account: house(walletType, userId), amount: held.minus(cost.fee) },
      { account: { system: 'FEES' as const, currency: currencyOfWallet(walletType), spreadKey: userId }, amount: new Decimal(cost.fee) },
    ].filter((leg) => !leg.amount.isZero());
    return {
      price: price.toString(),
      amount: cost.amount,
      fee: cost.fee,
      margin: cost.margin,
      at,
      counters: counters.map((leg) => ({ ...ledger.sqlAccount(leg.account), amount: toMoney(leg.amount) })),
      settleMovement: extra.isZero()
        ? null
        : ledger.sqlMovement('trade_margin', [
            { account: { userId, walletType }, amount: extra.negated(), requireFunds: extra.greaterThan(0) },
            { account: house(walletType), amount: extra },
          ]),
    };
  }

  /**
   * Decides, for one locked order in progress, what this quote does to it: 'waiting' (outside the
   * session, expired, halted, or not crossed; a stop-limit whose stop was hit is marked triggered), or the
   * price to fill it at. Queued closes are not decided here.
   */
  async function openFillPriceOf(tx: Executor, order: repository.OrderRow, tick: QuoteTick): Promise<Decimal | null> {
    const instrument = instrumentOf(order.code);
    // An expired contract may still be quoted; its orders wait for the settlement job to cancel them.
    // A halt stops new exposure: resting orders wait for the resume (closing positions is not an order that rests).
    if (!isTrading(instrument, tick) || isExpiredAt(instrument, now().getTime()) || settings.isHalted(instrument.code)) return null;
    const { price, isTriggered } = fillPriceOn(order, tick);
    if (isTriggered && order.status === orderStatuses.entrusted)
      await repository.updateOrder(tx, order.id, { status: orderStatuses.triggered });
    return price;
  }

  /** Checks of an order against its instrument, before anything is written. */
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

  function isSameClose(row: repository.OrderRow | undefined, positionId: number): row is repository.OrderRow {
    return row?.openClose === 1 && row.positionId === positionId;
  }

  function isSameOrder(row: repository.OrderRow, code: string, input: CreateOrderInput) {
    return (
      row.openClose === 0 &&
      row.code === code &&
      row.direction === input.direction &&
      row.orderType === input.type &&
      new Decimal(row.quantity).equals(input.quantity)
    );
  }

  /** The first order sent with this idempotency key, when it is the same order; refuses a key reused for another. */
  async function replayOf(userId: number, code: string, input: CreateOrderInput): Promise<Order | undefined> {
    const existing = await repository.orderByKey(db, userId, input.idempotencyKey);
    if (!existing) return undefined;
    if (!isSameOrder(existing, code, input)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return orderView(existing);
  }

  /** An order that fills as it is accepted, placed alone (`trading_place_order`) with its own outcome or refusal. */
  const placeFilledAlone = (input: repository.FilledOrderInput) =>
    retryingConflicts(() => repository.placeOrder(db, input.order, input.hold, input.fill));

  /**
   * Orders that fill as they are accepted share commits (ADR 0011): while the groups in flight are busy,
   * new ones queue and go together in one statement (`trading_place_filled_orders`); a group in which any
   * would be refused or was placed before writes nothing, and each of its orders is then placed alone.
   * Every caller is answered only after its order's commit.
   */
  const filledOrders =
    dependencies.groupCommit === false
      ? undefined
      : createGroupQueue<repository.FilledOrderInput, Awaited<ReturnType<typeof repository.placeOrder>>>(
          dependencies.groupCommit ?? filledOrderGroupOptions,
          {
            keyOf: (input) => `${input.order.userId}:${input.order.idempotencyKey}`,
            // A group locks its users' house and fee shards until it commits; lanes by shard keep the
            // groups in flight on disjoint shards (SYSTEM_ACCOUNT_SHARDS is a multiple of the lanes).
            laneOf: (input) => fillLaneOf(input.order.userId),
            sendGroup: (inputs) => retryingConflicts(() => repository.placeFilledOrders(db, inputs)),
            sendAlone: placeFilledAlone,
          },
        );
  const placeFilled = (input: repository.FilledOrderInput) => (filledOrders ? filledOrders.submit(input) : placeFilledAlone(input));

  /**
   * Accepts an order: checks, reserves margin + fee, and fills at once when it can (a market order in
   * session, a crossed limit). Everything is decided here first; the writes are one statement
   * (`trading_place_order`, ADR 0007, shared by a group of orders that fill at once, ADR 0011), which also
   * answers the first order of a retried idempotency key.
   */
  async function create(principal: Principal, kind: CreateKind, input: CreateOrderInput): Promise<Order> {
    const userId = userIdOf(principal);
    const code = input.code.toUpperCase();
    let prepared: ReturnType<typeof prepareOrder>;
    try {
      prepared = prepareOrder(userId, code, kind, input);
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
      ? await placeFilled({ order: draft, hold, fill })
      : await retryingConflicts(() => repository.placeOrder(db, draft, hold, null));
    if (placed.outcome === 'exists') {
      if (!isSameOrder(placed.order, code, input)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return orderView(placed.order);
    }
    // One statement committed on its own: what it wrote is visible to everyone now. A fill is announced
    // to the owner's other screens; an order that rests is only what the ticket answers.
    if (placed.position) {
      announcePosition(db, placed.position);
      announceOrder(db, placed.order);
      dependencies.onPositionChanged?.(placed.position);
    }
    if (placed.order.status === orderStatuses.entrusted || placed.order.status === orderStatuses.triggered)
      dependencies.onResting?.(placed.order);
    return orderView(placed.order);
  }

  /** The checks of a new order and what accepting it writes: the row, the hold, and the fill when it fills at once. */
  function prepareOrder(userId: number, code: string, kind: CreateKind, input: CreateOrderInput) {
    const instrument = instrumentOf(code);
    if (!(sourcesOfCreate[kind] as readonly string[]).includes(instrument.source))
      throw new AppError('INSTRUMENT_NOT_TRADABLE', { code: instrument.code });
    const rules = rulesOf(instrument);
    assertNotExpired(instrument);
    const quantity = new Decimal(input.quantity);
    assertOrderAllowed(instrument, rules, input, quantity);
    const tick = quotes.latest(code);
    if (!tick) throw new AppError('QUOTE_UNAVAILABLE');
    const isBuy = input.direction === BUY;
    const touch = new Decimal(isBuy ? tick.ask : tick.bid);
    // The position opens at the order's own price (a resting order's limit or stop, else the touch): its
    // take-profit and stop-loss must lie on their own sides of it, as for a position already open.
    const openPrice = new Decimal(input.price ?? input.stopPrice ?? touch);
    if (!areExitLevelsOnTheirSides(isBuy, openPrice, input))
      throw new AppError('TAKE_PROFIT_STOP_LOSS_INVALID', { price: openPrice.toString() });
    // What to reserve: the cost at the order's own price, or at the touch when that is worse.
    let reservePrice = touch;
    if (input.type === orderTypes.limit || input.type === orderTypes.stopLimit) {
      const limit = new Decimal(input.price ?? touch);
      reservePrice = isBuy ? limit : Decimal.max(limit, touch);
    } else if (input.type === orderTypes.stop) {
      reservePrice = Decimal.max(new Decimal(input.stopPrice ?? touch), touch);
    }
    const reserve = costOf(instrument, rules, reservePrice, quantity, input.leverage);
    const held = toMoney(reserve.total);
    const at = now();
    const draft: repository.NewOrder = {
      userId,
      idempotencyKey: input.idempotencyKey,
      code,
      source: instrument.source,
      walletType: rules.walletType,
      direction: input.direction,
      orderType: input.type,
      openClose: 0,
      status: orderStatuses.entrusted,
      quantity: quantity.toString(),
      limitPrice: input.price ?? null,
      stopPrice: input.stopPrice ?? null,
      leverage: input.leverage,
      timeInForce: input.timeInForce,
      takeProfit: input.takeProfit ?? null,
      stopLoss: input.stopLoss ?? null,
      expiresAt: orderExpiry(instrument, input.timeInForce, at.getTime(), clock),
      createdAt: at,
    };
    let fill: repository.ImmediateFillInput | null = null;
    if (isTrading(instrument, tick)) {
      const { price } = fillPriceOn({ ...draft, heldAmount: held } as repository.OrderRow, tick);
      // At the quote the reserve was taken on, the fill never costs more than the reserve (the reserve
      // price is the touch or worse). Should it ever, the order rests and the engine fills it, checking the wallet.
      // A market order fills at the touch its reserve was priced at: the same cost, worked out once.
      const cost = price ? (price.equals(reservePrice) ? reserve : costOf(instrument, rules, price, quantity, input.leverage)) : null;
      if (price && cost && !cost.total.greaterThan(held)) {
        const walletType = rules.walletType;
        // Nothing is held for an order that fills as it is accepted: its margin and fee leave the wallet
        // in one journal (the wallet's one entry is the same as a posted hold's: margin + fee, trade_margin).
        const legs = [
          { account: { userId, walletType }, amount: cost.total.negated(), requireFunds: true },
          { account: house(walletType, userId), amount: cost.margin },
          { account: { system: 'FEES' as const, currency: currencyOfWallet(walletType), spreadKey: userId }, amount: cost.fee },
        ].filter((leg) => !new Decimal(leg.amount).isZero());
        fill = {
          price: price.toString(),
          amount: cost.amount,
          fee: cost.fee,
          margin: cost.margin,
          at,
          movement: ledger.sqlMovement('trade_margin', legs),
        };
      }
    }
    return { draft, hold: { currency: currencyOfWallet(rules.walletType), amount: held }, fill };
  }

  async function cancel(principal: Principal, orderId: number): Promise<Order> {
    const userId = userIdOf(principal);
    return inTransaction(db, async (tx) => {
      const order = await repository.orderOf(tx, userId, orderId);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      const locked = await repository.lockOrderInProgress(tx, order.id, { skipLocked: false });
      // An opening order in progress always holds its money; a close queued for the open holds none.
      const isQueuedClose = locked?.openClose === 1;
      if (!locked || (locked.holdId === null && !isQueuedClose)) throw new AppError('ORDER_NOT_CANCELLABLE');
      if (locked.holdId !== null)
        await ledger.voidHold(tx, { holdId: locked.holdId, idempotencyKey: `order:${locked.id}:void`, reason: 'trade_margin' });
      const cancelled = await repository.finishOrder(tx, locked.id, {
        status: orderStatuses.cancelled,
        cancelReason: 'cancelled_by_user',
        cancelledAt: now(),
      });
      if (!cancelled) throw new AppError('ORDER_NOT_CANCELLABLE');
      announceOrder(tx, cancelled);
      return orderView(cancelled);
    });
  }

  /**
   * Closes all or part of a locked open position at the touch (bid for a buy, ask for a sell), in the
   * caller's transaction: releases its margin share, posts the realised P&L against the house and the
   * closing fee. A loss beyond what the wallet holds is absorbed by the house (negative balance protection).
   */
  async function closeInTx(
    tx: Executor,
    position: repository.PositionRow,
    input: {
      quantity: Decimal;
      idempotencyKey: string;
      tick: QuoteTick;
      closeReason: CloseReason;
      /** A close queued while the market was shut, filled now: its row exists already. */
      queued?: repository.OrderRow;
    },
    changed: repository.PositionRow[],
  ): Promise<repository.OrderRow> {
    const { quantity, tick } = input;
    const userId = position.userId;
    const instrument = instrumentOf(position.code);
    const rules = rulesOf(instrument);
    const walletType = position.walletType as WalletType;
    const remaining = new Decimal(position.quantity);
    const isBuy = position.direction === BUY;
    const exit = new Decimal(isBuy ? tick.bid : tick.ask);
    const isFull = quantity.equals(remaining);
    const released = isFull
      ? new Decimal(position.margin)
      : new Decimal(new Decimal(position.margin).times(quantity).div(remaining).toFixed(2, Decimal.ROUND_DOWN));
    const move = exit.minus(position.openPrice).times(isBuy ? 1 : -1);
    const pnl = new Decimal(toMoney(toWallet(instrument, move.times(quantity).times(multiplierOf(instrument)), walletType)));
    const notional = toWallet(instrument, exit.times(quantity).times(multiplierOf(instrument)), walletType);
    const fee = new Decimal(feeOf(rules, notional));
    const at = now();
    const order =
      input.queued ??
      (await repository.insertOrder(tx, {
        userId,
        idempotencyKey: input.idempotencyKey,
        closeReason: input.closeReason,
        code: position.code,
        source: position.source,
        walletType,
        direction: isBuy ? 1 : 0,
        orderType: orderTypes.market,
        openClose: 1,
        status: orderStatuses.entrusted,
        quantity: quantity.toString(),
        leverage: position.leverage,
        timeInForce: 'day',
        positionId: position.id,
        createdAt: at,
      }));
    if (!order) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    const user = { userId, walletType };
    const memo = `close ${order.id} position ${position.id} ${position.code}`;
    if (released.greaterThan(0)) {
      await ledger.post(tx, {
        idempotencyKey: `order:${order.id}:margin`,
        reason: 'trade_margin',
        memo,
        legs: [
          { account: house(walletType), amount: released.negated() },
          { account: user, amount: released },
        ],
      });
    }
    let available = new Decimal((await ledger.wallet(tx, userId, walletType)).availableBalance);
    let realised = pnl;
    if (pnl.lessThan(0)) realised = Decimal.max(pnl, available.negated());
    if (!realised.isZero()) {
      await ledger.post(tx, {
        idempotencyKey: `order:${order.id}:pnl`,
        reason: 'realised_pnl',
        memo,
        legs: [
          { account: house(walletType), amount: realised.negated() },
          { account: user, amount: realised, requireFunds: realised.lessThan(0) },
        ],
      });
    }
    available = available.plus(realised);
    const feeCharged = Decimal.min(fee, Decimal.max(available, 0));
    if (feeCharged.greaterThan(0)) {
      await ledger.post(tx, {
        idempotencyKey: `order:${order.id}:fee`,
        reason: 'fee',
        memo,
        legs: [
          { account: user, amount: feeCharged.negated(), requireFunds: true },
          { account: { system: 'FEES', currency: currencyOfWallet(walletType) }, amount: feeCharged },
        ],
      });
    }
    const left = remaining.minus(quantity);
    const updated = await repository.updatePosition(tx, position.id, {
      quantity: left.toString(),
      margin: toMoney(new Decimal(position.margin).minus(released)),
      fees: toMoney(new Decimal(position.fees).plus(feeCharged)),
      realisedPnl: toMoney(new Decimal(position.realisedPnl).plus(realised)),
      isOpen: !left.isZero(),
      closePrice: exit.toString(),
      ...(left.isZero() ? { closedAt: at } : {}),
    });
    changed.push(updated);
    announcePosition(tx, updated);
    await repository.insertFill(tx, {
      orderId: order.id,
      positionId: position.id,
      userId,
      quantity: quantity.toString(),
      price: exit.toString(),
      fee: toMoney(feeCharged),
      margin: toMoney(released),
      realisedPnl: toMoney(realised),
      createdAt: at,
    });
    const filled = await repository.finishOrder(tx, order.id, {
      status: orderStatuses.success,
      fillPrice: exit.toString(),
      amount: toMoney(notional),
      fee: toMoney(feeCharged),
      margin: toMoney(released),
      filledAt: at,
    });
    if (!filled) throw new Error('close order left progress');
    announceOrder(tx, filled);
    // After this order is finished, so only the other closes still waiting on the position are cancelled.
    if (left.isZero()) await cancelQueuedClosesOf(tx, position.id, at);
    return filled;
  }

  /**
   * A position closed whole (take-profit, stop-loss, stop-out, settlement, or a close by hand of what was
   * not queued): closes still queued on it have nothing left to close, so they are cancelled in the same
   * transaction with the reason `position_closed` and their owner is told (never left to fail at the open).
   */
  async function cancelQueuedClosesOf(tx: Executor, positionId: number, at: Date) {
    const cancelled = await repository.cancelQueuedCloses(tx, positionId, {
      status: orderStatuses.cancelled,
      cancelReason: 'position_closed',
      cancelledAt: at,
    });
    for (const order of cancelled) announceOrder(tx, order);
  }

  /**
   * Queues a user's close while the position's market is shut: an entrusted market close order (no money
   * held: closing frees margin) that the execution engine fills at the first quote of the next session, at
   * that opening price, exactly as an opening order placed outside the session. Its quantity is reserved
   * by the caller's check against what is already queued.
   */
  async function queueCloseInTx(
    tx: Executor,
    position: repository.PositionRow,
    instrument: Instrument,
    input: { quantity: Decimal; idempotencyKey: string },
  ): Promise<repository.OrderRow> {
    const at = now();
    const order = await repository.insertOrder(tx, {
      userId: position.userId,
      idempotencyKey: input.idempotencyKey,
      closeReason: 'user',
      code: position.code,
      source: position.source,
      walletType: position.walletType,
      direction: position.direction === BUY ? 1 : 0,
      orderType: orderTypes.market,
      openClose: 1,
      status: orderStatuses.entrusted,
      quantity: input.quantity.toString(),
      leverage: position.leverage,
      timeInForce: 'day',
      positionId: position.id,
      expiresAt: orderExpiry(instrument, 'day', at.getTime(), clock),
      createdAt: at,
    });
    if (!order) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return order;
  }

  /**
   * Fills a close queued while the market was shut, on a quote in session (the engine calls this through
   * `fillResting`, in its transaction, with the order locked). The position is locked without waiting: a
   * take-profit or stop-out closing it at the same open holds it, and this order is tried again on the next
   * quote, by when it has been cancelled with the position. A position closed before is never closed again:
   * the order is cancelled (`position_closed`); one holding less than queued (not reachable through the API,
   * which reserves queued quantities) closes what it holds and the order says so.
   */
  async function fillQueuedClose(
    tx: Executor,
    order: repository.OrderRow,
    tick: QuoteTick,
    changed: repository.PositionRow[],
  ): Promise<FillOutcome> {
    if (order.positionId === null) throw new Error(`close order ${order.id} has no position`);
    const position = await repository.lockOpenPosition(tx, order.positionId);
    if (!position) {
      const current = await repository.positionOf(tx, order.userId, order.positionId, { forUpdate: false });
      if (current?.isOpen) return 'waiting';
      const cancelled = await repository.finishOrder(tx, order.id, {
        status: orderStatuses.cancelled,
        cancelReason: 'position_closed',
        cancelledAt: now(),
      });
      if (cancelled) announceOrder(tx, cancelled);
      return 'cancelled';
    }
    const remaining = new Decimal(position.quantity);
    let queued = order;
    if (remaining.lessThan(order.quantity)) queued = await repository.updateOrder(tx, order.id, { quantity: remaining.toString() });
    const filled = await closeInTx(
      tx,
      position,
      { quantity: new Decimal(queued.quantity), idempotencyKey: order.idempotencyKey, tick, closeReason: 'user', queued },
      changed,
    );
    // It filled while the user was away, as an entrusted opening order does: they get the same message.
    await notify(tx, order.userId, 'orderFilled', {
      code: order.code,
      quantity: new Decimal(filled.quantity).toString(),
      price: new Decimal(filled.fillPrice ?? '0').toString(),
    });
    return 'filled';
  }

  /** A user's close of all or part of a position, at the market while it trades. */
  async function closePosition(
    principal: Principal,
    input: { id: number; quantity?: string | undefined; idempotencyKey: string },
  ): Promise<Order> {
    const userId = userIdOf(principal);
    const existing = await repository.orderByKey(db, userId, input.idempotencyKey);
    if (existing) {
      if (!isSameClose(existing, input.id)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return orderView(existing);
    }
    const changed: repository.PositionRow[] = [];
    const order = await inTransaction(db, async (tx) => {
      // A retried attempt starts again: what the aborted one collected never happened.
      changed.length = 0;
      const position = await repository.positionOf(tx, userId, input.id, { forUpdate: true });
      // A retry that waited on the first attempt's lock finds that attempt's order (and the position closed by it).
      const first = await repository.orderByKey(tx, userId, input.idempotencyKey);
      if (first) {
        if (!isSameClose(first, input.id)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        return { order: first, isQueued: false };
      }
      if (!position?.isOpen) throw new AppError('POSITION_NOT_FOUND');
      const instrument = instrumentOf(position.code);
      assertNotExpired(instrument);
      // What closes queued for the open have reserved is not closable again (read under the position's lock).
      const queued = new Decimal(await repository.queuedCloseQuantity(tx, position.id));
      const remaining = new Decimal(position.quantity).minus(queued);
      if (!remaining.greaterThan(0)) throw new AppError('CLOSE_ALREADY_QUEUED');
      const quantity = input.quantity === undefined ? remaining : new Decimal(input.quantity);
      if (quantity.greaterThan(remaining) || !quantity.mod(instrument.lotSize).isZero())
        throw new AppError('CLOSE_QUANTITY_INVALID', { max: remaining.toString(), lot: instrument.lotSize });
      const tick = quotes.latest(position.code);
      // While the market is shut the close waits for the open, as an order placed then does.
      if (!isTrading(instrument, tick))
        return {
          order: await queueCloseInTx(tx, position, instrument, { quantity, idempotencyKey: input.idempotencyKey }),
          isQueued: true,
        };
      if (!tick) throw new AppError('QUOTE_UNAVAILABLE');
      return {
        order: await closeInTx(tx, position, { quantity, idempotencyKey: input.idempotencyKey, tick, closeReason: 'user' }, changed),
        isQueued: false,
      };
    });
    for (const position of changed) dependencies.onPositionChanged?.(position);
    if (order.isQueued) dependencies.onResting?.(order.order);
    return orderView(order.order);
  }

  /**
   * Writes the message of a position the system closed (take-profit, stop-loss, stop-out, settlement):
   * what closed, at what price, and the P&L this close realised (the position's total after it, less before).
   */
  async function notifyClosedBySystem(
    tx: Executor,
    template: MessageTemplate,
    before: repository.PositionRow,
    closing: repository.OrderRow,
    after: repository.PositionRow | undefined,
  ) {
    await notify(tx, before.userId, template, {
      code: before.code,
      quantity: new Decimal(closing.quantity).toString(),
      price: new Decimal(closing.fillPrice ?? '0').toString(),
      pnl: toMoney(new Decimal(after?.realisedPnl ?? before.realisedPnl).minus(before.realisedPnl)),
      currency: currencyOfWallet(before.walletType as WalletType),
    });
  }

  /** Why a position should close on this quote by itself: its take-profit, its stop-loss, or a stop-out. */
  function triggerOf(position: PositionSnapshot, tick: QuoteTick): TriggerReason | null {
    const instrument = catalog.byCode.get(position.code);
    if (!instrument) return null;
    const isBuy = position.direction === BUY;
    const touch = new Decimal(isBuy ? tick.bid : tick.ask);
    if (
      position.takeProfit !== null &&
      (isBuy ? touch.greaterThanOrEqualTo(position.takeProfit) : touch.lessThanOrEqualTo(position.takeProfit))
    )
      return 'take_profit';
    if (position.stopLoss !== null && (isBuy ? touch.lessThanOrEqualTo(position.stopLoss) : touch.greaterThanOrEqualTo(position.stopLoss)))
      return 'stop_loss';
    try {
      const move = touch.minus(position.openPrice).times(isBuy ? 1 : -1);
      const floating = toWallet(
        instrument,
        move.times(position.quantity).times(multiplierOf(instrument)),
        position.walletType as WalletType,
      );
      const margin = new Decimal(position.margin);
      if (margin.plus(floating).lessThan(margin.times(MAINTENANCE_MARGIN_RATIO))) return 'stop_out';
    } catch {
      return null;
    }
    return null;
  }

  /**
   * Touches between which a quote cannot close this position by itself (`triggerOf` is null strictly
   * inside `below`..`above`), in floating point with a margin far above a double's error: the engine
   * skips the decimal check of most positions on most ticks. A position valued in another currency
   * than its wallet's has no stop-out bound (its rate moves): it is always checked.
   */
  function triggerBoundsOf(position: PositionSnapshot): { below: number; above: number } {
    const instrument = catalog.byCode.get(position.code);
    if (!instrument) return { below: Number.POSITIVE_INFINITY, above: Number.NEGATIVE_INFINITY };
    const isBuy = position.direction === BUY;
    const levels = { below: Number.NEGATIVE_INFINITY, above: Number.POSITIVE_INFINITY };
    // A buy closes on its bid: take-profit above, stop-loss and stop-out below; a sell on its ask, mirrored.
    const towardsProfit = isBuy ? 'above' : 'below';
    const towardsLoss = isBuy ? 'below' : 'above';
    const tighten = (side: 'below' | 'above', value: number) => {
      levels[side] = side === 'below' ? Math.max(levels[side], value) : Math.min(levels[side], value);
    };
    if (position.takeProfit !== null) tighten(towardsProfit, Number(position.takeProfit));
    if (position.stopLoss !== null) tighten(towardsLoss, Number(position.stopLoss));
    if (instrument.currency !== currencyOfWallet(position.walletType as WalletType)) {
      tighten(towardsLoss, isBuy ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY);
    } else {
      // Stopped out when margin + move × quantity × multiplier < margin × ratio: the move may fall to
      // -(margin × (1 - ratio)) / (quantity × multiplier) before it does.
      // In floating point like the bounds themselves: its relative error (about 1e-15) is far inside the slack below.
      const room =
        (Number(position.margin) * (1 - Number(MAINTENANCE_MARGIN_RATIO))) /
        (Number(position.quantity) * Number(instrument.multiplier ?? 1));
      const open = Number(position.openPrice);
      tighten(towardsLoss, isBuy ? open - room : open + room);
    }
    const slack = (value: number) => (Number.isFinite(value) ? Math.abs(value) * 1e-9 + 1e-6 : 0);
    return { below: levels.below + slack(levels.below), above: levels.above - slack(levels.above) };
  }

  return {
    /** How orders that filled as they were accepted were grouped (groups, items, largest, fallbacks): what tests and benchmarks read. */
    filledOrderGroupStats: () => filledOrders?.stats(),
    create,
    cancel,
    triggerBoundsOf,
    closePosition,
    fillPriceOn,
    orderView,

    /**
     * Tries to fill resting orders on a quote (the execution engine calls this with what one quote may
     * fill), in one transaction (ADR 0008): the orders are locked, those another process holds skipped
     * ('gone'); each is decided here in decimals; the open ones fill in one statement, each alone in a
     * subtransaction (one the wallet cannot pay is cancelled, the others fill); their owners' messages
     * are written in one insert; one commit. Answers each order's outcome.
     */
    async fillRestingOrders(orderIds: readonly number[], tick: QuoteTick): Promise<Map<number, FillOutcome>> {
      const outcomes = new Map<number, FillOutcome>();
      const changed: repository.PositionRow[] = [];
      await inTransaction(db, async (tx) => {
        // A retried attempt starts again: what the aborted one collected never happened.
        outcomes.clear();
        changed.length = 0;
        const locked = await repository.lockOrdersInProgress(tx, [...orderIds]);
        const at = now();
        const fills: { orderId: number; fill: repository.FillInput }[] = [];
        const queuedCloses: repository.OrderRow[] = [];
        for (const order of locked) {
          if (order.openClose === 1) queuedCloses.push(order);
          else if (order.holdId === null) outcomes.set(order.id, 'gone');
          else {
            const price = await openFillPriceOf(tx, order, tick);
            if (price) fills.push({ orderId: order.id, fill: openFillOf(order, price, at) });
            else outcomes.set(order.id, 'waiting');
          }
        }
        const notices: Notice[] = [];
        for (const result of await repository.fillLockedOrders(tx, fills)) {
          outcomes.set(result.orderId, result.outcome);
          if (result.outcome === 'gone') continue;
          if (result.outcome === 'filled') {
            changed.push(result.position);
            announcePosition(tx, result.position);
          }
          announceOrder(tx, result.order);
          // Only fills the user did not watch happen get a message: a market order filled within its own
          // request is already answered on the ticket; a resting or entrusted one fills while they are away.
          if (result.outcome === 'filled')
            notices.push({
              userId: result.order.userId,
              template: 'orderFilled',
              values: {
                code: result.order.code,
                quantity: new Decimal(result.order.quantity).toString(),
                price: new Decimal(result.order.fillPrice ?? '0').toString(),
              },
            });
        }
        await notifyMany(tx, notices);
        // A close queued while the market was shut fills at the open; a halt does not stop closes.
        for (const order of queuedCloses) {
          const instrument = instrumentOf(order.code);
          const isOpenNow = isTrading(instrument, tick) && !isExpiredAt(instrument, now().getTime());
          outcomes.set(order.id, isOpenNow ? await fillQueuedClose(tx, order, tick, changed) : 'waiting');
        }
      });
      for (const orderId of orderIds) if (!outcomes.has(orderId)) outcomes.set(orderId, 'gone');
      for (const position of changed) dependencies.onPositionChanged?.(position);
      return outcomes;
    },

    triggerOf,

    /** The engine's lanes of fills (see `fillLaneOf`). */
    fillLaneOf,

    /**
     * Closes a whole position whose take-profit, stop-loss or stop-out this quote hit (the execution
     * engine calls this). Its own transaction; the position is locked (SKIP LOCKED) and the trigger
     * checked again, so it closes once whichever process sees the quote.
     */
    async closeTriggered(positionId: number, tick: QuoteTick): Promise<CloseReason | 'gone' | 'waiting'> {
      const changed: repository.PositionRow[] = [];
      const outcome = await inTransaction(db, async (tx): Promise<CloseReason | 'gone' | 'waiting'> => {
        // A retried attempt starts again: what the aborted one collected never happened.
        changed.length = 0;
        const position = await repository.lockOpenPosition(tx, positionId);
        if (!position) return 'gone';
        const instrument = instrumentOf(position.code);
        // Past expiry a position closes only at its settlement price, not on a later quote.
        if (!isTrading(instrument, tick) || isExpiredAt(instrument, now().getTime())) return 'waiting';
        const reason = triggerOf(position, tick);
        if (!reason) return 'waiting';
        const closing = await closeInTx(
          tx,
          position,
          { quantity: new Decimal(position.quantity), idempotencyKey: `${reason}:position:${position.id}`, tick, closeReason: reason },
          changed,
        );
        await notifyClosedBySystem(tx, closeMessageOf[reason], position, closing, changed[changed.length - 1]);
        return reason;
      });
      for (const position of changed) dependencies.onPositionChanged?.(position);
      return outcome;
    },

    /** Cancels orders still in progress past their expiry (day orders after their session, good-till-cancelled after 90 days), releasing their holds. */
    dayOrderExpiryJob: {
      name: 'trading-day-order-expiry',
      intervalMs: 60_000,
      async run(executor) {
        const at = now();
        for (const order of await repository.expiredOrders(executor, at, 500)) {
          if (order.holdId !== null)
            await ledger.voidHold(executor, { holdId: order.holdId, idempotencyKey: `order:${order.id}:void`, reason: 'trade_margin' });
          const expired = await repository.finishOrder(executor, order.id, {
            status: orderStatuses.cancelled,
            cancelReason: 'expired',
            cancelledAt: at,
          });
          if (expired) announceOrder(executor, expired);
        }
      },
    } satisfies JobDefinition,

    /**
     * Settles futures contracts past their expiry, exactly once: every open position closes at the
     * settlement price (the last price at or before the expiry) with its realised P&L, margin and fee
     * posted through the ledger, and orders still waiting are cancelled with their holds released. Runs
     * under the job runner (one process at a time, in its transaction); a position already settled is
     * no longer open, and each close carries the idempotency key `settlement:position:<id>`.
     */
    futuresSettlementJob: {
      name: 'trading-futures-settlement',
      intervalMs: 60_000,
      async run(executor) {
        const at = now();
        // The last minute's candle is written within seconds of the close; settling a little later reads it.
        const due = [...catalog.byCode.values()].filter((instrument) => {
          const expiry = contractExpiry(instrument);
          return expiry !== null && at.getTime() >= expiry + SETTLEMENT_DELAY_MS;
        });
        if (due.length === 0) return;
        const codes = due.map((instrument) => instrument.code);
        for (const order of await repository.lockOrdersInProgressIn(executor, codes, 1000)) {
          if (order.holdId !== null)
            await ledger.voidHold(executor, { holdId: order.holdId, idempotencyKey: `order:${order.id}:void`, reason: 'trade_margin' });
          const expired = await repository.finishOrder(executor, order.id, {
            status: orderStatuses.cancelled,
            cancelReason: 'expired',
            cancelledAt: at,
          });
          if (expired) announceOrder(executor, expired);
        }
        const positions = await repository.lockOpenPositionsIn(executor, codes, 1000);
        const prices = new Map<string, string | null>();
        const changed: repository.PositionRow[] = [];
        for (const position of positions) {
          const instrument = instrumentOf(position.code);
          if (!prices.has(position.code))
            prices.set(position.code, await settlementPriceOf(executor, position.code, contractExpiry(instrument) ?? 0));
          const price = prices.get(position.code);
          if (!price) {
            dependencies.logger?.error(
              { code: position.code, positionId: position.id },
              'trading: no settlement price yet; the position waits',
            );
            continue;
          }
          const tick = settlementTick(position.code, price, at);
          const closing = await closeInTx(
            executor,
            position,
            {
              quantity: new Decimal(position.quantity),
              idempotencyKey: `settlement:position:${position.id}`,
              tick,
              closeReason: 'settlement',
            },
            changed,
          );
          // The owner is told in the settlement's own transaction, as for a take-profit or a stop-out.
          await notifyClosedBySystem(executor, 'positionSettled', position, closing, changed[changed.length - 1]);
        }
        for (const position of changed) dependencies.onPositionChanged?.(position);
      },
    } satisfies JobDefinition,

    async openPositions() {
      return repository.openPositions(db);
    },

    async restingOrders(code?: string) {
      return repository.restingOrders(db, code);
    },

    async minCount(code: string) {
      const instrument = instrumentOf(code.toUpperCase());
      const rules = rulesOf(instrument);
      const tick = quotes.latest(instrument.code);
      const price = new Decimal(tick?.price ?? instrument.referencePrice);
      return {
        stockCode: instrument.code,
        source: instrument.source as TradableSource,
        walletType: rules.walletType,
        currency: currencyOfWallet(rules.walletType),
        minCount: rules.minQuantity,
        lotSize: instrument.lotSize,
        tickSize: tickSizeOf(instrument, price).toString(),
        multiplier: multiplierOf(instrument).toString(),
        leverageMin: rules.leverageMin,
        leverageMax: rules.leverageMax,
        feeRate: rules.feeRate,
        feeMinimum: rules.feeMinimum,
        marketStatus: statusAt(calendars[instrument.calendar], now().getTime(), clock),
        isHalted: rules.isHalted,
      };
    },

    async positions(principal: Principal, input: { isOpen: boolean; source?: string | undefined; pageNum: number; pageSize: number }) {
      const page = await repository.pageOfPositions(db, userIdOf(principal), {
        isOpen: input.isOpen,
        source: input.source,
        limit: input.pageSize,
        offset: (input.pageNum - 1) * input.pageSize,
      });
      return { list: page.rows.map(positionView), ...pageInfo(page.total, input.pageNum, input.pageSize) };
    },

    async positionsByStock(principal: Principal, code: string) {
      const page = await repository.pageOfPositions(db, userIdOf(principal), {
        isOpen: true,
        code: code.toUpperCase(),
        limit: 100,
        offset: 0,
      });
      return page.rows.map(positionView);
    },

    /** A user's orders or positions for the operator console (the caller checked the operator's permission). */
    async ordersOfUser(userId: number, input: { pageNum: number; pageSize: number }) {
      const page = await repository.pageOfOrders(db, userId, {
        isInProgress: null,
        source: undefined,
        limit: input.pageSize,
        offset: (input.pageNum - 1) * input.pageSize,
      });
      return { list: page.rows.map(orderView), ...pageInfo(page.total, input.pageNum, input.pageSize) };
    },

    async positionsOfUser(userId: number, input: { isOpen: boolean; pageNum: number; pageSize: number }) {
      const page = await repository.pageOfPositions(db, userId, {
        isOpen: input.isOpen,
        source: undefined,
        limit: input.pageSize,
        offset: (input.pageNum - 1) * input.pageSize,
      });
      return { list: page.rows.map(positionView), ...pageInfo(page.total, input.pageNum, input.pageSize) };
    },

    async orders(principal: Principal, input: { isInProgress: boolean; source?: string | undefined; pageNum: number; pageSize: number }) {
      const page = await repository.pageOfOrders(db, userIdOf(principal), {
        isInProgress: input.isInProgress ? true : null,
        source: input.source,
        limit: input.pageSize,
        offset: (input.pageNum - 1) * input.pageSize,
      });
      return { list: page.rows.map(orderView), ...pageInfo(page.total, input.pageNum, input.pageSize) };
    },

    async orderDetail(principal: Principal, orderId: number) {
      const order = await repository.orderOf(db, userIdOf(principal), orderId);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      const fills = await repository.fillsOfOrder(db, order.id);
      return {
        ...orderView(order),
        fills: fills.map((fill) => ({
          id: String(fill.id),
          quantity: new Decimal(fill.quantity).toString(),
          price: new Decimal(fill.price).toString(),
          fee: toMoney(fill.fee),
          margin: toMoney(fill.margin),
          realisedPnl: fill.realisedPnl === null ? null : toMoney(fill.realisedPnl),
          createTimeTimestamp: fill.createdAt.getTime(),
        })),
      };
    },

    /**
     * The full and half closable quantity of a position (half rounded down to whole lots, at least one lot
     * when possible): what it holds less what closes queued for the open have reserved.
     */
    async halfOrFull(principal: Principal, positionId: number) {
      const position = await repository.positionOf(db, userIdOf(principal), positionId, { forUpdate: false });
      if (!position?.isOpen) throw new AppError('POSITION_NOT_FOUND');
      const instrument = instrumentOf(position.code);
      const full = Decimal.max(new Decimal(position.quantity).minus(await repository.queuedCloseQuantity(db, position.id)), 0);
      const lot = new Decimal(instrument.lotSize);
      const half = full.div(2).div(lot).floor().times(lot);
      return { positionId: String(position.id), fullNum: full.toString(), halfNum: (half.isZero() ? full : half).toString() };
    },

    /**
     * Sets (or, with null, removes) the take-profit and stop-loss of an open position of the user's.
     * Each must lie on its own side of the price the position would close at now, so setting one never
     * closes the position at once by surprise; the execution engine watches the new levels from the commit.
     */
    async updateTakeProfitStopLoss(principal: Principal, input: { id: number; takeProfit: string | null; stopLoss: string | null }) {
      const userId = userIdOf(principal);
      const updated = await inTransaction(db, async (tx) => {
        const position = await repository.positionOf(tx, userId, input.id, { forUpdate: true });
        if (!position?.isOpen) throw new AppError('POSITION_NOT_FOUND');
        const instrument = instrumentOf(position.code);
        for (const value of [input.takeProfit, input.stopLoss]) {
          if (value === null) continue;
          const price = new Decimal(value);
          if (!isOnTick(instrument, price)) throw new AppError('PRICE_NOT_ON_TICK', { tick: tickSizeOf(instrument, price).toString() });
        }
        const tick = quotes.latest(position.code);
        if (!tick) throw new AppError('QUOTE_UNAVAILABLE');
        const isBuy = position.direction === BUY;
        const touch = new Decimal(isBuy ? tick.bid : tick.ask);
        // Above the touch is the winning side of a buy, below it the winning side of a sell.
        const isAbove = (value: string) => new Decimal(value).greaterThan(touch);
        const isBelow = (value: string) => new Decimal(value).lessThan(touch);
        const isTakeProfitValid = input.takeProfit === null || (isBuy ? isAbove(input.takeProfit) : isBelow(input.takeProfit));
        const isStopLossValid = input.stopLoss === null || (isBuy ? isBelow(input.stopLoss) : isAbove(input.stopLoss));
        if (!isTakeProfitValid || !isStopLossValid) throw new AppError('TAKE_PROFIT_STOP_LOSS_INVALID', { price: touch.toString() });
        const changedLevels = await repository.updatePosition(tx, position.id, { takeProfit: input.takeProfit, stopLoss: input.stopLoss });
        announcePosition(tx, changedLevels);
        return changedLevels;
      });
      dependencies.onPositionChanged?.(updated);
      return positionView(updated);
    },

    /** Adds money from the wallet to a position's margin. */
    async addMargin(principal: Principal, input: { id: number; amount: string; idempotencyKey: string }) {
      const userId = userIdOf(principal);
      const updated = await inTransaction(db, async (tx) => {
        const position = await repository.positionOf(tx, userId, input.id, { forUpdate: true });
        if (!position?.isOpen) throw new AppError('POSITION_NOT_FOUND');
        const walletType = position.walletType as WalletType;
        const amount = toMoney(input.amount);
        const journal = await ledger.post(tx, {
          idempotencyKey: `margin:${userId}:${input.idempotencyKey}`,
          reason: 'trade_margin',
          memo: `margin added to position ${position.id}`,
          legs: [
            { account: { userId, walletType }, amount: new Decimal(amount).negated(), requireFunds: true },
            { account: house(walletType), amount },
          ],
        });
        const updated = journal.isReplay
          ? position
          : await repository.updatePosition(tx, position.id, { margin: toMoney(new Decimal(position.margin).plus(amount)) });
        if (!journal.isReplay) announcePosition(tx, updated);
        return updated;
      });
      dependencies.onPositionChanged?.(updated);
      return positionView(updated);
    },
  };
}
