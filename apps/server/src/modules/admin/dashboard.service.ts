import { type OperatorDashboard, type OperatorPermission, roleHasPermission } from '@bolsa/contracts';
import type { OperatorPrincipal } from '../../platform/http/index.ts';
import { requirePermission } from '../../platform/operators/index.ts';
import type { AuthService } from '../auth/index.ts';
import type { BlockPermissions } from '../blocktrade/index.ts';
import type { FundingDaySummary, PendingQueue } from '../funding/index.ts';
import type { KycService } from '../kyc/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { ReferralOperations } from '../referral/index.ts';

/** The start of today in UTC: the dashboard's "today". */
const startOfUtcDay = (moment: Date) => new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));

/**
 * What an operator starts the day with (issue 15 §12). Every operator may open it; each section is
 * filled only when the operator's role grants the permission that reads it elsewhere, null otherwise.
 */
export function createDashboardService(dependencies: {
  auth: AuthService;
  kyc: KycService;
  blockPermissions: Pick<BlockPermissions, 'pendingSummary'>;
  ledger: LedgerService;
  funding: FundingDaySummary;
  referrals: Pick<ReferralOperations, 'pendingSummary'>;
  now: () => Date;
}) {
  const { auth, kyc, blockPermissions, ledger, funding, referrals, now } = dependencies;
  return {
    async summary(operator: OperatorPrincipal): Promise<OperatorDashboard> {
      requirePermission(operator, 'account.security');
      const may = (permission: OperatorPermission) => roleHasPermission(operator.role, permission);
      const since = startOfUtcDay(now());
      const [kycQueue, blockQueue, referralQueue, fundingQueues, today, newUsers, runs] = await Promise.all([
        may('reviews.kyc') ? kyc.pendingSummary() : undefined,
        may('blocktrade.review') ? blockPermissions.pendingSummary() : undefined,
        may('reviews.referrals') ? referrals.pendingSummary() : undefined,
        funding.pendingQueues(),
        funding.since(since),
        may('users.read') ? auth.countRegisteredSince(since) : null,
        may('ledger.reconcile') ? ledger.recentReconciliations(1) : [],
      ]);
      const queues: OperatorDashboard['queues'] = [];
      const add = (queue: OperatorDashboard['queues'][number]['queue'], summary: PendingQueue | undefined) => {
        if (summary) queues.push({ queue, ...summary });
      };
      add('kyc', kycQueue);
      add('deposits', may('reviews.deposits') ? fundingQueues.deposits : undefined);
      add('withdrawals', may('reviews.withdrawals') ? fundingQueues.withdrawals : undefined);
      add('adjustments', may('adjustments.request') ? fundingQueues.adjustments : undefined);
      add('blockApplications', blockQueue);
      add('referrals', referralQueue);
      const last = runs[0];
      return {
        dayStartTimestamp: since.getTime(),
        queues,
        newUsers,
        deposits: may('reviews.deposits') ? today.deposits : null,
        withdrawals: may('reviews.withdrawals') ? today.withdrawals : null,
        reconciliation: last ? { checkedAtTimestamp: last.checkedAtTimestamp, isBalanced: last.isBalanced } : null,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
