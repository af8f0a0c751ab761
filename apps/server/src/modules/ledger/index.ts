import { defineModule } from '../../platform/module.ts';
import { registerLedgerOperatorRoutes } from './ledger.operator.ts';
import { createLedgerService } from './ledger.service.ts';

export { defaultGroupCommitOptions, type GroupCommitOptions } from './ledger.group-commit.ts';
export {
  type AccountRef,
  createLedgerService,
  type HoldResolution,
  type LedgerService,
  type Leg,
  type Movement,
  type ReconciliationReport,
  SYSTEM_ACCOUNT_SHARDS,
  type SystemAccount,
  systemAccounts,
  toMoney,
} from './ledger.service.ts';

/** The double-entry ledger: every balance movement of the platform. Its operator routes: reconciliation. */
export const ledger = defineModule({
  name: 'ledger',
  needs: [],
  create: ({ platform: { database, bus, logger } }) => createLedgerService({ db: database.db, bus, logger }),
  operatorRoutes: (operatorApi, ledger) => registerLedgerOperatorRoutes(operatorApi, ledger),
  jobs: (ledger) => [ledger.reconciliationJob],
});
