import { currencyOfWallet, type Order, type Position } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedQuotes } from '../../test/scripted-quotes.ts';
import { databaseKind, registerUser, startTestApp, type TestApp } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';

/**
 * The engine against a reference model (in the manner of exchange-core's OrderBookBaseTest): random
 * streams of orders (market, limit, stop, stop-limit, both directions, leverage 1–2), cancels, whole
 * and partial closes, and a random price path replayed tick by tick, run through the HTTP API and
 * through a plain in-memory model of the same rules. Both must end with the same orders, fills,
 * positions and wallet. One US stock (fee 0.1 %, at least 1.00; lot 1; tick 0.01), prices between
 * 180 and 220 so that with leverage ≤ 2 no stop-out (a 25 % adverse move) can happen.
 */

const CODE = 'AAPL';
const FEE_RATE = new Decimal('0.001');
const FEE_MINIMUM = new Decimal('1.00');
const STARTING_CASH = '2000.00';

type Direction = 0 | 1;
type OrderType = 0 | 1 | 2 | 3;
type Command =
  | { kind: 'tick'; bidCents: number; spreadCents: number }
  | { kind: 'create'; direction: Direction; type: OrderType; quantity: number; leverage: 1 | 2; limitCents: number; stopCents: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'close'; pick: number; share: number };

const cents = (value: number) => new Decimal(value).div(100).toFixed(2);
const moneyUp = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_UP);
const money = (value: Decimal) => value.toFixed(2);

type ModelOrder = {
  direction: Direction;
  type: OrderType;
  openClose: 0 | 1;
  quantity: Decimal;
  leverage: number;
  limit: Decimal | null;
  stop: Decimal | null;
  status: 0 | 1 | 2 | 3;
  held: Decimal;
  cancelReason: string | null;
  fill: { price: Decimal; fee: Decimal; margin: Decimal; realisedPnl: Decimal | null } | null;
  position: number | null;
};
type ModelPosition = {
  direction: Direction;
  quantity: Decimal;
  openPrice: Decimal;
  margin: Decimal;
  fees: Decimal;
  realised: Decimal;
  isOpen: boolean;
};

/** The rules of trading written the simplest way: one wallet, one instrument, everything in order. */
class ReferenceModel {
  cash = new Decimal(STARTING_CASH);
  held = new Decimal(0);
  orders: ModelOrder[] = [];
  positions: ModelPosition[] = [];
  bid = new Decimal(0);
  ask = new Decimal(0);

  get available() {
    return this.cash.minus(this.held);
  }

  cost(price: Decimal, quantity: Decimal, leverage: number) {
    const notional = price.times(quantity);
    const margin = moneyUp(notional.div(leverage));
    const fee = moneyUp(Decimal.max(notional.times(FEE_RATE), FEE_MINIMUM));
    return { margin, fee, total: margin.plus(fee) };
  }

  /** The price an order fills at on the current quote, and whether its stop is hit. */
  fillPrice(order: ModelOrder): { price: Decimal | null; isTriggered: boolean } {
    const isBuy = order.direction === 0;
    const touch = isBuy ? this.ask : this.bid;
    const limitCrossed = (limit: Decimal) => (isBuy ? touch.lessThanOrEqualTo(limit) : touch.greaterThanOrEqualTo(limit));
    const stopHit = (stop: Decimal) => (isBuy ? touch.greaterThanOrEqualTo(stop) : touch.lessThanOrEqualTo(stop));
    if (order.type === 0) return { price: touch, isTriggered: false };
    if (order.type === 1) return { price: limitCrossed(order.limit as Decimal) ? touch : null, isTriggered: false };
    if (order.type === 2) return { price: stopHit(order.stop as Decimal) ? touch : null, isTriggered: false };
    const isTriggered = order.status === 3 || stopHit(order.stop as Decimal);
    return { price: isTriggered && limitCrossed(order.limit as Decimal) ? touch : null, isTriggered };
  }

