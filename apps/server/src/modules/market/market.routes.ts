import { envelopeOf, type Kline, marketApi, watchlistApi } from '@bolsa/contracts';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicRoute, sendError, successBody, userRoute } from '../../platform/http/index.ts';
import type { Catalog } from './instruments.ts';
import { createKlineBodies } from './kline-body.ts';
import { logoSvg } from './logo.ts';
import type { MarketService, Viewer } from './market.service.ts';
import type { FeedEngine } from './market-feed.ts';
import { type PushOptions, registerPushRoute } from './push.ts';

const tags = ['market'];
const watchTags = ['watchlist'];

export type MarketRouteDependencies = {
  service: MarketService;
  feed: FeedEngine;
  catalog: Catalog;
  /** Finds the user of a token (the auth module's), so public reads can tell what the user watches. */
  authenticate: (token: string | undefined) => Promise<{ userId: string } | undefined>;
  push: PushOptions;
};

/** The token arrives raw in Authorization (the app's convention) or as `Bearer <token>`. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  return header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : header;
}

export async function registerMarketRoutes(app: FastifyInstance, dependencies: MarketRouteDependencies) {
  const { service, feed, catalog } = dependencies;
  // Public reads work without a session; with one they also say which rows the user watches.
  const viewerOf = async (request: FastifyRequest): Promise<Viewer> => {
    const token = tokenOf(request);
    if (!token) return undefined;
    const principal = await dependencies.authenticate(token);
    return principal ? { userId: Number(principal.userId) } : undefined;
  };

  // No compression: the push socket writes ready-made uncompressed quote frames (see push.ts).
  await app.register(websocket, { options: { maxPayload: 64 * 1024, perMessageDeflate: false } });
  await registerPushRoute(app, feed, catalog, dependencies.push);
  registerLogoRoute(app, catalog);

  publicRoute(
    app,
    marketApi.tgAllStockList,
    { summary: 'Every stock (US, Argentina, Taiwan), paginated', tags },
    async ({ query, request }) => service.allStocks(await viewerOf(request), query.pageNum, query.pageSize),
  );
  publicRoute(app, marketApi.tradingDays, { summary: 'Trading days and sessions of a market', tags }, async ({ body }) =>
    service.tradingDays(body),
  );
  publicRoute(app, marketApi.globalIndex, { summary: 'Global indices', tags }, async ({ request }) =>
    service.globalIndices(await viewerOf(request)),
  );
  publicRoute(app, marketApi.topList, { summary: 'Top US gainers, losers and most active', tags }, async ({ request }) =>
    service.topList(await viewerOf(request)),
  );
  publicRoute(app, marketApi.stockList, { summary: 'Stocks by US exchange, ranking or home market', tags }, async ({ query, request }) =>
    service.stockList(await viewerOf(request), query.type, query.pageNum, query.pageSize),
  );
  publicRoute(app, marketApi.futuresList, { summary: 'Futures by group, forex pairs or indices', tags }, async ({ query, request }) =>
    service.futuresList(await viewerOf(request), query.type, query.pageNum, query.pageSize),
  );
  publicRoute(app, marketApi.stockDetail, { summary: 'Quote detail of one instrument', tags }, async ({ query, request }) =>
    service.detail(await viewerOf(request), query.stockCode, query.market),
  );
  publicRoute(app, marketApi.detailQuote, { summary: 'Live quote of one instrument with bid and ask', tags }, async ({ query, request }) =>
    service.detail(await viewerOf(request), query.stockCode, query.market),
  );
  publicRoute(app, marketApi.summaryDetail, { summary: 'Profile, sessions and trading units of one instrument', tags }, async ({ query }) =>
    service.summary(query.stockCode, query.market),
  );
  registerKlineRoute(app, service);
  publicRoute(
    app,
    marketApi.allStockList,
    { summary: 'Every instrument, optionally of one source, paginated', tags },
    async ({ query, request }) => service.allInstruments(await viewerOf(request), query.source, query.pageNum, query.pageSize),
  );
  publicRoute(app, marketApi.hotStock, { summary: 'Most traded US stocks now', tags }, async ({ request }) =>
    service.hotStocks(await viewerOf(request)),
  );
  publicRoute(
    app,
    marketApi.homeCustomList,
    { summary: "The home page's list: the user's watchlist or featured instruments", tags },
    async ({ request }) => service.homeCustomList(await viewerOf(request)),
  );
  publicRoute(app, marketApi.futuresOptList, { summary: 'Futures contracts with month and last trade date', tags }, async () =>
    service.futuresContracts(),
  );
  publicRoute(
    app,
    marketApi.recentListings,
    { summary: 'Recently listed stocks (the IPO list is /m_ft/webull/new/stock, products module)', tags },
    async ({ request }) => service.newStocks(await viewerOf(request)),
  );
  publicRoute(app, marketApi.getStock, { summary: 'Quotes of a list of codes', tags }, async ({ query, request }) =>
    service.quotes(await viewerOf(request), query.codes),
  );
  publicRoute(app, marketApi.search, { summary: 'Search every market by code or name', tags }, async ({ body, request }) =>
    service.search(await viewerOf(request), body),
  );
  registerProductPageRoutes(app, service, viewerOf);

  registerWatchlistRoutes(app, service);
}

/** The markets' status and the product pages of spec §2 (futures by family, Taiwan by sector). */
function registerProductPageRoutes(app: FastifyInstance, service: MarketService, viewerOf: (request: FastifyRequest) => Promise<Viewer>) {
  publicRoute(app, marketApi.markets, { summary: 'Markets with their status and next open', tags }, async ({ body }) =>
    service.markets(body.markets),
  );
  publicRoute(
    app,
    marketApi.futuresFamilies,
    { summary: 'Futures by family: front and next months with roll dates', tags },
    async ({ request }) => service.futuresFamilies(await viewerOf(request)),
  );
  publicRoute(app, marketApi.taiwanBoard, { summary: 'TWSE status, hours and stocks by sector', tags }, async ({ request }) =>
    service.taiwanBoard(await viewerOf(request)),
  );
}

