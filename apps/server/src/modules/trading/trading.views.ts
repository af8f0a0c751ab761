import {
  currencyOfWallet,
  type Order,
  type Position,
  pageInfo,
  type TradableSource,
  tradeDirections,
  type WalletType,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { AppError, type Principal } from '../../platform/http/index.ts';
import { toMoney } from '../ledger/index.ts';
import { calendars, statusAt } from '../market/index.ts';
import type { CloseReason, TradingContext } from './trading.context.ts';
import type { PortfolioSource, PositionFigures } from './trading.holdings.ts';
import * as repository from './trading.repository.ts';
import { type Instrument, multiplierOf, tickSizeOf } from './trading.rules.ts';

/**
 * A price as the instrument's tick writes it ("200.10", EUR/USD "1.08500"), never fewer decimals; an
 * average fill price that needs more keeps them.
 */
function priceText(instrument: Instrument | undefined, value: Decimal | string): string;
function priceText(instrument: Instrument | undefined, value: Decimal | string | null): string | null;
function priceText(instrument: Instrument | undefined, value: Decimal | string | null): string | null {
  if (value === null) return null;
  const price = new Decimal(value);
  if (!instrument) return price.toString();
  return price.toFixed(Math.max(price.decimalPlaces(), tickSizeOf(instrument, price).decimalPlaces()));
}

/** An order as the app and the console show it. */
export function orderView(context: TradingContext, row: repository.OrderRow): Order {
  const instrument = context.catalog.byCode.get(row.code);
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
    price: priceText(instrument, row.limitPrice),
    stopPrice: priceText(instrument, row.stopPrice),
    fillPrice: priceText(instrument, row.fillPrice),
    amount: row.amount === null ? null : toMoney(row.amount),
    fee: row.fee === null ? null : toMoney(row.fee),
    margin: row.margin === null ? null : toMoney(row.margin),
    heldAmount: toMoney(row.heldAmount),
    leverage: row.leverage,
    timeInForce: row.timeInForce,
    takeProfit: priceText(instrument, row.takeProfit),
    stopLoss: priceText(instrument, row.stopLoss),
    positionId: row.positionId === null ? null : String(row.positionId),
    cancelReason: row.cancelReason,
    closeReason: (row.closeReason as CloseReason | null) ?? null,
    expireTimeTimestamp: row.expiresAt?.getTime() ?? null,
    createTimeTimestamp: row.createdAt.getTime(),
    fillTimeTimestamp: row.filledAt?.getTime() ?? null,
  };
}

/** An open position's worth at the latest quote: the current price, floating P&L, its change in percent and the wallet's rate. */
function valuationOf(context: TradingContext, row: repository.PositionRow, instrument: Instrument | undefined) {
  const walletType = row.walletType as WalletType;
  const quantity = new Decimal(row.quantity);
  const sign = row.direction === tradeDirections.buy ? 1 : -1;
  const tick = context.quotes.latest(row.code);
  const current = row.isOpen && tick ? new Decimal(row.direction === tradeDirections.buy ? tick.bid : tick.ask) : null;
  const openPrice = new Decimal(row.openPrice);
  let profit = new Decimal(0);
  let zdf = new Decimal(0);
  let walletRate = new Decimal(1);
  if (row.isOpen && instrument && instrument.currency !== currencyOfWallet(walletType)) {
    try {
      walletRate = new Decimal(context.convert('1', instrument.currency, currencyOfWallet(walletType), 10));
    } catch {
      walletRate = new Decimal(0);
    }
  }
  if (current && instrument) {
    const move = current.minus(openPrice).times(sign);
    try {
      profit = context.toWallet(instrument, move.times(quantity).times(multiplierOf(instrument)), walletType);
    } catch {
      profit = new Decimal(0);
    }
    zdf = move.div(openPrice).times(100);
  }
  return { quantity, current, openPrice, profit, zdf, walletRate };
}

/**
 * A position as the app and the console show it, valued at the latest quote while open; with `figures`
 * (the account's valuation of it), also its market value, today's P&L and weight (issue 15 §11).
 */
export function positionView(context: TradingContext, row: repository.PositionRow, figures?: PositionFigures): Position {
  const instrument = context.catalog.byCode.get(row.code);
  const walletType = row.walletType as WalletType;
  const { quantity, current, openPrice, profit, zdf, walletRate } = valuationOf(context, row, instrument);
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
    openPrice: priceText(instrument, openPrice),
    currentPrice: priceText(instrument, current),
    multiplier: instrument ? multiplierOf(instrument).toString() : '1',
    walletRate: walletRate.toString(),
    leverage: row.leverage,
    margin: toMoney(row.margin),
    fees: toMoney(row.fees),
    takeProfit: priceText(instrument, row.takeProfit),
    stopLoss: priceText(instrument, row.stopLoss),
    status: row.isOpen ? 'open' : 'closed',
    closePrice: priceText(instrument, row.closePrice),
    closeTimeTimestamp: row.closedAt?.getTime() ?? null,
    marketValue: row.isOpen ? (figures?.marketValue ?? null) : null,
    todayPnl: row.isOpen ? (figures?.todayPnl ?? null) : null,
    weight: row.isOpen ? (figures?.weight ?? null) : null,
  };
}

