import type { QuoteTick } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { inTransaction } from '../../platform/db/index.ts';
import { closeInTx, notifyClosedBySystem } from './trading.close.ts';
import type { CloseReason, TradingContext } from './trading.context.ts';
import * as repository from './trading.repository.ts';
import { isExpiredAt } from './trading.rules.ts';
import { closeMessageOf, triggerOf } from './trading.triggers.ts';

/**
 * Closes a whole position whose take-profit, stop-loss or stop-out this quote hit (the execution
 * engine calls this). Its own transaction; the position is locked (SKIP LOCKED) and the trigger
 * checked again, so it closes once whichever process sees the quote.
 */
export async function closeTriggered(
  context: TradingContext,
  positionId: number,
  tick: QuoteTick,
): Promise<CloseReason | 'gone' | 'waiting'> {
  const changed: repository.PositionRow[] = [];
  const outcome = await inTransaction(context.db, async (tx): Promise<CloseReason | 'gone' | 'waiting'> => {
    // A retried attempt starts again: what the aborted one collected never happened.
    changed.length = 0;
    const position = await repository.lockOpenPosition(tx, positionId);
    if (!position) return 'gone';
    const instrument = context.instrumentOf(position.code);
    // Past expiry a position closes only at its settlement price, not on a later quote.
    if (!context.isTrading(instrument, tick) || isExpiredAt(instrument, context.now().getTime())) return 'waiting';
    const reason = triggerOf(context, position, tick);
    if (!reason) return 'waiting';
    const closing = await closeInTx(
      context,
      tx,
      position,
      { quantity: new Decimal(position.quantity), idempotencyKey: `${reason}:position:${position.id}`, tick, closeReason: reason },
      changed,
    );
    await notifyClosedBySystem(context, tx, closeMessageOf[reason], position, closing, changed[changed.length - 1]);
    return reason;
  });
  context.positionsChanged(changed);
  return outcome;
}
