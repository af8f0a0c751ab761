import { operatorDashboardApi } from '@bolsa/contracts';
import { operatorRoute } from '../../platform/http/index.ts';
import { defineModule, type ModuleContext } from '../../platform/module.ts';
import { auth } from '../auth/index.ts';
import { blocktrade } from '../blocktrade/index.ts';
import { funding } from '../funding/index.ts';
import { kyc } from '../kyc/index.ts';
import { ledger } from '../ledger/index.ts';
import { messages } from '../messages/index.ts';
import { referral } from '../referral/index.ts';
import { trading } from '../trading/index.ts';
import { registerAdminRoutes } from './admin.routes.ts';
import { createAdminService } from './admin.service.ts';
import { createAdminUsersService } from './admin-users.service.ts';
import { createDashboardService } from './dashboard.service.ts';
import { registerOperatorAccountRoutes } from './operator-accounts.routes.ts';
import { createOperatorAccountsService } from './operator-accounts.service.ts';
import { registerOperatorOpsRoutes } from './operator-ops.routes.ts';

export { registerAdminRoutes, registerOperatorAuthentication } from './admin.routes.ts';
export { type AdminService, createAdminService } from './admin.service.ts';
export { type AdminUsersService, createAdminUsersService } from './admin-users.service.ts';
export { registerOperatorAccountRoutes } from './operator-accounts.routes.ts';
export { createOperatorAccountsService, type OperatorAccountsService } from './operator-accounts.service.ts';
export { registerOperatorOpsRoutes } from './operator-ops.routes.ts';

/** The demo's operator, so the console can be tried at once; only with demo data and no ADMIN_EMAIL. */
export const DEMO_OPERATOR = { email: 'ops@bolsa.app', password: 'bolsa-ops-demo' } as const;

type AdminOptions = {
  /**
   * The clock of operator sign-in (TOTP steps, session expiry). Real time, never the simulated `now`:
   * authenticator apps run on real time. Tests move it to step past a used code.
   */
  operatorClock?: () => Date;
};
const needed = [auth, messages, kyc, ledger, trading, funding, blocktrade, referral] as const;

/**
 * The operator console's own API: operators, their sessions and TOTP, the audit search, the user read
 * model and the dev outbox. Each domain registers its own operator routes (reviews in kyc and funding,
 * content, instruments in trading, reconciliation in ledger, files in uploads, messages in messages).
 */
export const admin = defineModule({
  name: 'admin',
  needs: needed,
  create({ platform, needs, options }: ModuleContext<typeof needed, AdminOptions>) {
    const { db } = platform.database;
    const { auth, restrictions } = needs.auth;
    const { ledger, messages } = needs;
    const kyc = needs.kyc.service;
    const trading = needs.trading.service;
    const mailer = platform.mailer;
    return {
      admin: createAdminService({ db, mailer }),
      operatorAccounts: createOperatorAccountsService({ db, loginThrottle: auth.loginThrottle, now: options.operatorClock }),
      users: createAdminUsersService({ db, restrictions, kyc, ledger, trading, messages }),
      dashboard: createDashboardService({
        auth,
        kyc,
        blockPermissions: needs.blocktrade.permissions,
        ledger,
        funding: needs.funding.daySummary,
        referrals: needs.referral.operations,
        now: platform.now,
      }),
    };
  },
  operatorRoutes(operatorApi, { admin, operatorAccounts, users, dashboard }) {
    operatorRoute(
      operatorApi,
      operatorDashboardApi.summary,
      { summary: 'What an operator starts the day with', tags: ['operator'] },
      ({ operator }) => dashboard.summary(operator),
    );
    registerAdminRoutes(operatorApi, admin);
    registerOperatorAccountRoutes(operatorApi, operatorAccounts);
    registerOperatorOpsRoutes(operatorApi, { users });
  },
  async seed({ admin }, { platform: { config } }) {
    if (config.adminEmail && config.adminPassword) await admin.ensureBootstrapOperator(config.adminEmail, config.adminPassword);
    if (config.isDemoDataEnabled && !config.adminEmail) await admin.ensureBootstrapOperator(DEMO_OPERATOR.email, DEMO_OPERATOR.password);
  },
});
