import { isBlockUnderlyingSource } from '@bolsa/contracts';
import { defineModule } from '../../platform/module.ts';
import { auth } from '../auth/index.ts';
import { funding } from '../funding/index.ts';
import { kyc } from '../kyc/index.ts';
import { market } from '../market/index.ts';
import { messages } from '../messages/index.ts';
import { trading } from '../trading/index.ts';
import { createBlockTradeOperations, registerBlockTradeOperatorRoutes } from './blocktrade.operator.ts';
import { createBlockOrders } from './blocktrade.orders.ts';
import { createBlockPermissions } from './blocktrade.permission.ts';
import { registerBlockTradeRoutes } from './blocktrade.routes.ts';
import { seedBlockInstruments } from './blocktrade.seed.ts';

export type { BlockOrders } from './blocktrade.orders.ts';
export type { BlockPermissions } from './blocktrade.permission.ts';

/**
 * Block trades (issue 19): the reviewed permission, eligible instruments with their block sizes and
 * bands, quotes and their one-transaction fills through trading's public surface, and the operators'
 * console routes.
 */
export const blocktrade = defineModule({
  name: 'blocktrade',
  needs: [auth, messages, kyc, market, trading, funding],
  create({ platform: { database, now }, needs }) {
    const db = database.db;
    const emailsByUserId = (userIds: number[]) => needs.auth.auth.emailsByUserId(userIds);
    const blocks = needs.trading.service.blocks;
    const permissions = createBlockPermissions({
      db,
      now,
      notify: needs.messages.notify,
      isIdentityVerified: (userId) => needs.kyc.service.isVerified(userId),
      accountValueUsd: async (userId) =>
        (await needs.funding.wallet.overview({ userId: String(userId), sessionId: '' })).assets.totalAssetsUsd,
      filledOrderCount: (userId) => blocks.filledOrderCount(userId),
      emailsByUserId,
    });
    const orders = createBlockOrders({ db, now, blocks, permissions, emailsByUserId });
    const catalog = needs.market.catalog;
    const operations = createBlockTradeOperations(db, {
      permissions,
      orders,
      instrumentOf: (code) => catalog.byCode.get(code),
      isBlockSource: isBlockUnderlyingSource,
    });
    return { permissions, orders, operations, catalog };
  },
  userRoutes: (web, { permissions, orders }) => registerBlockTradeRoutes(web, permissions, orders),
  operatorRoutes: (operatorApi, { operations }) => registerBlockTradeOperatorRoutes(operatorApi, operations),
  seed: ({ catalog }, { platform }) => seedBlockInstruments(platform.database.db, (code) => catalog.byCode.has(code)),
});
