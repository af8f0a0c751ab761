import { offeringPublishReview, operatorOfferingsApi, productsApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { operatorRoute, publicRoute, userRoute } from '../../platform/http/index.ts';
import { registerReviewRoutes } from '../../platform/review/index.ts';
import type { OfferingsOperator } from './products.operator.ts';
import type { ProductsService } from './products.service.ts';

/** New shares under /web: the IPO lists and detail (public), applying, and the user's subscriptions. */
export function registerProductsRoutes(app: FastifyInstance, products: ProductsService) {
  const tags = ['products'];
  publicRoute(app, productsApi.newStock, { summary: 'IPOs: upcoming, open and closed', tags }, ({ query }) => products.list(query.type));
  publicRoute(app, productsApi.newStockDetail, { summary: 'One IPO with its rule, dates and demand', tags }, ({ query }) =>
    products.detail(query.id),
  );
  publicRoute(app, productsApi.allotmentResult, { summary: 'The published allotment of an IPO, with its seed', tags }, ({ query }) =>
    products.result(query.id),
  );
  userRoute(
    app,
    productsApi.create,
    { summary: 'Apply for an IPO in whole lots; the amount and fee are held', tags },
    ({ principal, body }) => products.apply(principal, body, 'ipo'),
  );
  userRoute(app, productsApi.fullNum, { summary: 'The largest affordable application to an IPO', tags }, ({ principal, body }) =>
    products.fullNum(principal, body.offeringId),
  );
  userRoute(app, productsApi.subscriptions, { summary: "The user's IPO subscriptions and their states", tags }, ({ principal }) =>
    products.subscriptions(principal),
  );
  userRoute(app, productsApi.subscriptionPage, { summary: "The user's IPO applications, a page at a time", tags }, ({ principal, body }) =>
    products.subscriptionPage(principal, body),
  );
  registerPlacingRoutes(app, products);
}

/** Placings (issue 18 §3: the sale lists, the window, applying, the records, what is sellable now) and rights issues (§4) under /web. */
function registerPlacingRoutes(app: FastifyInstance, products: ProductsService) {
  const tags = ['products'];
  publicRoute(app, productsApi.placingSaleList, { summary: 'Placings: upcoming, open and closed', tags }, ({ body }) =>
    products.list(body.type, 'placing'),
  );
  publicRoute(app, productsApi.placingMarketList, { summary: 'Placings open for applications now', tags }, () =>
    products.list('open', 'placing'),
  );
  publicRoute(app, productsApi.placingSaleTime, { summary: "A placing's sale window and market date", tags }, ({ body }) =>
    products.saleTime(body.offeringId),
  );
  userRoute(
    app,
    productsApi.placingCreate,
    { summary: 'Apply for placed shares in whole lots; the amount and fee are held', tags },
    ({ principal, body }) => products.apply(principal, body, 'placing'),
  );
  userRoute(app, productsApi.placingSubscriptions, { summary: "The user's placing applications", tags }, ({ principal }) =>
    products.subscriptions(principal, 'placing'),
  );
  userRoute(
    app,
    productsApi.placingFlatCount,
    { summary: 'Of a stock held, what placings lock and what can be sold now', tags },
    ({ principal, body }) => products.placedHolding(principal, body.code),
  );
  userRoute(app, productsApi.rights, { summary: "The user's rights issues: rights credited, exercised or lapsed", tags }, ({ principal }) =>
    products.rights(principal),
  );
  userRoute(
    app,
    productsApi.rightsExercise,
    { summary: 'Exercise all or part of the rights of a rights issue; the price and fee are held', tags },
    ({ principal, body }) => products.apply(principal, body, 'rights'),
  );
}

/** Offerings under /admin/api: list, create and edit, publish (four eyes), the book, the allotment preview and run. */
export function registerProductsOperatorRoutes(app: FastifyInstance, offerings: OfferingsOperator) {
  const tags = ['operator'];
  operatorRoute(app, operatorOfferingsApi.list, { summary: 'Every offering, newest first', tags }, ({ operator }) =>
    offerings.list(operator),
  );
  operatorRoute(
    app,
    operatorOfferingsApi.create,
    { summary: 'Create an offering (published by another operator)', tags },
    ({ operator, body, request }) => offerings.create(operator, { ipAddress: request.ip }, body),
  );
  operatorRoute(
    app,
    operatorOfferingsApi.update,
    { summary: 'Edit an offering waiting for publication', tags },
    ({ operator, params, body, request }) => offerings.update(operator, { ipAddress: request.ip }, params.id, body),
  );
  operatorRoute(app, operatorOfferingsApi.book, { summary: "An offering's live subscription book", tags }, ({ operator, params }) =>
    offerings.book(operator, params.id),
  );
  operatorRoute(
    app,
    operatorOfferingsApi.preview,
    { summary: "An offering's allotment, previewed as totals", tags },
    ({ operator, params }) => offerings.preview(operator, params.id),
  );
  operatorRoute(
    app,
    operatorOfferingsApi.allot,
    { summary: 'Run the allotment of a closed offering now', tags },
    ({ operator, params, request }) => offerings.allot(operator, { ipAddress: request.ip }, params.id),
  );
  registerReviewRoutes(app, offeringPublishReview, offerings.review, {
    queue: 'Offerings waiting for a second operator to publish them',
    approve: 'Publish an offering: its rule and seed hash become public',
    reject: 'Refuse to publish an offering, with a reason',
  });
}
