import { openCloseKinds, orderStatuses, type QuoteTick, type WalletType } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { type Executor, inTransaction } from '../../platform/db/index.ts';
import type { Notice } from '../../platform/notifications.ts';
import { toMoney } from '../ledger/index.ts';
import { fillQueuedClose } from './trading.close-queued.ts';
import { type FillOutcome, feesOf, house, type TradingContext } from './trading.context.ts';
import * as repository from './trading.repository.ts';
import { isExpiredAt } from './trading.rules.ts';
import { fillPriceOn } from './trading.triggers.ts';

/**
 * What filling an in-progress open order at a price posts and writes, decided here in decimals
 * (`trading_fill_open_order`): its hold posted in one journal to the house (the hold less the fee) and
 * to FEES (the fee), then any difference between the cost and the hold settled with the wallet (a
 * refund, or more taken, which the ledger refuses when the wallet cannot pay: the order is then
 * cancelled instead), then the position and the fill.
 */
function openFillOf(context: TradingContext, order: repository.OrderRow, price: Decimal, at: Date): repository.FillInput {
  const { ledger } = context;
  const instrument = context.instrumentOf(order.code);
  const cost = context.costOf(instrument, context.rulesOf(instrument), price, new Decimal(order.quantity), order.leverage);
  const walletType = order.walletType as WalletType;
  const { userId } = order;
  const held = new Decimal(order.heldAmount);
  const extra = cost.total.minus(held);
  const counters = [
    { account: house(walletType, userId), amount: held.minus(cost.fee) },
    { account: feesOf(walletType, userId), amount: new Decimal(cost.fee) },
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
async function openFillPriceOf(
  context: TradingContext,
  tx: Executor,
  order: repository.OrderRow,
  tick: QuoteTick,
): Promise<Decimal | null> {
  const instrument = context.instrumentOf(order.code);
  // An expired contract may still be quoted; its orders wait for the settlement job to cancel them.
  // A halt stops new exposure: resting orders wait for the resume (closing positions is not an order that rests).
  if (
    !context.isTrading(instrument, tick) ||
    isExpiredAt(instrument, context.now().getTime()) ||
    context.settings.isHalted(instrument.code)
  )
    return null;
  const { price, isTriggered } = fillPriceOn(order, tick);
  if (isTriggered && order.status === orderStatuses.entrusted)
    await repository.updateOrder(tx, order.id, { status: orderStatuses.triggered });
  return price;
}

/** Announces what the fills' statement answered; answers the owners' "order filled" messages, to write in one insert. */
function recordFillResults(
  context: TradingContext,
  tx: Executor,
  results: Awaited<ReturnType<typeof repository.fillLockedOrders>>,
  outcomes: Map<number, FillOutcome>,
  changed: repository.PositionRow[],
) {
  const notices: Notice[] = [];
  for (const result of results) {
    outcomes.set(result.orderId, result.outcome);
    if (result.outcome === 'gone') continue;
    if (result.outcome === 'filled') {
      changed.push(result.position);
      context.announcePosition(tx, result.position);
    }
    context.announceOrder(tx, result.order);
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
  return notices;
}

/**
 * Tries to fill resting orders on a quote (the execution engine calls this with what one quote may
 * fill), in one transaction (ADR 0008): the orders are locked, those another process holds skipped
 * ('gone'); each is decided here in decimals; the open ones fill in one statement, each alone in a
 * subtransaction (one the wallet cannot pay is cancelled, the others fill); their owners' messages
 * are written in one insert; one commit. Answers each order's outcome.
 */
export async function fillRestingOrders(
  context: TradingContext,
  orderIds: readonly number[],
  tick: QuoteTick,
): Promise<Map<number, FillOutcome>> {
  const outcomes = new Map<number, FillOutcome>();
  const changed: repository.PositionRow[] = [];
  await inTransaction(context.db, async (tx) => {
    // A retried attempt starts again: what the aborted one collected never happened.
    outcomes.clear();
    changed.length = 0;
    const locked = await repository.lockOrdersInProgress(tx, [...orderIds]);
    const at = context.now();
    const fills: { orderId: number; fill: repository.FillInput }[] = [];
    const queuedCloses: repository.OrderRow[] = [];
    for (const order of locked) {
      if (order.openClose === openCloseKinds.close) queuedCloses.push(order);
      else if (order.holdId === null) outcomes.set(order.id, 'gone');
      else {
        const price = await openFillPriceOf(context, tx, order, tick);
        if (price) fills.push({ orderId: order.id, fill: openFillOf(context, order, price, at) });
        else outcomes.set(order.id, 'waiting');
      }
    }
    const results = await repository.fillLockedOrders(tx, fills);
    await context.notifyMany(tx, recordFillResults(context, tx, results, outcomes, changed));
    // A close queued while the market was shut fills at the open; a halt does not stop closes.
    for (const order of queuedCloses) {
      const instrument = context.instrumentOf(order.code);
      const isOpenNow = context.isTrading(instrument, tick) && !isExpiredAt(instrument, context.now().getTime());
      outcomes.set(order.id, isOpenNow ? await fillQueuedClose(context, tx, order, tick, changed) : 'waiting');
    }
  });
  for (const orderId of orderIds) if (!outcomes.has(orderId)) outcomes.set(orderId, 'gone');
  context.positionsChanged(changed);
  return outcomes;
}
