import type { SupportContext } from '@bolsa/contracts';
import { defineModule } from '../../platform/module.ts';
import { userEventsTopic } from '../../platform/notifications.ts';
import { admin } from '../admin/index.ts';
import { auth, findUsers } from '../auth/index.ts';
import { funding } from '../funding/index.ts';
import { kyc } from '../kyc/index.ts';
import { messages } from '../messages/index.ts';
import { trading } from '../trading/index.ts';
import { uploads } from '../uploads/index.ts';
import { createSupportOperations, registerSupportOperatorRoutes } from './support.operator.ts';
import { registerSupportRoutes } from './support.routes.ts';
import { seedCannedReplies } from './support.seed.ts';
import { createSupportService } from './support.service.ts';
import { registerSupportSocket } from './support.socket.ts';

export type { SupportOperations } from './support.operator.ts';
export { conversationTopic, createSupportService, type SupportService, supportQueueTopic } from './support.service.ts';

const RECENT_ROWS = 5;
const needed = [auth, uploads, kyc, trading, funding, admin, messages] as const;

/**
 * Support chat (issue 23 §1): a conversation per user or visitor's device, live over its own socket,
 * stored; the agent console's queue, replies (held back when they name payment details), notes,
 * closing with a rating, and the user's context beside the chat, read from kyc, funding and trading.
 */
export const support = defineModule({
  name: 'support',
  needs: needed,
  create({ platform: { database, bus, logger }, needs }) {
    const { db } = database;
    const service = createSupportService({
      db,
      bus,
      isOwnImage: async (userId, imageUrl) => (await needs.uploads.readOwned(userId, imageUrl)) !== undefined,
      tellUser: (userId, messageId) => void bus.publish(userEventsTopic(userId), { type: 'support', data: { id: messageId } }),
      notifyUser: (executor, userId) => needs.messages.notify(executor, userId, 'supportReplied', {}),
    });
    const principalOf = (userId: number) => ({ userId: String(userId), sessionId: '' });
    const operations = createSupportOperations(service, {
      warn: (details, message) => logger.warn(details, message),
      storeImage: (operatorId, bytes) => needs.uploads.storeForOperator(operatorId, bytes),
      async userEmailsOf(executor, userIds) {
        // One after another on the caller's executor (a transaction has one connection).
        const rows = [];
        for (const userId of userIds) {
          rows.push((await findUsers(executor, { userId, text: '', pattern: '', alsoUserIds: [], limit: 1, offset: 0 })).rows[0]);
        }
        return new Map(rows.flatMap((row) => (row ? [[Number(row.id), row.email] as const] : [])));
      },
      async contextOf(userId): Promise<SupportContext> {
        const page = { pageNum: 1, pageSize: RECENT_ROWS };
        const [identity, deposits, withdrawals, orders] = await Promise.all([
          needs.kyc.service.stateOfUser(userId),
          needs.funding.deposits.list(principalOf(userId), page),
          needs.funding.withdrawals.list(principalOf(userId), page),
          needs.trading.service.orders(principalOf(userId), { isInProgress: true, pageNum: 1, pageSize: RECENT_ROWS }),
        ]);
        return {
          identity: {
            status: identity.status,
            name: identity.firstName === null ? null : `${identity.firstName} ${identity.lastName ?? ''}`.trim(),
          },
          deposits: deposits.list.map((row) => ({
            id: row.id,
            amount: row.amount,
            currency: row.currency,
            status: row.status,
            createTimeTimestamp: row.createTimeTimestamp,
          })),
          withdrawals: withdrawals.list.map((row) => ({
            id: row.id,
            amount: row.amount,
            currency: row.currency,
            status: row.status,
            createTimeTimestamp: row.createTimeTimestamp,
          })),
          openOrders: orders.list.map((row) => ({
            id: row.id,
            code: row.stockCode,
            quantity: row.quantity,
            status: String(row.status),
            createTimeTimestamp: row.createTimeTimestamp,
          })),
        };
      },
    });
    return { service, operations };
  },
  userRoutes(web, { service }, { platform: { bus }, needs }) {
    const authenticate = async (token: string | undefined) => (token ? needs.auth.auth.authenticate(token) : undefined);
    registerSupportRoutes(web, service, authenticate, (url) => needs.uploads.readOwned('operator', url));
    registerSupportSocket(web, {
      service,
      bus,
      authenticateUser: authenticate,
      authenticateOperator: (token) => needs.admin.admin.authenticate(token),
    });
  },
  operatorRoutes: (operatorApi, { operations }, { platform: { config } }) =>
    registerSupportOperatorRoutes(operatorApi, operations, { sizeMaxBytes: config.uploadSizeMaxBytes }),
  seed: (_services, { platform }) => seedCannedReplies(platform.database.db),
});
