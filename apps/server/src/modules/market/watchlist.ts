import { currencySymbolOf, logoPathOf, WATCHLIST_SIZE_MAX, type WatchlistRow } from '@bolsa/contracts';
import type { Database } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { type Catalog, type Instrument, priceSymbolOf } from './instruments.ts';
import * as repository from './market.repository.ts';
import type { FeedEngine } from './market-feed.ts';

/** A user's watchlist: its rows with their latest quotes, and adding, removing and ordering them. */
export function createWatchlist(dependencies: {
  db: Database;
  catalog: Catalog;
  feed: FeedEngine;
  /** The instrument of a code, in a market when one is given; refuses an unknown one. */
  requireInstrument: (code: string, market?: string) => Instrument;
}) {
  const { db, catalog, feed, requireInstrument } = dependencies;
  return {
    async watchlist(userId: number): Promise<WatchlistRow[]> {
      const rows = await repository.listWatchlist(db, userId);
      const result: WatchlistRow[] = [];
      for (const row of rows) {
        const instrument = catalog.byCode.get(row.instrumentCode);
        const tick = instrument ? feed.latest(instrument.code) : undefined;
        if (!instrument || !tick) continue;
        result.push({
          id: String(row.id),
          n: instrument.name,
          c: instrument.code,
          m: instrument.market,
          s: instrument.source,
          cl: instrument.classify,
          p: tick.price,
          ch: tick.change,
          cr: tick.changeRatio,
          v: tick.volume,
          f: tick.fall,
          ms: tick.marketStatus,
          cs: priceSymbolOf(instrument, currencySymbolOf),
          logo: logoPathOf(instrument.code),
        });
      }
      return result;
    },

    /** The codes on a user's watchlist, in its order, whether or not they are quoted yet. */
    async watchlistCodes(userId: number): Promise<string[]> {
      return (await repository.listWatchlist(db, userId)).map((row) => row.instrumentCode);
    },

    async saveToWatchlist(
      userId: number,
      input: { assettype: string; securityName: string; secuCode: string; market: string; classify: string },
    ): Promise<{ id: string }> {
      const instrument = requireInstrument(input.secuCode, input.market);
      if (instrument.source !== input.assettype) throw new AppError('INSTRUMENT_UNKNOWN', { code: input.secuCode });
      return db.transaction(async (tx) => {
        const existing = await repository.findWatchlistItemByCode(tx, userId, instrument.code);
        if (existing) return { id: String(existing.id) };
        if ((await repository.countWatchlist(tx, userId)) >= WATCHLIST_SIZE_MAX)
          throw new AppError('WATCHLIST_FULL', { max: WATCHLIST_SIZE_MAX });
        const id = await repository.insertWatchlistItem(tx, {
          userId,
          instrumentCode: instrument.code,
          market: instrument.market,
          source: instrument.source,
          classify: input.classify,
          securityName: input.securityName,
        });
        return { id: String(id) };
      });
    },

    async removeFromWatchlist(userId: number, id: string) {
      const deleted = await repository.deleteWatchlistItem(db, userId, Number(id));
      if (deleted === 0) throw new AppError('WATCHLIST_ITEM_NOT_FOUND');
      return null;
    },

    async removeCodeFromWatchlist(userId: number, code: string) {
      const deleted = await repository.deleteWatchlistItemByCode(db, userId, code);
      if (deleted === 0) throw new AppError('WATCHLIST_ITEM_NOT_FOUND');
      return null;
    },

    async sortWatchlist(userId: number, ids: string[]) {
      await repository.setWatchlistOrder(db, userId, ids.map(Number));
      return null;
    },
  };
}
