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
