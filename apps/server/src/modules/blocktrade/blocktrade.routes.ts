import { blockTradeApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { userRoute } from '../../platform/http/index.ts';
import type { BlockOrders } from './blocktrade.orders.ts';
import type { BlockPermissions } from './blocktrade.permission.ts';

/** The user's block-trading calls under /web (spec §7 POST /blockTrade/create, and what its page needs). */
export function registerBlockTradeRoutes(app: FastifyInstance, permissions: BlockPermissions, orders: BlockOrders) {
  const tags = ['blockTrade'];
  userRoute(app, blockTradeApi.permission, { summary: 'The block-trading permission and its requirements', tags }, ({ principal }) =>
    permissions.state(principal),
  );
  userRoute(app, blockTradeApi.apply, { summary: 'Apply for block trading with the questionnaire', tags }, ({ principal, body }) =>
    permissions.apply(principal, body),
  );
  userRoute(app, blockTradeApi.instruments, { summary: "Block-eligible instruments, block sizes and today's bands", tags }, () =>
    orders.instruments(),
  );
  userRoute(app, blockTradeApi.quote, { summary: 'A block quote held for 10 seconds', tags }, ({ principal, body }) =>
    orders.quote(principal, body),
  );
  userRoute(
    app,
    blockTradeApi.create,
    { summary: 'Accept a block quote: one order filled in full at its price', tags },
    ({ principal, body }) => orders.create(principal, body),
  );
  userRoute(app, blockTradeApi.orders, { summary: 'Block orders with their post-trade reports', tags }, ({ principal, body }) =>
    orders.orders(principal, body),
  );
}
