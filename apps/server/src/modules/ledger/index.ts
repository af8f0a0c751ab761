import { defineModule } from '../../platform/module.ts';
import { createLedgerService } from './ledger.service.ts';

export { defaultGroupCommitOptions, type GroupCommitOptions } from './ledger.group-commit.ts';
export {
  type AccountRef,
  createLedgerService,
  type LedgerService,
  type Leg,
  type Movement,
  type ReconciliationReport,
  SYSTEM_ACCOUNT_SHARDS,
  type SystemAccount,
  systemAccounts,
  toMoney,
} from './ledger.service.ts';

/** The double-entry ledger: every balance movement of the platform. No routes of its own. */
export const ledger = defineModule({
  name: 'ledger',
  needs: [],
  create: ({ platform: { database, logger } }) => createLedgerService({ db: database.db, logger }),
  jobs: (ledger) => [ledger.reconciliationJob],
});