/** The read models of orders, and the trading terms of an instrument an order is placed under. */
export function createOrderViews(context: TradingContext) {
  const { db, quotes, clock, instrumentOf, rulesOf, userIdOf } = context;
  const toOrder = (row: repository.OrderRow) => orderView(context, row);

  return {
    orderView: toOrder,

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
        marketStatus: statusAt(calendars[instrument.calendar], context.now().getTime(), clock),
        isHalted: rules.isHalted,
      };
    },

    /** A user's orders for the operator console (the caller checked the operator's permission). */
    async ordersOfUser(userId: number, input: { pageNum: number; pageSize: number }) {
      const page = await repository.pageOfOrders(db, userId, {
        isInProgress: null,
        source: undefined,
        limit: input.pageSize,
        offset: (input.pageNum - 1) * input.pageSize,
      });
      return { list: page.rows.map(toOrder), ...pageInfo(page.total, input.pageNum, input.pageSize) };
    },

    async orders(principal: Principal, input: { isInProgress: boolean; source?: string | undefined; pageNum: number; pageSize: number }) {
      const page = await repository.pageOfOrders(db, userIdOf(principal), {
        isInProgress: input.isInProgress ? true : null,
        source: input.source,
        limit: input.pageSize,
        offset: (input.pageNum - 1) * input.pageSize,
      });
      return { list: page.rows.map(toOrder), ...pageInfo(page.total, input.pageNum, input.pageSize) };
    },

    async orderDetail(principal: Principal, orderId: number) {
      const order = await repository.orderOf(db, userIdOf(principal), orderId);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      const fills = await repository.fillsOfOrder(db, order.id);
      return {
        ...toOrder(order),
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
  };
}

/** The read models of positions, valued at the latest quote. */
export function createPositionViews(context: TradingContext) {
  const { db, instrumentOf, userIdOf } = context;
  const toPosition = (row: repository.PositionRow) => positionView(context, row);
  /** How the account values each open position: set by funding, which owns total assets (issue 15 §1). */
  let portfolio: PortfolioSource | undefined;
  /** Open positions with their share of the account, all from one valuation of it. */
  async function withFigures(userId: number, rows: readonly repository.PositionRow[], timeZone: string) {
    const figures = portfolio && rows.some((row) => row.isOpen) ? await portfolio(userId, timeZone) : undefined;
    return rows.map((row) => positionView(context, row, figures?.get(row.id)));
  }

  return {
    /** Funding tells trading how the account values its positions (their market value, today's P&L, weight). */
    usePortfolio(source: PortfolioSource) {
      portfolio = source;
    },

    async openPositions() {
      return repository.openPositions(db);
    },

    async positions(
      principal: Principal,
      input: { isOpen: boolean; source?: string | undefined; timeZone?: string | undefined; pageNum: number; pageSize: number },
    ) {
      const userId = userIdOf(principal);
      const page = await repository.pageOfPositions(db, userId, {
        isOpen: input.isOpen,
        source: input.source,
        limit: input.pageSize,
        offset: (input.pageNum - 1) * input.pageSize,
      });
      const list = input.isOpen ? await withFigures(userId, page.rows, input.timeZone ?? 'UTC') : page.rows.map(toPosition);
      return { list, ...pageInfo(page.total, input.pageNum, input.pageSize) };
    },

    async positionsByStock(principal: Principal, code: string, timeZone = 'UTC') {
      const userId = userIdOf(principal);
      const page = await repository.pageOfPositions(db, userId, {
        isOpen: true,
        code: code.toUpperCase(),
        limit: 100,
        offset: 0,
      });
      return withFigures(userId, page.rows, timeZone);
    },

    /** A user's positions for the operator console (the caller checked the operator's permission). */
    async positionsOfUser(userId: number, input: { isOpen: boolean; pageNum: number; pageSize: number }) {
      const page = await repository.pageOfPositions(db, userId, {
        isOpen: input.isOpen,
        source: undefined,
        limit: input.pageSize,
        offset: (input.pageNum - 1) * input.pageSize,
      });
      return { list: page.rows.map(toPosition), ...pageInfo(page.total, input.pageNum, input.pageSize) };
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
  };
}
