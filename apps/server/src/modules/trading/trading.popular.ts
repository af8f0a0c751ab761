import { type Popular, popularApi } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../platform/db/index.ts';
import { publicRoute } from '../../platform/http/index.ts';
import type { MarketService } from '../market/index.ts';

/** How many instruments each popular list shows. */
const POPULAR_SIZE = 10;
/** The lists are counted at most this often: a page for everyone, not worth a scan per visit. */
const POPULAR_CACHE_MS = 30_000;

/** The codes with the most filled orders since an instant, with how many, ties by code. */
async function mostTradedCodes(executor: Executor, sinceMs: number, limit: number): Promise<Array<{ code: string; count: number }>> {
  const result = await executor.execute<{ code: string; count: string }>(
    sql`SELECT code, count(*) AS count FROM trading_orders WHERE filled_at >= ${new Date(sinceMs).toISOString()}
        GROUP BY code ORDER BY count(*) DESC, code LIMIT ${limit}`,
  );
  return result.rows.map((row) => ({ code: row.code, count: Number(row.count) }));
}

/**
 * The popular page (issue 17 §3): today's most traded instruments, from this platform's own filled
 * orders since 00:00 UTC, and the most watched, from its users' watchlists; each with its count and
 * live quote. Never invented: with no activity both lists are empty, and the page says so.
 */
export function createPopular(dependencies: { db: Executor; market: Pick<MarketService, 'countedRows' | 'mostWatched'>; now: () => Date }) {
  let cached: { at: number; value: Popular } | undefined;
  return async function popular(): Promise<Popular> {
    const moment = dependencies.now().getTime();
    if (cached && moment - cached.at < POPULAR_CACHE_MS) return cached.value;
    const since = Math.floor(moment / 86_400_000) * 86_400_000;
    const [traded, watched] = await Promise.all([
      mostTradedCodes(dependencies.db, since, POPULAR_SIZE),
      dependencies.market.mostWatched(POPULAR_SIZE),
    ]);
    const value = {
      traded: await dependencies.market.countedRows(undefined, traded),
      watched: await dependencies.market.countedRows(undefined, watched),
    };
    cached = { at: moment, value };
    return value;
  };
}
export type PopularLists = ReturnType<typeof createPopular>;

/** GET /web/m_ft/popular, open to visitors: the lists are the platform's, not a user's. */
export function registerPopularRoute(app: FastifyInstance, popular: PopularLists) {
  const summary = "Today's most traded and the most watched instruments on this platform";
  publicRoute(app, popularApi.popular, { summary, tags: ['trading'] }, () => popular());
}
