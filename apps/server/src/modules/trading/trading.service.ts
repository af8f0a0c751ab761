import type { LeverageAcknowledgeBody, QuoteTick } from '@bolsa/contracts';
import type { Executor } from '../../platform/db/index.ts';
import type { Principal } from '../../platform/http/index.ts';
import { type AllottedShares, holdingsAt, openAllottedPosition, placedHolding } from './trading.allotment.ts';
import { createBlockFills } from './trading.block.ts';
import { cancelOrder } from './trading.cancel.ts';
import { closeTriggered } from './trading.close-triggered.ts';
import { type ClosePositionInput, closePosition } from './trading.close-user.ts';
import { type CreateOrderInput, createTradingContext, type PositionSnapshot, type TradingDependencies } from './trading.context.ts';
import { fillRestingOrders } from './trading.fill.ts';
import { createTradingJobs } from './trading.jobs.ts';
import { createOrderPlacement } from './trading.place.ts';
import { addMargin, updateTakeProfitStopLoss } from './trading.position-edits.ts';
import type { CreateKind } from './trading.rules.ts';
import { createSellToClose, isStockSell, ordersOfKey } from './trading.sell-to-close.ts';
import { fillPriceOn, triggerBoundsOf, triggerOf } from './trading.triggers.ts';
import { accountShardOf, assertTradingTuning, filledOrderGroupOptions, tradingTuning } from './trading.tuning.ts';
import { createOrderViews, createPositionViews, orderView } from './trading.views.ts';

export type {
  CloseReason,
  CreateOrderInput,
  FillOutcome,
  PositionSnapshot,
  QuoteSource,
} from './trading.context.ts';

export type TradingService = ReturnType<typeof createTradingService>;

/**
 * The trading service: one context (dependencies, clock, announcements, prices) shared by its parts, each
 * in its own file: placing orders (`trading.place.ts`), cancelling (`trading.cancel.ts`), closing by the
 * user, queued, triggered and at settlement (`trading.close*.ts`, `trading.jobs.ts`), filling resting
 * orders (`trading.fill.ts`), trigger maths (`trading.triggers.ts`), read models (`trading.views.ts`) and
 * the scheduled jobs.
 */
export function createTradingService(dependencies: TradingDependencies) {
  assertTradingTuning({ ...tradingTuning, orderGroups: dependencies.groupCommit ?? filledOrderGroupOptions });
  const context = createTradingContext(dependencies);
  const placement = createOrderPlacement(context);
  const sellToClose = createSellToClose({
    db: dependencies.db,
    catalog: dependencies.catalog,
    now: () => context.now(),
    closePosition: (principal, input) => closePosition(context, principal, input),
  });
  /** A stock Sell closes what is held (issue 15 §2) unless it is an explicit short; everything else is placed. */
  async function createStockSell(principal: Principal, kind: CreateKind, input: CreateOrderInput) {
    return (await sellToClose.intercept(principal, kind, input)) ?? placement.create(principal, kind, input);
  }
  return {
    filledOrderGroupStats: placement.filledOrderGroupStats,
    /** Block trades' pricing and their one order filled at the quoted price (the block-trade module's use). */
    blocks: createBlockFills(context),
    create: (principal: Principal, kind: CreateKind, input: CreateOrderInput) =>
      isStockSell(kind, input) ? createStockSell(principal, kind, input) : placement.create(principal, kind, input),
    /** The orders placed under one idempotency key (a Sell that closed several longs made one per long), oldest first. */
    ordersOfKey: async (executor: Executor, userId: number, idempotencyKey: string) =>
      (await ordersOfKey(executor, userId, idempotencyKey)).map((row) => orderView(context, row)),
    /** What the ticket's Sell shows: the quantity held and sellable, and whether a short is offered. */
    holding: (principal: Principal, code: string) => sellToClose.holding(principal, code),
    cancel: (principal: Principal, orderId: number) => cancelOrder(context, principal, orderId),
    triggerBoundsOf: (position: PositionSnapshot) => triggerBoundsOf(context, position),
    closePosition: (principal: Principal, input: ClosePositionInput) => closePosition(context, principal, input),
    fillPriceOn,
    fillRestingOrders: (orderIds: readonly number[], tick: QuoteTick) => fillRestingOrders(context, orderIds, tick),
    triggerOf: (position: PositionSnapshot, tick: QuoteTick) => triggerOf(context, position, tick),
    /** The account shard of a user, which the engine partitions a quote's fills by (see `accountShardOf`). */
    accountShardOf,
    closeTriggered: (positionId: number, tick: QuoteTick) => closeTriggered(context, positionId, tick),
    ...createTradingJobs(context),
    ...createOrderViews(context),
    ...createPositionViews(context),
    updateTakeProfitStopLoss: (principal: Principal, input: Parameters<typeof updateTakeProfitStopLoss>[2]) =>
      updateTakeProfitStopLoss(context, principal, input),
    /** Allotted new shares become a position (issue 18), in the caller's transaction. */
    openAllottedPosition: (tx: Executor, input: AllottedShares) => openAllottedPosition(context, tx, input),
    /** Of a stock held: what placings lock and what can be sold now (issue 18 §3). */
    placedHolding: (userId: number, code: string) => placedHolding(context, userId, code),
    /** Every user's long holding of a stock at an instant (a rights issue's record date), in the caller's transaction. */
    holdingsAt,
    addMargin: (principal: Principal, input: Parameters<typeof addMargin>[2]) => addMargin(context, principal, input),
    /** Whether the user has answered the leverage check and read the risk disclosure (issue 15 §11). */
    leverageAcknowledgement: (principal: Principal) => context.leverageAcknowledgements.status(context.userIdOf(principal)),
    acknowledgeLeverage: (principal: Principal, body: LeverageAcknowledgeBody) =>
      context.leverageAcknowledgements.acknowledge(context.userIdOf(principal), body),
  };
}
