import { type QuoteTick, tradeDirections } from '@bolsa/contracts';
import type { EnginePartDependencies } from './trading.engine-chains.ts';
import type { PositionSnapshot } from './trading.service.ts';

const BUY = tradeDirections.buy;

/** An open position as the engine watches it, with the touches between which no quote can close it (floating point). */
type WatchedPosition = { position: PositionSnapshot; below: number; above: number };

/**
 * The open positions of one instrument, and the band between the highest `below` and the lowest `above`
 * of them (moved out only by a scan, so possibly narrower than now, never wider): a quote whose bid and
 * ask both lie strictly inside it can close none of them, and most quotes skip the scan of every one.
 */
type PositionBook = { byId: Map<number, WatchedPosition>; below: number; above: number };

/**
 * The engine's watch of open positions, per instrument: a quote outside a position's bounds is checked in
 * decimals (`triggerOf`) and a position it closes is closed by the service (`closeTriggered`), queued
 * behind what its owner already has queued.
 */
export function createPositionWatch(dependencies: EnginePartDependencies) {
  const { service, quotes, logger, chains } = dependencies;
  const positionsByCode = new Map<string, PositionBook>();
  const pendingCloses = new Set<number>();

  function forget(position: PositionSnapshot) {
    positionsByCode.get(position.code)?.byId.delete(position.id);
    dependencies.released(position.code);
  }

  function enqueueClose(position: PositionSnapshot, tick: QuoteTick) {
    if (pendingCloses.has(position.id)) return;
    pendingCloses.add(position.id);
    chains.schedule([position.userId], async () => {
      try {
        const outcome = await service.closeTriggered(position.id, tick);
        if (outcome !== 'waiting') forget(position);
      } catch (error) {
        logger.error({ err: error, positionId: position.id }, 'trading: triggered close failed; the position stays open');
      } finally {
        pendingCloses.delete(position.id);
      }
    });
  }

  function watch(position: PositionSnapshot) {
    if (!position.isOpen) {
      forget(position);
      return;
    }
    const { below, above } = service.triggerBoundsOf(position);
    let book = positionsByCode.get(position.code);
    if (book) {
      book.below = Math.max(book.below, below);
      book.above = Math.min(book.above, above);
    } else {
      book = { byId: new Map(), below, above };
      positionsByCode.set(position.code, book);
    }
    book.byId.set(position.id, { position, below, above });
    dependencies.subscribe(position.code);
    // Only this position is new: checking the whole instrument again on every fill grew with its open positions.
    // Strictly inside its bounds a quote cannot close it (triggerBoundsOf): the decimal check only runs outside them.
    const latest = quotes.latest(position.code);
    if (latest?.marketStatus !== 'open') return;
    const touch = Number(position.direction === BUY ? latest.bid : latest.ask);
    if ((touch <= below || touch >= above) && service.triggerOf(position, latest)) enqueueClose(position, latest);
  }

  /** Checks a quote in session against the instrument's open positions, unless it lies inside the band none can close in. */
  function onTick(tick: QuoteTick, ask: number, bid: number) {
    const book = positionsByCode.get(tick.code);
    if (!book || (Math.min(bid, ask) > book.below && Math.max(bid, ask) < book.above)) return;
    // The scan also sets the band to the positions watched now (closed ones no longer narrow it).
    let below = Number.NEGATIVE_INFINITY;
    let above = Number.POSITIVE_INFINITY;
    for (const watched of book.byId.values()) {
      if (watched.below > below) below = watched.below;
      if (watched.above < above) above = watched.above;
      const touch = watched.position.direction === BUY ? bid : ask;
      // Most positions are nowhere near a take-profit, stop-loss or stop-out: no decimals for them.
      if (touch > watched.below && touch < watched.above) continue;
      if (service.triggerOf(watched.position, tick)) enqueueClose(watched.position, tick);
    }
    book.below = below;
    book.above = above;
  }

  return {
    watch,
    onTick,
    /** How many positions of this instrument are watched. */
    countIn: (code: string) => positionsByCode.get(code)?.byId.size ?? 0,
    drop: (code: string) => positionsByCode.delete(code),
    count() {
      let total = 0;
      for (const book of positionsByCode.values()) total += book.byId.size;
      return total;
    },
    clear: () => positionsByCode.clear(),
  };
}
