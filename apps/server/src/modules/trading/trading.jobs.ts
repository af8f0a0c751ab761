import type { QuoteTick } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import type { Executor } from '../../platform/db/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { readCandles } from '../market/index.ts';
import { cancelExpiredOrder } from './trading.cancel.ts';
import { closeInTx, notifyClosedBySystem } from './trading.close.ts';
import type { TradingContext } from './trading.context.ts';
import * as repository from './trading.repository.ts';
import { contractExpiry } from './trading.rules.ts';
import { SETTLEMENT_DELAY_MS } from './trading.tuning.ts';

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

/** Closes every open position of expired contracts at its settlement price; one with no price yet waits. */
async function settlePositions(context: TradingContext, executor: Executor, codes: string[], at: Date) {
  const positions = await repository.lockOpenPositionsIn(executor, codes, 1000);
  const prices = new Map<string, string | null>();
  const changed: repository.PositionRow[] = [];
  for (const position of positions) {
    const instrument = context.instrumentOf(position.code);
    if (!prices.has(position.code))
      prices.set(position.code, await settlementPriceOf(executor, position.code, contractExpiry(instrument) ?? 0));
    const price = prices.get(position.code);
    if (!price) {
      context.logger?.error({ code: position.code, positionId: position.id }, 'trading: no settlement price yet; the position waits');
      continue;
    }
    const tick = settlementTick(position.code, price, at);
    const closing = await closeInTx(
      context,
      executor,
      position,
      { quantity: new Decimal(position.quantity), idempotencyKey: `settlement:position:${position.id}`, tick, closeReason: 'settlement' },
      changed,
    );
    // The owner is told in the settlement's own transaction, as for a take-profit or a stop-out.
    await notifyClosedBySystem(context, executor, 'positionSettled', position, closing, changed[changed.length - 1]);
  }
  context.positionsChanged(changed);
}

/** The scheduled jobs of trading: orders past their expiry, and futures settlement. */
export function createTradingJobs(context: TradingContext) {
  const { catalog, now } = context;
  return {
    /** Cancels orders still in progress past their expiry (day orders after their session, good-till-cancelled after 90 days), releasing their holds. */
    dayOrderExpiryJob: {
      name: 'trading-day-order-expiry',
      intervalMs: 60_000,
      async run(executor) {
        const at = now();
        for (const order of await repository.expiredOrders(executor, at, 500)) await cancelExpiredOrder(context, executor, order, at);
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
        for (const order of await repository.lockOrdersInProgressIn(executor, codes, 1000))
          await cancelExpiredOrder(context, executor, order, at);
        await settlePositions(context, executor, codes, at);
      },
    } satisfies JobDefinition,
  };
}
