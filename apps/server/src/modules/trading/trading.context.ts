import {
  type Currency,
  currencyOfWallet,
  type OrderType,
  orderStatuses,
  type QuoteTick,
  type TimeInForce,
  type TradeDirection,
  type UserOrderEvent,
  type UserPositionEvent,
  type WalletType,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import type { EventBus } from '../../platform/bus/index.ts';
import { afterCommit, type Database, type Executor, type GroupQueueOptions } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import { type BulkNotifier, type Notifier, silentNotifier, userEventsTopic } from '../../platform/notifications.ts';
import { type LedgerService, toMoney } from '../ledger/index.ts';
import { type ClockMode, calendars, statusAt } from '../market/index.ts';
import { createLeverageAcknowledgements } from './trading.leverage-acknowledgement.ts';
import type * as repository from './trading.repository.ts';
import { feeOf, type Instrument, isExpiredAt, type MarketRules, marginOf, multiplierOf } from './trading.rules.ts';
import type { EffectiveRules, TradingSettings } from './trading-settings.ts';

/** Where trading reads prices: the market feed, or a scripted one in tests. */
export type QuoteSource = {
  latest(code: string): QuoteTick | undefined;
  subscribe(code: string, handler: (tick: QuoteTick) => void): () => void;
};

export type CreateOrderInput = {
  code: string;
  direction: TradeDirection;
  type: OrderType;
  quantity: string;
  price?: string | undefined;
  stopPrice?: string | undefined;
  leverage: number;
  timeInForce: TimeInForce;
  takeProfit?: string | undefined;
  stopLoss?: string | undefined;
  idempotencyKey: string;
  /** Stocks: Open 0 (an explicit short) or Close 1; a stock Sell without it closes what is held (issue 15 §2). */
  openClose?: 0 | 1 | undefined;
};

export type TradingDependencies = {
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
export type TriggerReason = Extract<CloseReason, 'take_profit' | 'stop_loss' | 'stop_out'>;

/** What the execution engine keeps of an open position to watch its take-profit, stop-loss and stop-out. */
export type PositionSnapshot = Pick<
  repository.PositionRow,
  'id' | 'userId' | 'code' | 'walletType' | 'direction' | 'openPrice' | 'quantity' | 'margin' | 'takeProfit' | 'stopLoss' | 'isOpen'
>;

export function decimalText(value: string | null): string | null {
  return value === null ? null : new Decimal(value).toString();
}

/** The house account; `userId` keeps each user's fills on one of its shards (a leg of that user picks it otherwise). */
export function house(walletType: WalletType, userId?: number) {
  return {
    system: 'HOUSE' as const,
    currency: currencyOfWallet(walletType) as Currency,
    ...(userId === undefined ? {} : { spreadKey: userId }),
  };
}

/** The fee account on the user's shard. */
export function feesOf(walletType: WalletType, userId: number) {
  return { system: 'FEES' as const, currency: currencyOfWallet(walletType), spreadKey: userId };
}

/** How changes reach their owner's screens and the engine, after their transaction commits. */
function createAnnouncements(dependencies: TradingDependencies) {
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

  return { announceOrder, announcePosition };
}

/** The instrument lookups, rules in force and decimal prices every order and close is decided with. */
function createPricing(dependencies: TradingDependencies, now: () => Date) {
  const { catalog, convert, clock, settings } = dependencies;
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

  return { instrumentOf, rulesOf, toWallet, isTrading, assertNotExpired, costOf };
}

/**
 * What every part of the trading service shares: its dependencies, the clock, how changes are announced
 * to their owner, and the instrument lookups and decimal prices every order and close is decided with.
 */
export type TradingContext = ReturnType<typeof createTradingContext>;

export function createTradingContext(dependencies: TradingDependencies) {
  const now = dependencies.now ?? (() => new Date());
  const notify = dependencies.notify ?? silentNotifier;
  const notifyMany: BulkNotifier =
    dependencies.notifyMany ??
    (async (executor, notices) => {
      for (const notice of notices) await notify(executor, notice.userId, notice.template, notice.values);
    });

  /** Tells the engine, after the commit, of the positions a transaction opened, changed or closed. */
  function positionsChanged(changed: readonly repository.PositionRow[]) {
    for (const position of changed) dependencies.onPositionChanged?.(position);
  }

  return {
    ...dependencies,
    now,
    notify,
    notifyMany,
    userIdOf: (principal: Principal) => Number(principal.userId),
    /** Who may place leveraged orders (issue 15 §11), kept in memory once known. */
    leverageAcknowledgements: createLeverageAcknowledgements(dependencies.db, now),
    ...createAnnouncements(dependencies),
    ...createPricing(dependencies, now),
    positionsChanged,
  };
}
