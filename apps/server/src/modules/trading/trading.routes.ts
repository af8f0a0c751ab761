import { holdingApi, leverageApi, tradingApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { userRoute } from '../../platform/http/index.ts';
import type { TradingService } from './trading.service.ts';

const firstPage = { pageNum: 1, pageSize: 20 };

export function registerTradingRoutes(app: FastifyInstance, trading: TradingService) {
  const tags = ['trading'];
  userRoute(app, tradingApi.createStock, { summary: 'Place a US (source 0) or Argentine (ARG) stock order', tags }, ({ principal, body }) =>
    trading.create(principal, 'stock', { ...body, code: body.stockCode }),
  );
  userRoute(app, tradingApi.createTwStock, { summary: 'Place a Taiwan stock order (source 7)', tags }, ({ principal, body }) =>
    trading.create(principal, 'twStock', { ...body, code: body.stockCode }),
  );
  userRoute(app, tradingApi.createGold, { summary: 'Place a futures order (source 3)', tags }, ({ principal, body }) =>
    trading.create(principal, 'gold', { ...body, code: body.goldCode }),
  );
  userRoute(app, tradingApi.createForex, { summary: 'Place a forex order (source 2)', tags }, ({ principal, body }) =>
    trading.create(principal, 'forex', { ...body, code: body.stockCode }),
  );
  userRoute(
    app,
    holdingApi.holding,
    { summary: 'What the user holds of a stock and may sell; whether a short is offered', tags },
    ({ principal, body }) => trading.holding(principal, body.stockCode),
  );
  userRoute(
    app,
    leverageApi.acknowledgement,
    { summary: 'Whether the user answered the leverage check and read the risk disclosure', tags },
    ({ principal }) => trading.leverageAcknowledgement(principal),
  );
  userRoute(
    app,
    leverageApi.acknowledge,
    { summary: 'Record the answers of the leverage check and the acceptance of the risk disclosure', tags },
    ({ principal, body }) => trading.acknowledgeLeverage(principal, body),
  );
  userRoute(app, tradingApi.minCount, { summary: 'Minimum quantity, lot, tick, leverage and fee of an instrument', tags }, ({ body }) =>
    trading.minCount(body.stockCode),
  );
  userRoute(app, tradingApi.positions, { summary: 'Open positions, P&L and weights', tags }, ({ principal, body }) =>
    trading.positions(principal, { ...firstPage, ...body, isOpen: true }),
  );
  userRoute(app, tradingApi.positionsByStock, { summary: 'Open positions in one instrument', tags }, ({ principal, body }) =>
    trading.positionsByStock(principal, body.stockCode, body.timeZone),
  );
  userRoute(app, tradingApi.closedPositions, { summary: 'Closed positions, newest first', tags }, ({ principal, body }) =>
    trading.positions(principal, { ...firstPage, ...body, isOpen: false }),
  );
  userRoute(app, tradingApi.entrustedOrders, { summary: 'Orders in progress (entrusted)', tags }, ({ principal, body }) =>
    trading.orders(principal, { ...firstPage, ...body, isInProgress: true }),
  );
  userRoute(app, tradingApi.orderHistory, { summary: 'Every order, newest first', tags }, ({ principal, body }) =>
    trading.orders(principal, { ...firstPage, ...body, isInProgress: false }),
  );
  userRoute(app, tradingApi.halfOrFull, { summary: 'Half and full closable quantity of a position', tags }, ({ principal, body }) =>
    trading.halfOrFull(principal, body.id),
  );
  userRoute(app, tradingApi.closePosition, { summary: 'Close all or part of a position at the market', tags }, ({ principal, body }) =>
    trading.closePosition(principal, body),
  );
  userRoute(
    app,
    tradingApi.addMargin,
    { summary: "Add money from the market's wallet to a position's margin", tags },
    ({ principal, body }) => trading.addMargin(principal, body),
  );
  userRoute(
    app,
    tradingApi.updateTakeProfitStopLoss,
    { summary: 'Set or remove the take-profit and stop-loss of an open position', tags },
    ({ principal, body }) => trading.updateTakeProfitStopLoss(principal, body),
  );
  userRoute(app, tradingApi.orderDetail, { summary: 'One order with its fill', tags }, ({ principal, body }) =>
    trading.orderDetail(principal, body.orderId),
  );
  userRoute(
    app,
    tradingApi.cancelOrder,
    { summary: 'Cancel an order in progress; its reserved money is released', tags },
    ({ principal, body }) => trading.cancel(principal, body.orderId),
  );
}