  private fill(index: number, price: Decimal) {
    const order = this.orders[index] as ModelOrder;
    const cost = this.cost(price, order.quantity, order.leverage);
    const extra = cost.total.minus(order.held);
    if (extra.greaterThan(0) && extra.greaterThan(this.available)) {
      this.held = this.held.minus(order.held);
      order.status = 2;
      order.cancelReason = 'insufficient_funds';
      return;
    }
    this.held = this.held.minus(order.held);
    this.cash = this.cash.minus(cost.total);
    this.positions.push({
      direction: order.direction,
      quantity: order.quantity,
      openPrice: price,
      margin: cost.margin,
      fees: cost.fee,
      realised: new Decimal(0),
      isOpen: true,
    });
    order.status = 1;
    order.fill = { price, fee: cost.fee, margin: cost.margin, realisedPnl: null };
    order.position = this.positions.length - 1;
  }

  /** Every order in progress, oldest first, against the current quote (what the engine does on a tick). */
  processResting() {
    this.orders.forEach((order, index) => {
      if (order.openClose !== 0 || (order.status !== 0 && order.status !== 3)) return;
      const { price, isTriggered } = this.fillPrice(order);
      if (isTriggered && order.status === 0) order.status = 3;
      if (price) this.fill(index, price);
    });
  }

  tick(bid: Decimal, ask: Decimal) {
    this.bid = bid;
    this.ask = ask;
    this.processResting();
  }

  /** Accepts (true) or refuses an order; an accepted one holds margin + fee and fills at once when it can. */
  create(command: Extract<Command, { kind: 'create' }>): boolean {
    const isBuy = command.direction === 0;
    const touch = isBuy ? this.ask : this.bid;
    const limit = new Decimal(cents(command.limitCents));
    const stop = new Decimal(cents(command.stopCents));
    let reservePrice = touch;
    if (command.type === 1 || command.type === 3) reservePrice = isBuy ? limit : Decimal.max(limit, touch);
    else if (command.type === 2) reservePrice = Decimal.max(stop, touch);
    const quantity = new Decimal(command.quantity);
    const reserve = this.cost(reservePrice, quantity, command.leverage).total;
    const order: ModelOrder = {
      direction: command.direction,
      type: command.type,
      openClose: 0,
      quantity,
      leverage: command.leverage,
      limit: command.type === 1 || command.type === 3 ? limit : null,
      stop: command.type === 2 || command.type === 3 ? stop : null,
      status: 0,
      held: reserve,
      cancelReason: null,
      fill: null,
      position: null,
    };
    const { price } = this.fillPrice(order);
    // An order that fills as it is accepted holds nothing (ADR 0007): what the wallet must have is its
    // cost at the fill price, which at the quote the reserve was taken on never exceeds the reserve.
    const costNow = price ? this.cost(price, quantity, command.leverage).total : null;
    const required = costNow && !costNow.greaterThan(reserve) ? costNow : reserve;
    if (required.greaterThan(this.available)) return false;
    this.held = this.held.plus(reserve);
    this.orders.push(order);
    if (price) this.fill(this.orders.length - 1, price);
    // The engine indexes a resting order and looks at it on the latest quote (a stop-limit's stop may be hit).
    if (order.status === 0) this.processResting();
    return true;
  }

  cancel(index: number): boolean {
    const order = this.orders[index] as ModelOrder;
    if (order.status !== 0 && order.status !== 3) return false;
    this.held = this.held.minus(order.held);
    order.status = 2;
    order.cancelReason = 'cancelled_by_user';
    return true;
  }

  /** Closes part or all of an open position at the market; records its close order. */
  close(positionIndex: number, quantity: Decimal) {
    const position = this.positions[positionIndex] as ModelPosition;
    const isBuy = position.direction === 0;
    const exit = isBuy ? this.bid : this.ask;
    const isFull = quantity.equals(position.quantity);
    const released = isFull
      ? position.margin
      : position.margin.times(quantity).div(position.quantity).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    const pnl = exit
      .minus(position.openPrice)
      .times(isBuy ? 1 : -1)
      .times(quantity)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
    const fee = moneyUp(Decimal.max(exit.times(quantity).times(FEE_RATE), FEE_MINIMUM));
    this.cash = this.cash.plus(released);
    let realised = pnl;
    if (pnl.lessThan(0)) realised = Decimal.max(pnl, this.available.negated());
    this.cash = this.cash.plus(realised);
    const feeCharged = Decimal.min(fee, Decimal.max(this.available, 0));
    this.cash = this.cash.minus(feeCharged);
    position.quantity = position.quantity.minus(quantity);
    position.margin = position.margin.minus(released);
    position.fees = position.fees.plus(feeCharged);
    position.realised = position.realised.plus(realised);
    position.isOpen = !position.quantity.isZero();
    this.orders.push({
      direction: isBuy ? 1 : 0,
      type: 0,
      openClose: 1,
      quantity,
      leverage: 0,
      limit: null,
      stop: null,
      status: 1,
      held: new Decimal(0),
      cancelReason: null,
      fill: { price: exit, fee: feeCharged, margin: released, realisedPnl: realised },
      position: positionIndex,
    });
  }
}