/** The order book (five levels a side, simulated behind the feed's best) and the tape of recent trades. */
function registerDepthRoute(app: FastifyInstance, service: MarketService) {
  publicRoute(
    app,
    marketApi.depth,
    { summary: 'Order book of five levels (simulated behind the best) and recent trades', tags },
    async ({ query }) => service.depth(query.stockCode, query.market),
  );
}

/** Each instrument's logo, drawn from its code (a day in caches). */
function registerLogoRoute(app: FastifyInstance, catalog: Catalog) {
  app.get<{ Params: { file: string } }>('/m_ft/logo/:file', { schema: { hide: true } }, async (request, reply) => {
    const code = decodeURIComponent(request.params.file)
      .replace(/\.svg$/i, '')
      .toUpperCase();
    const instrument = catalog.byCode.get(code);
    if (!instrument) return sendError(reply, 'INSTRUMENT_UNKNOWN', { code });
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(logoSvg(instrument));
  });
}

/** The K-line of one instrument, answered from its kept serialised body when it has not changed. */
function registerKlineRoute(app: FastifyInstance, service: MarketService) {
  // The quote page's other live panel, the order book and tape, is registered beside its chart.
  registerDepthRoute(app, service);
  // K-lines are the heaviest read (a year is 250 candles): the answer is kept serialised until its
  // K-line changes (a new quote), and then only its changed candles are serialised again.
  const klineBodies = createKlineBodies(successBody<Kline>);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: marketApi.kline.path,
    schema: {
      summary: 'K-line of one instrument: 1D, 1W, 1M, 3M or 1Y',
      tags,
      querystring: marketApi.kline.query,
      response: { 200: envelopeOf(marketApi.kline.data) },
    },
    // Not an async function: a K-line in memory (the usual case) is sent at once, with no promise made
    // for it by the handler or by Fastify; otherwise the answer waits for the database.
    handler: (request, reply) => {
      const { stockCode, type, market } = request.query;
      // Already the envelope, serialised: Fastify sends bytes as they are.
      const send = (kline: Kline) => {
        reply.type('application/json; charset=utf-8').send(klineBodies.bodyOf(kline, request.locale) as never);
      };
      const ready = service.klineNow(stockCode, type, market);
      if (ready) return send(ready);
      return service.kline(stockCode, type, market).then(send);
    },
  });
}

/** The user's watchlist. */
function registerWatchlistRoutes(app: FastifyInstance, service: MarketService) {
  userRoute(app, watchlistApi.list, { summary: "The user's watchlist with live quotes", tags: watchTags }, ({ principal }) =>
    service.watchlist(Number(principal.userId)),
  );
  userRoute(app, watchlistApi.save, { summary: 'Add an instrument to the watchlist', tags: watchTags }, ({ principal, body }) =>
    service.saveToWatchlist(Number(principal.userId), body),
  );
  userRoute(app, watchlistApi.delete, { summary: 'Remove a watchlist row by id', tags: watchTags }, ({ principal, params }) =>
    service.removeFromWatchlist(Number(principal.userId), params.id),
  );
  userRoute(
    app,
    watchlistApi.deleteByStockCode,
    { summary: 'Remove an instrument from the watchlist', tags: watchTags },
    ({ principal, params }) => service.removeCodeFromWatchlist(Number(principal.userId), params.stockCode),
  );
  userRoute(app, watchlistApi.sort, { summary: 'Reorder the watchlist', tags: watchTags }, ({ principal, body }) =>
    service.sortWatchlist(Number(principal.userId), body.ids),
  );
}
