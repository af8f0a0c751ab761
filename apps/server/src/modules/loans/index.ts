import type { Executor } from '../../platform/db/index.ts';
import { defineModule } from '../../platform/module.ts';
import { auth, findUsers } from '../auth/index.ts';
import { kyc, latestSubmissionsOf } from '../kyc/index.ts';
import { ledger } from '../ledger/index.ts';
import { messages } from '../messages/index.ts';
import { createLoansOperations, registerLoansOperatorRoutes, seedLoanProducts } from './loans.operator.ts';
import { registerLoansRoutes } from './loans.routes.ts';
import { createLoansService } from './loans.service.ts';

export type { LoansOperations } from './loans.operator.ts';
export { createLoansService, type LoansService } from './loans.service.ts';

/** A user's account as auth's directory answers it, on the caller's executor. */
async function accountOf(executor: Executor, userId: number) {
  return (await findUsers(executor, { userId, text: '', pattern: '', alsoUserIds: [], limit: 1, offset: 0 })).rows[0];
}

/** Loans (issue 21): terms before anything, applications reviewed by operators, daily interest, repayment. */
export const loans = defineModule({
  name: 'loans',
  needs: [auth, messages, kyc, ledger],
  create({ platform: { database, now }, needs }) {
    const { db } = database;
    const service = createLoansService({
      db,
      ledger: needs.ledger,
      notify: needs.messages.notify,
      now,
      facts: {
        isVerified: async (executor, userId) => (await latestSubmissionsOf(executor, [userId])).get(userId)?.status === 'verified',
        async accountCreatedAt(executor, userId) {
          const createdAt = (await accountOf(executor, userId))?.createdAt;
          return createdAt === undefined ? undefined : new Date(createdAt);
        },
        depositsCredited: (executor, userId) => needs.ledger.creditsOfReason(executor, userId, 'deposit'),
      },
    });
    const operations = createLoansOperations(service.dependencies, async (executor, userIds) => {
      const accounts = await Promise.all(userIds.map((userId) => accountOf(executor, userId)));
      return new Map(accounts.flatMap((account) => (account ? [[Number(account.id), account.email] as const] : [])));
    });
    return { service, operations };
  },
  userRoutes: (web, { service }) => registerLoansRoutes(web, service),
  operatorRoutes: (operatorApi, { operations }) => registerLoansOperatorRoutes(operatorApi, operations),
  jobs: ({ service }) => [service.accrualJob],
  seed: (_services, { platform }) => seedLoanProducts(platform.database.db),
});