const priceCents = fc.integer({ min: 18_000, max: 21_990 });
const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('tick' as const), bidCents: priceCents, spreadCents: fc.integer({ min: 1, max: 5 }) }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      direction: fc.constantFrom<Direction>(0, 1),
      type: fc.constantFrom<OrderType>(0, 1, 2, 3),
      quantity: fc.integer({ min: 1, max: 12 }),
      leverage: fc.constantFrom<1 | 2>(1, 2),
      limitCents: priceCents,
      stopCents: priceCents,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(50) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('close' as const), pick: fc.nat(50), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  },
);

describe('trading engine against a reference model', () => {
  const quotes = scriptedQuotes();
  let testApp: TestApp;
  let ledger: LedgerService;

  beforeAll(async () => {
    testApp = await startTestApp({ appOptions: { quoteSource: quotes } });
    ledger = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('ends every random stream of orders and prices with the same orders, fills, positions and wallet as the model', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 5, maxLength: 20 }), async (commands) => {
        run += 1;
        const user = await registerUser(testApp);
        await ledger.post(testApp.database.db, {
          idempotencyKey: `model-fund:${user.user.id}`,
          reason: 'deposit',
          legs: [
            { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet('STOCK') }, amount: `-${STARTING_CASH}` },
            { account: { userId: Number(user.user.id), walletType: 'STOCK' }, amount: STARTING_CASH },
          ],
        });
        const call = <T>(path: string, body: unknown) => testApp.call<T>(path, { token: user.token, language: 'en', body });
        const idle = () => testApp.app.trading.engine.idle();
        const model = new ReferenceModel();
        const orderIds: string[] = [];
        const positionIds: string[] = [];
        let keyCounter = 0;
        const key = () => {
          keyCounter += 1;
          return `model-${run}-${keyCounter}`;
        };

        const applyTick = async (bid: Decimal, ask: Decimal) => {
          quotes.set(CODE, bid.toFixed(2), ask.toFixed(2));
          await idle();
          model.tick(bid, ask);
        };
        const learnPositions = async () => {
          // A fill opens a position; its id is on the order.
          for (const [index, order] of model.orders.entries()) {
            if (order.openClose !== 0 || order.position === null || positionIds[order.position] !== undefined) continue;
            const detail = await call<Order>('/orders/additions', { orderId: orderIds[index] });
            positionIds[order.position] = String(detail.body.data.positionId);
          }
        };

        await applyTick(new Decimal('200.00'), new Decimal('200.02'));
        for (const command of commands) {
          if (command.kind === 'tick') {
            const bid = new Decimal(cents(command.bidCents));
            await applyTick(bid, bid.plus(cents(command.spreadCents)));
          } else if (command.kind === 'create') {
            const response = await call<Order>('/stock/create', {
              stockCode: CODE,
              direction: command.direction,
              // The model opens a position with every order: a sell is the explicit short (Open 0).
              ...(command.direction === 1 ? { openClose: 0 } : {}),
              type: command.type,
              quantity: String(command.quantity),
              leverage: command.leverage,
              ...(command.type === 1 || command.type === 3 ? { price: cents(command.limitCents) } : {}),
              ...(command.type === 2 || command.type === 3 ? { stopPrice: cents(command.stopCents) } : {}),
              idempotencyKey: key(),
            });
            await idle();
            const isAccepted = model.create(command);
            expect(response.body.code, JSON.stringify(response.body)).toBe(isAccepted ? 200 : 4001);
            if (isAccepted) orderIds.push(response.body.data.id);
          } else if (command.kind === 'cancel') {
            if (model.orders.length === 0) continue;
            const index = command.pick % model.orders.length;
            const response = await call<Order>('/orders/cancel', { orderId: orderIds[index] });
            await idle();
            expect(response.body.code).toBe(model.cancel(index) ? 200 : 5009);
          } else {
            await learnPositions();
            const open = model.positions.flatMap((position, index) => (position.isOpen ? [index] : []));
            if (open.length === 0) continue;
            const index = open[command.pick % open.length] as number;
            const held = (model.positions[index] as ModelPosition).quantity.toNumber();
            const quantity = new Decimal(Math.max(1, Math.ceil(held * command.share)));
            const response = await call<Order>('/position/flatPosition', {
              id: positionIds[index],
              quantity: quantity.toString(),
              idempotencyKey: key(),
            });
            await idle();
            expect(response.body.code, JSON.stringify(response.body)).toBe(200);
            model.close(index, quantity);
            orderIds.push(response.body.data.id);
          }
        }
        await learnPositions();

        // Orders and their fills.
        for (const [index, expected] of model.orders.entries()) {
          const detail = (
            await call<
              Order & { fills: Array<{ price: string; quantity: string; fee: string; margin: string; realisedPnl: string | null }> }
            >('/orders/additions', { orderId: orderIds[index] })
          ).body.data;
          const context = `order ${index} of ${JSON.stringify(commands)}`;
          expect(
            {
              status: detail.status,
              openClose: detail.openClose,
              direction: detail.direction,
              quantity: detail.quantity,
              held: detail.heldAmount,
              cancelReason: detail.cancelReason,
              fills: detail.fills.map(({ price, quantity, fee, margin, realisedPnl }) => ({ price, quantity, fee, margin, realisedPnl })),
              positionId: detail.positionId,
            },
            context,
          ).toEqual({
            status: expected.status,
            openClose: expected.openClose,
            direction: expected.direction,
            quantity: expected.quantity.toString(),
            held: money(expected.held),
            cancelReason: expected.cancelReason,
            fills: expected.fill
              ? [
                  {
                    price: expected.fill.price.toString(),
                    quantity: expected.quantity.toString(),
                    fee: money(expected.fill.fee),
                    margin: money(expected.fill.margin),
                    realisedPnl: expected.fill.realisedPnl === null ? null : money(expected.fill.realisedPnl),
                  },
                ]
              : [],
            positionId: expected.position === null ? null : (positionIds[expected.position] ?? null),
          });
        }

        // Positions, open and closed.
        const open = (await call<{ list: Position[] }>('/position/me', { pageSize: 100 })).body.data.list;
        const closed = (await call<{ list: Position[] }>('/position/flatList', { pageSize: 100 })).body.data.list;
        const actual = new Map([...open, ...closed].map((position) => [position.id, position]));
        expect(actual.size).toBe(model.positions.length);
        for (const [index, expected] of model.positions.entries()) {
          const position = actual.get(positionIds[index] as string);
          expect(
            position && {
              direction: position.direction,
              positionNum: position.positionNum,
              openPrice: position.openPrice,
              margin: position.margin,
              fees: position.fees,
              sellProfit: position.sellProfit,
              status: position.status,
            },
            `position ${index} of ${JSON.stringify(commands)}`,
          ).toEqual({
            direction: expected.direction,
            positionNum: expected.quantity.toString(),
            // Written with the tick's two decimals at least (an average open price may need more).
            openPrice: expected.openPrice.toFixed(Math.max(expected.openPrice.decimalPlaces(), 2)),
            margin: money(expected.margin),
            fees: money(expected.fees),
            sellProfit: money(expected.realised),
            status: expected.isOpen ? 'open' : 'closed',
          });
        }

        // The wallet.
        const wallet = (await call<{ balance: string; usedBalance: string }>('/wallet/getWalletBalance', { walletType: 'STOCK' })).body
          .data;
        expect({ balance: wallet.balance, usedBalance: wallet.usedBalance }).toEqual({
          balance: money(model.cash),
          usedBalance: money(model.held),
        });
      }),
      // Bounded for CI: a few seconds per database.
      { numRuns: databaseKind === 'postgres' ? 8 : 6 },
    );
    const report = await ledger.reconcile();
    expect(report.isBalanced, JSON.stringify(report)).toBe(true);
  }, 120_000);
});
